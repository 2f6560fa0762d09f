// The form view's UI: the form builder (its texts, which fields it asks for and how, with a
// preview as visitors see it). The public form a shared link shows is the host's.
import { definePlugin, type ViewProps } from "@workbench/plugin-api";
import { FormBuilder } from "./FormBuilder";
import { setupFormApi, type FormSettings } from "./formApi";

function FormView({ view, table, settings, can, saveSettings }: ViewProps) {
  return (
    <FormBuilder
      viewId={view.id}
      columns={table.columns}
      form={settings as FormSettings}
      editable={can.configureView}
      saveSettings={saveSettings}
    />
  );
}

export default definePlugin({
  id: "view_form",
  viewTypes: { form: { View: FormView } },
  setup: setupFormApi,
});
