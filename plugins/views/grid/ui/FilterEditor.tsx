// Editing a view's filters and sorts in place: a filter's field, operator, date sub-operator,
// value and and/or, a group's and/or, a sort's field and direction. Each change is saved at
// once through the filter or sort PATCH; the operators offered are the ones the server
// accepts for the field's type.
import { Button, Callout, HTMLSelect, InputGroup } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { FormattedMessage, useIntl, type IntlShape } from "react-intl";
import type { FieldInfo as Column } from "@workbench/plugin-api";
import { isDateType } from "./fields";
import {
  errorText,
  viewApi,
  type FieldOperators,
  type FilterChanges,
  type FilterOwner,
  type ViewFilter,
  type ViewSort,
} from "./viewApi";
import type { FilterNode } from "./viewOrder";

/** Offered when the server's list for a field is not at hand. */
export const DEFAULT_OPS = ["eq", "neq", "like", "nlike", "gt", "lt", "ge", "le", "blank", "notblank"];
const DEFAULT_UNARY = ["blank", "notblank", "null", "notnull", "empty", "notempty", "checked", "notchecked"];
const DATE_COMPARISONS = new Set(["eq", "neq", "gt", "lt", "ge", "le"]);
/** Date sub-operators (NocoDB's): relative days for comparisons, periods for isWithin. */
export const DATE_SUB_OPS = [
  "today", "tomorrow", "yesterday", "oneWeekAgo", "oneWeekFromNow", "oneMonthAgo", "oneMonthFromNow",
  "daysAgo", "daysFromNow", "exactDate",
];
export const WITHIN_SUB_OPS = ["pastWeek", "pastMonth", "pastYear", "nextWeek", "nextMonth", "nextYear", "pastNumberOfDays", "nextNumberOfDays"];
const SUB_OPS_WITH_VALUE = new Set(["daysAgo", "daysFromNow", "exactDate", "pastNumberOfDays", "nextNumberOfDays"]);

/** The symbols of the comparisons, shown beside their words as a hint. */
export const OP_SYMBOLS: Readonly<Record<string, string>> = { eq: "=", neq: "≠", gt: ">", lt: "<", gte: "≥", lte: "≤" };
/** The comparisons that read "after", "before" ... on dates. */
const DATE_WORDED = new Set(["gt", "lt", "gte", "lte"]);

/** An operator in words ("is", "is greater than", "is within"; on dates "is after" ...);
 * ge and le share the words of gte and lte. */
export function opLabel(intl: IntlShape, op: string | null, uidt?: string): string {
  const id = op === "ge" ? "gte" : op === "le" ? "lte" : op;
  const key = id && uidt && isDateType(uidt) && DATE_WORDED.has(id) ? `date.${id}` : id;
  return intl.formatMessage({ id: `plugin.view_grid.filter.op.${key}`, defaultMessage: op ?? "" });
}

/** An operator as its choice in a list: its words, with its symbol as a hint for the
 * comparisons of numbers and text ("is greater than (>)"). */
export function opOption(intl: IntlShape, op: string, uidt?: string): string {
  const label = opLabel(intl, op, uidt);
  const symbol = OP_SYMBOLS[op === "ge" ? "gte" : op === "le" ? "lte" : op];
  return symbol && !(uidt && isDateType(uidt)) ? `${label} (${symbol})` : label;
}

/** Which sub-operators a field's operator takes: none, the relative days, or the periods. */
export function subOpsFor(uidt: string | undefined, op: string | null): string[] {
  if (!uidt || !isDateType(uidt) || !op) return [];
  if (op === "isWithin") return WITHIN_SUB_OPS;
  return DATE_COMPARISONS.has(op) ? DATE_SUB_OPS : [];
}

/** The sub-operator a date condition starts with: an exact date, or the past week. */
export function defaultSubOp(op: string, allowed: readonly string[]): string | null {
  if (allowed.length === 0) return null;
  return op === "isWithin" ? allowed[0] : "exactDate";
}

/** Whether a condition takes a typed value. */
export function needsValue(op: string | null, subOp: string | null | undefined, unary: readonly string[]): boolean {
  if (!op || unary.includes(op)) return false;
  if (subOp) return SUB_OPS_WITH_VALUE.has(subOp);
  return true;
}

