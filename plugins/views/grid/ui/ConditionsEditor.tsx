// The filter editor the grid lends through the slot `filters.editor`: a webhook's condition
// (or any owner's filters) edited with the grid's own filter components: each condition and
// group in place, removed with its button, and the form that adds a condition or a group.
import { Button, Spinner } from "@blueprintjs/core";
import { useState } from "react";
import { useIntl } from "react-intl";
import type { FieldInfo as Column, FilterEditorProps } from "@workbench/plugin-api";
import { NodeEditor } from "./FilterEditor";
import { FilterForm } from "./FilterForm";
import { viewApi } from "./viewApi";
import { filterTree } from "./viewOrder";

export function ConditionsEditor({ tableId, owner, columns }: FilterEditorProps) {
  const intl = useIntl();
  const api = viewApi();
  const hook = owner.kind === "hook";
  const hookList = api.useHookFiltersQuery(owner.id, { skip: !hook });
  const viewList = api.useViewFiltersQuery(owner.id, { skip: hook });
  const { data, isLoading } = hook ? hookList : viewList;
  const [remove] = api.useRemoveFilterMutation();
  // a condition added: the form starts afresh
  const [added, setAdded] = useState(0);
  const filters = data?.list ?? [];
  const fields = columns.filter((c) => !c.system) as Column[];
  if (isLoading) return <Spinner size={20} />;
  return (
    <div className="wb-conditions" data-testid="conditions-editor">
      {filterTree(filters).map((node, i) => (
        <div key={node.filter.id} className="wb-condition" style={{ display: "flex", alignItems: "flex-start", gap: 4 }} data-testid="condition">
          <div style={{ flex: 1 }}>
            <NodeEditor tableId={tableId} viewId={owner.id} kind={owner.kind} columns={fields} node={node} first={i === 0} />
          </div>
          <Button
            variant="minimal"
            icon="cross"
            aria-label={intl.formatMessage({ id: "plugin.view_grid.filter.remove" })}
            onClick={() => void remove({ viewId: owner.id, tableId, filterId: node.filter.id, kind: owner.kind })}
            data-testid="condition-remove"
          />
        </div>
      ))}
      <FilterForm
        key={added}
        tableId={tableId}
        viewId={owner.id}
        kind={owner.kind}
        columns={fields}
        groups={filters.filter((f) => f.is_group)}
        onDone={() => setAdded((n) => n + 1)}
      />
    </div>
  );
}
