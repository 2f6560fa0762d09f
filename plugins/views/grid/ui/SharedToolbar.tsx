// The grid of a shared view: read-only, with a visitor's own sort and filters (never saved)
// and the CSV download when the link allows it.
import { Button, HTMLSelect, InputGroup, Tag } from "@blueprintjs/core";
import { useMemo, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { toast as notify, useDownloadSharedCsv, type ViewProps } from "@workbench/plugin-api";
import { opLabel, opOption } from "./FilterEditor";
import { Grid } from "./Grid";

const TEMP_FILTER_OPS = ["like", "eq", "neq", "nlike", "blank", "notblank"] as const;
const NO_VALUE = ["blank", "notblank"];

interface TempFilter {
  columnId: string;
  op: string;
  value: string;
}

/** The visitor's own filter conditions as NocoDB's filterArrJson (all joined by "and"). */
export function tempFilterJson(filters: readonly TempFilter[]): string | undefined {
  if (filters.length === 0) return undefined;
  return JSON.stringify(
    filters.map((f) => ({
      fk_column_id: f.columnId,
      comparison_op: f.op,
      value: NO_VALUE.includes(f.op) ? null : f.value,
      logical_op: "and",
    })),
  );
}

/** The grid, read-only, with a temporary sort and filters (never saved) and the CSV download when allowed. */
export function SharedGrid({ view, table, source, settings }: ViewProps) {
  const intl = useIntl();
  const downloadCsv = useDownloadSharedCsv();
  const link = source.shared!;
  const [sort, setSort] = useState<{ columnId: string; direction: "asc" | "desc" } | null>(null);
  const [filters, setFilters] = useState<TempFilter[]>([]);
  const [draft, setDraft] = useState<TempFilter>({ columnId: "", op: "like", value: "" });
  const allowCsv = !!view.meta?.allowCSVDownload;
  const shared = useMemo(
    () => ({
      ...link,
      sortArrJson: sort ? JSON.stringify([{ fk_column_id: sort.columnId, direction: sort.direction }]) : undefined,
      filterArrJson: tempFilterJson(filters),
    }),
    [link, sort, filters],
  );
  const columns = table.columns.filter((c) => !c.system && !c.pk);
  const title = (id: string) => columns.find((c) => c.id === id)?.title ?? id;
  const uidtOf = (id: string) => columns.find((c) => c.id === id)?.uidt;
  const draftColumn = draft.columnId || columns[0]?.id || "";
  const addFilter = () => {
    if (!draftColumn || (!NO_VALUE.includes(draft.op) && draft.value === "")) return;
    setFilters([...filters, { ...draft, columnId: draftColumn }]);
    setDraft({ ...draft, value: "" });
  };
  const download = () => downloadCsv(shared, view.title).catch((e) => notify(String(e.message ?? e), "danger"));
  return (
    <div data-testid="shared-grid">
      <div className="wb-shared-toolbar">
        <HTMLSelect
          minimal
          value={sort ? `${sort.columnId}:${sort.direction}` : ""}
          onChange={(e) => {
            const [columnId, direction] = e.currentTarget.value.split(":");
            setSort(columnId ? { columnId, direction: direction as "asc" | "desc" } : null);
          }}
          aria-label={intl.formatMessage({ id: "plugin.view_grid.shared.sort" })}
          data-testid="shared-sort"
        >
          <option value="">{intl.formatMessage({ id: "plugin.view_grid.shared.sort.none" })}</option>
          {columns.flatMap((c) => [
            <option key={`${c.id}:asc`} value={`${c.id}:asc`}>{`${c.title} ↑`}</option>,
            <option key={`${c.id}:desc`} value={`${c.id}:desc`}>{`${c.title} ↓`}</option>,
          ])}
        </HTMLSelect>
        <HTMLSelect
          minimal
          value={draftColumn}
          onChange={(e) => setDraft({ ...draft, columnId: e.currentTarget.value })}
          aria-label={intl.formatMessage({ id: "plugin.view_grid.filter.title" })}
          data-testid="shared-filter-field"
        >
          {columns.map((c) => <option key={c.id} value={c.id}>{c.title}</option>)}
        </HTMLSelect>
        <HTMLSelect minimal value={draft.op} onChange={(e) => setDraft({ ...draft, op: e.currentTarget.value })} data-testid="shared-filter-op">
          {TEMP_FILTER_OPS.map((op) => <option key={op} value={op}>{opOption(intl, op, uidtOf(draftColumn))}</option>)}
        </HTMLSelect>
        {!NO_VALUE.includes(draft.op) && (
          <InputGroup
            small
            value={draft.value}
            placeholder={intl.formatMessage({ id: "plugin.view_grid.filter.value" })}
            onValueChange={(value) => setDraft({ ...draft, value })}
            onKeyDown={(e) => e.key === "Enter" && addFilter()}
            data-testid="shared-filter-value"
          />
        )}
        <Button icon="filter" variant="minimal" onClick={addFilter} data-testid="shared-filter-add">
          <FormattedMessage id="plugin.view_grid.filter.add" />
        </Button>
        {filters.map((f, i) => (
          <Tag key={i} minimal onRemove={() => setFilters(filters.filter((_, j) => j !== i))} data-testid="shared-filter-tag">
            {`${title(f.columnId)} ${opLabel(intl, f.op, uidtOf(f.columnId))}${NO_VALUE.includes(f.op) ? "" : ` ${f.value}`}`}
          </Tag>
        ))}
        {allowCsv && (
          <Button icon="download" variant="minimal" onClick={download} data-testid="shared-download">
            <FormattedMessage id="plugin.view_grid.shared.downloadCsv" />
          </Button>
        )}
      </div>
      <Grid table={table} source={{ ...source, shared }} settings={settings} can={{ editRecords: false, configureView: false, editFields: false }} />
    </div>
  );
}