export function useFieldOperators(tableId: string) {
  const { data } = viewApi().useFilterOperatorsQuery(tableId);
  return (columnId: string | null | undefined): FieldOperators => {
    const found = data?.list.find((f) => f.fk_column_id === columnId);
    return found ?? { fk_column_id: columnId ?? "", uidt: "", operators: DEFAULT_OPS, unary: DEFAULT_UNARY, list: [] };
  };
}

interface EditProps {
  tableId: string;
  /** The view's id, or the hook's when `kind` is "hook". */
  viewId: string;
  columns: Column[];
  kind?: FilterOwner;
}

function ConditionRow({ tableId, viewId, columns, filter, first, kind }: EditProps & { filter: ViewFilter; first: boolean }) {
  const intl = useIntl();
  const operatorsOf = useFieldOperators(tableId);
  const [update] = viewApi().useUpdateFilterMutation();
  const [error, setError] = useState<string | null>(null);
  const [value, setValue] = useState(filter.value ?? "");
  useEffect(() => setValue(filter.value ?? ""), [filter.value]);
  const ops = operatorsOf(filter.fk_column_id);
  const uidt = columns.find((c) => c.id === filter.fk_column_id)?.uidt ?? ops.uidt;
  const subOps = subOpsFor(uidt, filter.comparison_op);
  const save = async (changes: FilterChanges) => {
    const result = await update({ viewId, tableId, filterId: filter.id, changes, kind });
    setError("error" in result ? errorText(result.error) : null);
  };
  const pickField = (columnId: string) => {
    const next = operatorsOf(columnId);
    const op = next.operators.includes(filter.comparison_op ?? "") ? filter.comparison_op! : next.operators[0];
    const keepSub = subOpsFor(next.uidt, op).includes(filter.comparison_sub_op ?? "");
    void save({ fk_column_id: columnId, comparison_op: op, comparison_sub_op: keepSub ? filter.comparison_sub_op : null });
  };
  const pickOp = (op: string) => {
    const allowed = subOpsFor(uidt, op);
    const sub = allowed.includes(filter.comparison_sub_op ?? "") ? filter.comparison_sub_op : defaultSubOp(op, allowed);
    void save({ comparison_op: op, comparison_sub_op: sub ?? null, ...(ops.unary.includes(op) ? { value: null } : {}) });
  };
  const saveValue = () => {
    if (value !== (filter.value ?? "")) void save({ value });
  };
  return (
    <div className="wb-filter-row" data-testid="filter-edit-row">
      {!first && (
        <HTMLSelect value={filter.logical_op === "or" ? "or" : "and"} onChange={(e) => void save({ logical_op: e.currentTarget.value })} data-testid="filter-edit-logic">
          {["and", "or"].map((l) => <option key={l} value={l}>{intl.formatMessage({ id: `plugin.view_grid.filter.logic.${l}` })}</option>)}
        </HTMLSelect>
      )}
      <HTMLSelect value={filter.fk_column_id ?? ""} onChange={(e) => pickField(e.currentTarget.value)} data-testid="filter-edit-field">
        {columns.map((c) => <option key={c.id} value={c.id}>{c.title}</option>)}
      </HTMLSelect>
      <HTMLSelect value={filter.comparison_op ?? ""} onChange={(e) => pickOp(e.currentTarget.value)} data-testid="filter-edit-op">
        {ops.operators.map((o) => <option key={o} value={o}>{opOption(intl, o, uidt)}</option>)}
      </HTMLSelect>
      {subOps.length > 0 && (
        <HTMLSelect
          value={subOps.includes(filter.comparison_sub_op ?? "") ? filter.comparison_sub_op! : subOps[subOps.length - 1]}
          onChange={(e) => void save({ comparison_sub_op: e.currentTarget.value })}
          data-testid="filter-edit-subop"
        >
          {subOps.map((o) => <option key={o} value={o}>{intl.formatMessage({ id: `plugin.view_grid.filter.sub.${o}` })}</option>)}
        </HTMLSelect>
      )}
      {needsValue(filter.comparison_op, filter.comparison_sub_op, ops.unary) && (
        <InputGroup
          value={value}
          onValueChange={setValue}
          onBlur={saveValue}
          onKeyDown={(e) => {
            if (e.key === "Enter") saveValue();
          }}
          placeholder={intl.formatMessage({ id: "plugin.view_grid.filter.value" })}
          data-testid="filter-edit-value"
        />
      )}
      {error && <Callout intent="danger" compact data-testid="filter-edit-error">{error}</Callout>}
    </div>
  );
}

