// The UI of the Timeline view type: its body and its toolbar, drawn by the host for views of
// type "timeline" with the project, the table and the view.
import { definePlugin } from "@workbench/plugin-api";
import messages from "../workbench_timeline/messages.json";
import { setup } from "./api";
import { Timeline } from "./Timeline";
import { Toolbar } from "./Toolbar";

export default definePlugin({
  id: "timeline",
  messages,
  setup,
  viewTypes: { timeline: { View: Timeline, Toolbar } },
});
