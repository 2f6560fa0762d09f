// The grid's toolbar: search by field, the view's sorts and filters (add a filter), hidden
// fields (show again).
import { Button, Callout, HTMLSelect, InputGroup, Menu, MenuItem, Popover, Tag } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { HttpError } from "../../app/http";
import type { Column } from "../tables/api";
import { searchableColumns } from "./search";
import { useAddFilterMutation, useUpdateViewColumnMutation, type ViewFilter, type ViewSort } from "./viewApi";

export const FILTER_OPS = ["eq", "neq", "like", "nlike", "gt", "lt", "gte", "lte", "blank", "notblank"] as const;
const NO_VALUE_OPS = ["blank", "notblank"];

export interface Search {
  fieldId: string | null;
  term: string;
}

interface Props {
  tableId: string;
  viewId?: string;
  columns: Column[];
  allColumns: Column[];
  hidden: Column[];
  sorts: ViewSort[];
  filters: ViewFilter[];
  onSearch(search: Search): void;
}

function FilterForm({ tableId, viewId, columns, onDone }: { tableId: string; viewId: string; columns: Column[]; onDone(): void }) {
  const intl = useIntl();
  const [columnId, setColumnId] = useState(columns[0]?.id ?? "");
  const [op, setOp] = useState<string>("eq");
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [addFilter, { isLoading }] = useAddFilterMutation();
  const submit = async () => {
    const result = await addFilter({ viewId, tableId, columnId, op, value: NO_VALUE_OPS.includes(op) ? "" : value });
    if ("error" in result) setError((result.error as HttpError).message);
    else onDone();
  };
  return (
    <div className="wb-filter-form" data-testid="filter-form">
      {error && <Callout intent="danger" compact className="wb-gap">{error}</Callout>}
      <HTMLSelect value={columnId} onChange={(e) => setColumnId(e.currentTarget.value)} data-testid="filter-field">
        {columns.map((c) => <option key={c.id} value={c.id}>{c.title}</option>)}
      </HTMLSelect>
      <HTMLSelect value={op} onChange={(e) => setOp(e.currentTarget.value)} data-testid="filter-op">
        {FILTER_OPS.map((o) => <option key={o} value={o}>{intl.formatMessage({ id: `filter.op.${o}` })}</option>)}
      </HTMLSelect>
      {!NO_VALUE_OPS.includes(op) && (
        <InputGroup value={value} onValueChange={setValue} placeholder={intl.formatMessage({ id: "filter.value" })} data-testid="filter-value" />
      )}
      <Button intent="primary" loading={isLoading} onClick={submit} data-testid="filter-submit">
        <FormattedMessage id="filter.add" />
      </Button>
    </div>
  );
}

export function GridToolbar({ tableId, viewId, columns, allColumns, hidden, sorts, filters, onSearch }: Props) {
  const intl = useIntl();
  const searchable = searchableColumns(columns);
  const [fieldId, setFieldId] = useState<string | null>(null);
  const [term, setTerm] = useState("");
  const [filterOpen, setFilterOpen] = useState(false);
  const [updateViewColumn] = useUpdateViewColumnMutation();
  const titleOf = (id: string | null) => allColumns.find((c) => c.id === id)?.title ?? "?";

  // Search as the user types, once typing pauses.
  useEffect(() => {
    const timer = setTimeout(() => onSearch({ fieldId, term }), 250);
    return () => clearTimeout(timer);
  }, [fieldId, term, onSearch]);

  return (
    <div className="wb-grid-tools">
      {searchable.length > 0 && (
        <div className="wb-search">
          <HTMLSelect value={(searchable.find((c) => c.id === fieldId) ?? searchable.find((c) => c.pv) ?? searchable[0]).id} onChange={(e) => setFieldId(e.currentTarget.value || null)} data-testid="search-field" minimal>
            {searchable.map((c) => <option key={c.id} value={c.id}>{c.title}</option>)}
          </HTMLSelect>
          <InputGroup
            leftIcon="search"
            type="search"
            value={term}
            onValueChange={setTerm}
            placeholder={intl.formatMessage({ id: "grid.search" })}
            data-testid="search-input"
          />
        </div>
      )}
      {viewId && (
        <Popover
          isOpen={filterOpen}
          onInteraction={(open) => setFilterOpen(open)}
          content={<FilterForm tableId={tableId} viewId={viewId} columns={columns} onDone={() => setFilterOpen(false)} />}
        >
          <Button icon="filter" variant="minimal" data-testid="add-filter">
            <FormattedMessage id="filter.title" />
          </Button>
        </Popover>
      )}
      {filters.filter((f) => !f.is_group).map((f) => (
        <Tag key={f.id} minimal icon="filter" data-testid="filter-tag">
          {titleOf(f.fk_column_id)} {intl.formatMessage({ id: `filter.op.${f.comparison_op}`, defaultMessage: f.comparison_op ?? "" })} {f.value}
        </Tag>
      ))}
      {sorts.map((s) => (
        <Tag key={s.id} minimal icon={s.direction === "asc" ? "sort-asc" : "sort-desc"} data-testid="sort-tag">
          {titleOf(s.fk_column_id)}
        </Tag>
      ))}
      {viewId && hidden.length > 0 && (
        <Popover
          content={
            <Menu>
              {hidden.map((c) => (
                <MenuItem
                  key={c.id}
                  icon="eye-open"
                  text={c.title}
                  onClick={() => void updateViewColumn({ viewId, tableId, columnId: c.id, show: true })}
                  data-testid="show-field"
                />
              ))}
            </Menu>
          }
        >
          <Button icon="eye-off" variant="minimal" data-testid="hidden-fields">
            {intl.formatMessage({ id: "grid.hiddenFields" }, { count: hidden.length })}
          </Button>
        </Popover>
      )}
    </div>
  );
}
