// Adding a filter: a condition (field, operator, date sub-operator, value), at the top level
// or in a group, joined with and/or; or a new group. Used by the grid's toolbar and by the
// filter editor it lends to webhooks' conditions.
import { Button, Callout, HTMLSelect, InputGroup } from "@blueprintjs/core";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { FieldInfo as Column } from "@workbench/plugin-api";
import { defaultSubOp, needsValue, opOption, subOpsFor, useFieldOperators } from "./FilterEditor";
import { errorText, viewApi, type FilterOwner, type ViewFilter } from "./viewApi";

export function FilterForm({ tableId, viewId, columns, groups, onDone, kind }: {
  tableId: string;
  /** The view's id, or the hook's when `kind` is "hook". */
  viewId: string;
  kind?: FilterOwner;
  columns: Column[];
  groups: ViewFilter[];
  onDone(): void;
}) {
  const intl = useIntl();
  const [columnId, setColumnId] = useState(columns[0]?.id ?? "");
  const operatorsOf = useFieldOperators(tableId);
  const ops = operatorsOf(columnId);
  const [chosenOp, setOp] = useState<string>("eq");
  const op = ops.operators.includes(chosenOp) ? chosenOp : ops.operators[0] ?? "eq";
  const uidt = columns.find((c) => c.id === columnId)?.uidt;
  const subOps = subOpsFor(uidt, op);
  const [chosenSubOp, setSubOp] = useState("");
  const subOp = subOps.includes(chosenSubOp) ? chosenSubOp : defaultSubOp(op, subOps) ?? "";
  const takesValue = needsValue(op, subOp || null, ops.unary);
  const [value, setValue] = useState("");
  const [logicalOp, setLogicalOp] = useState("and");
  const [parentId, setParentId] = useState<string>("");
  const [error, setError] = useState<string | null>(null);
  const [addFilter, { isLoading }] = viewApi().useAddFilterMutation();
  const submit = async () => {
    const result = await addFilter({
      viewId, tableId, columnId, op, subOp: subOp || null, value: takesValue ? value : "", logicalOp, parentId: parentId || null, kind,
    });
    if ("error" in result) setError(errorText(result.error));
    else onDone();
  };
  const addGroup = async () => {
    const result = await addFilter({ viewId, tableId, isGroup: true, logicalOp, parentId: null, kind });
    if ("error" in result) setError(errorText(result.error));
    else setParentId(result.data.id);
  };
  return (
    <div className="wb-filter-form" data-testid="filter-form">
      {error && <Callout intent="danger" compact className="wb-gap">{error}</Callout>}
      <div className="wb-filter-where">
        <HTMLSelect value={logicalOp} onChange={(e) => setLogicalOp(e.currentTarget.value)} data-testid="filter-logic">
          {["and", "or"].map((l) => <option key={l} value={l}>{intl.formatMessage({ id: `plugin.view_grid.filter.logic.${l}` })}</option>)}
        </HTMLSelect>
        <HTMLSelect value={parentId} onChange={(e) => setParentId(e.currentTarget.value)} data-testid="filter-parent">
          <option value="">{intl.formatMessage({ id: "plugin.view_grid.filter.topLevel" })}</option>
          {groups.map((g, i) => (
            <option key={g.id} value={g.id}>{intl.formatMessage({ id: "plugin.view_grid.filter.groupN" }, { n: i + 1 })}</option>
          ))}
        </HTMLSelect>
        <Button variant="minimal" icon="folder-new" onClick={addGroup} data-testid="filter-add-group">
          <FormattedMessage id="plugin.view_grid.filter.addGroup" />
        </Button>
      </div>
      <HTMLSelect value={columnId} onChange={(e) => setColumnId(e.currentTarget.value)} data-testid="filter-field">
        {columns.map((c) => <option key={c.id} value={c.id}>{c.title}</option>)}
      </HTMLSelect>
      <HTMLSelect value={op} onChange={(e) => setOp(e.currentTarget.value)} data-testid="filter-op">
        {ops.operators.map((o) => <option key={o} value={o}>{opOption(intl, o, uidt)}</option>)}
      </HTMLSelect>
      {subOps.length > 0 && (
        <HTMLSelect value={subOp} onChange={(e) => setSubOp(e.currentTarget.value)} data-testid="filter-subop">
          {subOps.map((o) => <option key={o} value={o}>{intl.formatMessage({ id: `plugin.view_grid.filter.sub.${o}` })}</option>)}
        </HTMLSelect>
      )}
      {takesValue && (
        <InputGroup value={value} onValueChange={setValue} placeholder={intl.formatMessage({ id: "plugin.view_grid.filter.value" })} data-testid="filter-value" />
      )}
      <Button intent="primary" loading={isLoading} onClick={submit} data-testid="filter-submit">
        <FormattedMessage id="plugin.view_grid.filter.add" />
      </Button>
    </div>
  );
}
