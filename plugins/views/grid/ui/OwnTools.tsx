// A reader's own sort and filters, never saved: a shared view's visitor's, and a viewer's
// (who cannot change the view's own), kept in the open tab. They narrow and order the records
// on top of the view's own filters and sorts.
import { Button, HTMLSelect, InputGroup, Tag } from "@blueprintjs/core";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { whereValue, type FieldInfo, type TabFilter, type TabSort } from "@workbench/plugin-api";
import { opLabel, opOption } from "./FilterEditor";

export const OWN_FILTER_OPS = ["like", "eq", "neq", "nlike", "blank", "notblank"] as const;
const NO_VALUE = ["blank", "notblank"];

/** The own filter conditions as NocoDB's filterArrJson (all joined by "and"). */
export function tempFilterJson(filters: readonly TabFilter[]): string | undefined {
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

/** The own sorts as NocoDB's sortArrJson. */
export function tempSortJson(sorts: readonly TabSort[]): string | undefined {
  if (sorts.length === 0) return undefined;
  return JSON.stringify(sorts.map((s) => ({ fk_column_id: s.columnId, direction: s.direction })));
}

/** The own filter conditions as a `where` clause, after `where` (the search) if any;
 * conditions on fields no longer there are left out. */
export function ownWhere(where: string | undefined, filters: readonly TabFilter[], columns: readonly FieldInfo[]): string | undefined {
  const parts = where ? [where] : [];
  for (const f of filters) {
    const column = columns.find((c) => c.id === f.columnId);
    if (!column) continue;
    parts.push(`(${whereValue(column.title)},${f.op}${NO_VALUE.includes(f.op) ? "" : `,${whereValue(f.value)}`})`);
  }
  return parts.length ? parts.join("~and") : undefined;
}

/** The own sorts after `sort` (the grouped fields) as NocoDB's `sort` (field ids). */
export function ownSort(sort: string | undefined, sorts: readonly TabSort[], columns: readonly FieldInfo[]): string | undefined {
  const parts = sort ? [sort] : [];
  for (const s of sorts) if (columns.some((c) => c.id === s.columnId)) parts.push(`${s.direction === "desc" ? "-" : ""}${s.columnId}`);
  return parts.length ? parts.join(",") : undefined;
}

export function OwnTools({ columns, sorts, filters, setSorts, setFilters, testPrefix, sortLabel }: {
  columns: readonly FieldInfo[];
  sorts: readonly TabSort[];
  filters: readonly TabFilter[];
  setSorts(sorts: TabSort[]): void;
  setFilters(filters: TabFilter[]): void;
  /** The test ids' prefix ("shared" in a shared view, "own" for a viewer). */
  testPrefix: string;
  /** The message id of the sort's label. */
  sortLabel: string;
}) {
  const intl = useIntl();
  const [draft, setDraft] = useState<TabFilter>({ columnId: "", op: "like", value: "" });
  const title = (id: string) => columns.find((c) => c.id === id)?.title ?? id;
  const uidtOf = (id: string) => columns.find((c) => c.id === id)?.uidt;
  const draftColumn = draft.columnId || columns[0]?.id || "";
  const sort = sorts[0];
  const addFilter = () => {
    if (!draftColumn || (!NO_VALUE.includes(draft.op) && draft.value === "")) return;
    setFilters([...filters, { ...draft, columnId: draftColumn }]);
    setDraft({ ...draft, value: "" });
  };
  return (
    <>
      <HTMLSelect
        minimal
        value={sort ? `${sort.columnId}:${sort.direction}` : ""}
        onChange={(e) => {
          const [columnId, direction] = e.currentTarget.value.split(":");
          setSorts(columnId ? [{ columnId, direction: direction as "asc" | "desc" }] : []);
        }}
        aria-label={intl.formatMessage({ id: sortLabel })}
        data-testid={`${testPrefix}-sort`}
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
        data-testid={`${testPrefix}-filter-field`}
      >
        {columns.map((c) => <option key={c.id} value={c.id}>{c.title}</option>)}
      </HTMLSelect>
      <HTMLSelect minimal value={draft.op} onChange={(e) => setDraft({ ...draft, op: e.currentTarget.value })} data-testid={`${testPrefix}-filter-op`}>
        {OWN_FILTER_OPS.map((op) => <option key={op} value={op}>{opOption(intl, op, uidtOf(draftColumn))}</option>)}
      </HTMLSelect>
      {!NO_VALUE.includes(draft.op) && (
        <InputGroup
          small
          value={draft.value}
          placeholder={intl.formatMessage({ id: "plugin.view_grid.filter.value" })}
          onValueChange={(value) => setDraft({ ...draft, value })}
          onKeyDown={(e) => e.key === "Enter" && addFilter()}
          data-testid={`${testPrefix}-filter-value`}
        />
      )}
      <Button icon="filter" variant="minimal" onClick={addFilter} data-testid={`${testPrefix}-filter-add`}>
        <FormattedMessage id="plugin.view_grid.filter.add" />
      </Button>
      {filters.map((f, i) => (
        <Tag key={i} minimal onRemove={() => setFilters(filters.filter((_, j) => j !== i))} data-testid={`${testPrefix}-filter-tag`}>
          {`${title(f.columnId)} ${opLabel(intl, f.op, uidtOf(f.columnId))}${NO_VALUE.includes(f.op) ? "" : ` ${f.value}`}`}
        </Tag>
      ))}
    </>
  );
}
