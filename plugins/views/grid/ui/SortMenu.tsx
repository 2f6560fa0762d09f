// The toolbar's Sort button (with the number of sorts): the view's sorts in order, each
// changed or removed in place, and a field to sort by next.
import { Button, HTMLSelect, PopoverNext, Tag } from "@blueprintjs/core";
import { FormattedMessage, useIntl } from "react-intl";
import { toast as notify, type FieldInfo } from "@workbench/plugin-api";
import { SortEditor } from "./FilterEditor";
import { errorText, viewApi, type ViewSort } from "./viewApi";

export function SortMenu({ tableId, viewId, columns, sorts }: { tableId: string; viewId: string; columns: FieldInfo[]; sorts: ViewSort[] }) {
  const intl = useIntl();
  const [addSort] = viewApi().useAddSortMutation();
  const [removeSort] = viewApi().useRemoveSortMutation();
  const add = async (columnId: string) => {
    const result = await addSort({ viewId, tableId, columnId, direction: "asc" });
    if ("error" in result) notify(errorText(result.error), "danger");
  };
  const unsorted = columns.filter((c) => !sorts.some((s) => s.fk_column_id === c.id));
  const content = (
    <div className="wb-sort-menu" data-testid="sort-menu">
      {sorts.length === 0 && <div className="bp6-text-muted">{intl.formatMessage({ id: "plugin.view_grid.sort.none" })}</div>}
      {sorts.map((s) => (
        <div key={s.id} className="wb-group-level" data-testid="sort-level">
          <SortEditor tableId={tableId} viewId={viewId} columns={columns} sort={s} />
          <Button
            variant="minimal"
            icon="cross"
            aria-label={intl.formatMessage({ id: "plugin.view_grid.sort.remove" })}
            onClick={() => void removeSort({ viewId, tableId, sortId: s.id })}
            data-testid="sort-remove"
          />
        </div>
      ))}
      {unsorted.length > 0 && (
        <HTMLSelect value="" onChange={(e) => e.currentTarget.value && void add(e.currentTarget.value)} data-testid="sort-add">
          <option value="">{intl.formatMessage({ id: "plugin.view_grid.sort.pick" })}</option>
          {unsorted.map((c) => <option key={c.id} value={c.id}>{c.title}</option>)}
        </HTMLSelect>
      )}
    </div>
  );
  return (
    <PopoverNext content={content} placement="bottom-start">
      <Button icon="sort" variant="minimal" active={sorts.length > 0} data-testid="sort-button">
        <FormattedMessage id="plugin.view_grid.sort.title" />
        {sorts.length > 0 && <Tag round minimal className="wb-tool-count" data-testid="sort-count">{sorts.length}</Tag>}
      </Button>
    </PopoverNext>
  );
}
