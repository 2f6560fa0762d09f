// The grid view's UI: the grid of a view's records (edited in place, with its toolbar of
// search, sorts, grouping, filters, hidden fields and row height), and, through a shared
// link, the read-only grid with a visitor's own sort and filters; and its filter editor, for
// the conditions of webhooks (the slot `filters.editor`).
import type { ComponentType } from "react";
import { definePlugin, useImportIntoTable, type ViewProps } from "@workbench/plugin-api";
import { ConditionsEditor } from "./ConditionsEditor";
import { Grid } from "./Grid";
import { SharedGrid } from "./SharedToolbar";
import { setupViewApi } from "./viewApi";

function EditableGrid(props: ViewProps) {
  const importInto = useImportIntoTable(props.table);
  return (
    <Grid
      table={props.table}
      projectId={props.projectId}
      source={props.source}
      can={props.can}
      settings={props.settings}
      saveSettings={props.saveSettings}
      onImport={importInto ?? undefined}
    />
  );
}

function GridView(props: ViewProps) {
  if (props.source.shared) return <SharedGrid {...props} />;
  return <EditableGrid {...props} />;
}

export default definePlugin({
  id: "view_grid",
  viewTypes: { grid: { View: GridView } },
  // its filter editor, lent to webhooks' conditions
  components: { "filters.editor": ConditionsEditor as unknown as ComponentType<Record<string, unknown>> },
  setup: setupViewApi,
});