export function NodeEditor(props: EditProps & { node: FilterNode; first: boolean }) {
  const intl = useIntl();
  const { node, first, viewId, tableId, kind } = props;
  const [update] = viewApi().useUpdateFilterMutation();
  if (!node.filter.is_group) return <ConditionRow {...props} filter={node.filter} first={first} />;
  // A group's and/or: the operator joining its conditions (kept the same on all of them).
  const inner = node.children[1]?.filter.logical_op === "or" ? "or" : "and";
  const setInner = (logic: string) => {
    for (const child of node.children.slice(1)) {
      void update({ viewId, tableId, filterId: child.filter.id, changes: { logical_op: logic }, kind });
    }
  };
  return (
    <div className="wb-filter-group" data-testid="filter-edit-group">
      <div className="wb-filter-row">
        {!first && (
          <HTMLSelect
            value={node.filter.logical_op === "or" ? "or" : "and"}
            onChange={(e) => void update({ viewId, tableId, filterId: node.filter.id, changes: { logical_op: e.currentTarget.value }, kind })}
            data-testid="filter-edit-logic"
          >
            {["and", "or"].map((l) => <option key={l} value={l}>{intl.formatMessage({ id: `plugin.view_grid.filter.logic.${l}` })}</option>)}
          </HTMLSelect>
        )}
        {node.children.length > 1 && (
          <HTMLSelect value={inner} onChange={(e) => setInner(e.currentTarget.value)} data-testid="filter-edit-group-logic">
            {["and", "or"].map((l) => <option key={l} value={l}>{intl.formatMessage({ id: `plugin.view_grid.filter.groupLogic.${l}` })}</option>)}
          </HTMLSelect>
        )}
      </div>
      {node.children.map((child, i) => (
        <NodeEditor key={child.filter.id} {...props} node={child} first={i === 0} />
      ))}
    </div>
  );
}

/** The editor shown when a filter tag is clicked: the top-level condition or group. */
export function FilterEditor(props: EditProps & { node: FilterNode; first: boolean; onClose(): void }) {
  return (
    <div className="wb-filter-edit" data-testid="filter-edit">
      <NodeEditor {...props} />
      <Button variant="minimal" icon="tick" onClick={props.onClose} data-testid="filter-edit-done">
        <FormattedMessage id="plugin.view_grid.common.close" />
      </Button>
    </div>
  );
}

/** A sort's field and direction, saved on change. */
export function SortEditor({ tableId, viewId, columns, sort }: EditProps & { sort: ViewSort }) {
  const intl = useIntl();
  const [update] = viewApi().useUpdateSortMutation();
  const [error, setError] = useState<string | null>(null);
  const save = async (changes: { columnId?: string; direction?: "asc" | "desc" }) => {
    const result = await update({ viewId, tableId, sortId: sort.id, ...changes });
    setError("error" in result ? errorText(result.error) : null);
  };
  return (
    <div className="wb-sort-edit" data-testid="sort-edit">
      <HTMLSelect value={sort.fk_column_id} onChange={(e) => void save({ columnId: e.currentTarget.value })} data-testid="sort-edit-field">
        {columns.map((c) => <option key={c.id} value={c.id}>{c.title}</option>)}
      </HTMLSelect>
      <HTMLSelect value={sort.direction} onChange={(e) => void save({ direction: e.currentTarget.value as "asc" | "desc" })} data-testid="sort-edit-direction">
        <option value="asc">{intl.formatMessage({ id: "plugin.view_grid.sort.direction.asc" })}</option>
        <option value="desc">{intl.formatMessage({ id: "plugin.view_grid.sort.direction.desc" })}</option>
      </HTMLSelect>
      {error && <Callout intent="danger" compact>{error}</Callout>}
    </div>
  );
}
