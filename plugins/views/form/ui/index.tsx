// The form view's UI: the form builder (its texts, which fields it asks for and how, with a
// preview as visitors see it) and, for members who may add records, the form itself to fill
// in and submit without sharing it. The public form a shared link shows is the host's.
import { SegmentedControl } from "@blueprintjs/core";
import { useState } from "react";
import { useIntl } from "react-intl";
import { definePlugin, FormFill, type ViewProps } from "@workbench/plugin-api";
import { FormBuilder } from "./FormBuilder";
import { setupFormApi, type FormSettings } from "./formApi";

type Mode = "build" | "fill";

function FormView({ view, table, settings, can, saveSettings }: ViewProps) {
  const intl = useIntl();
  // Who may change the form starts in its builder; who may only add records, in the form.
  const [mode, setMode] = useState<Mode>(can.configureView ? "build" : "fill");
  const shown: Mode = can.editRecords ? mode : "build";
  return (
    <div className="wb-form-view">
      {can.editRecords && (
        <div className="wb-form-mode" data-testid="form-mode">
          <SegmentedControl
            size="small"
            value={shown}
            onValueChange={(value) => setMode(value as Mode)}
            options={[
              { value: "build", label: intl.formatMessage({ id: "plugin.view_form.mode.build" }) },
              { value: "fill", label: intl.formatMessage({ id: "plugin.view_form.mode.fill" }) },
            ]}
          />
        </div>
      )}
      {shown === "fill" ? (
        <FormFill viewId={view.id} tableId={table.id} title={view.title} columns={table.columns} form={settings} />
      ) : (
        <FormBuilder viewId={view.id} columns={table.columns} form={settings as FormSettings} editable={can.configureView} saveSettings={saveSettings} />
      )}
    </div>
  );
}

export default definePlugin({
  id: "view_form",
  viewTypes: { form: { View: FormView } },
  setup: setupFormApi,
});
