// The grid view's UI: the grid of a view's records (edited in place, with its toolbar of
// search, sorts, filters and hidden fields), and, through a shared link, the read-only grid
// with a visitor's own sort and filters.
import { definePlugin, type ViewProps } from "@workbench/plugin-api";
import { Grid } from "./Grid";
import { SharedGrid } from "./SharedToolbar";
import { setupViewApi } from "./viewApi";

function GridView(props: ViewProps) {
  if (props.source.shared) return <SharedGrid {...props} />;
  return <Grid table={props.table} projectId={props.projectId} source={props.source} can={props.can} />;
}

export default definePlugin({
  id: "view_grid",
  viewTypes: { grid: { View: GridView } },
  setup: setupViewApi,
});
