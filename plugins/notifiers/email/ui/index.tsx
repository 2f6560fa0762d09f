// The e-mail notifier's settings in the webhook editor: the recipients, the subject and the
// message (placeholders are filled in from the event; empty: a one-line summary).
import { FormGroup, InputGroup, TextArea } from "@blueprintjs/core";
import { useIntl } from "react-intl";
import { definePlugin, type NotifierSettingsProps } from "@workbench/plugin-api";

function EmailSettings({ value, onChange }: NotifierSettingsProps) {
  const intl = useIntl();
  const m = (key: string, values?: Record<string, string>) => intl.formatMessage({ id: `plugin.notify_email.${key}` }, values);
  const set = (patch: Record<string, unknown>) => onChange({ ...value, ...patch });
  return (
    <>
      <FormGroup label={m("setting.to")} labelFor="webhook-to">
        <InputGroup id="webhook-to" value={String(value.to ?? "")} onValueChange={(to) => set({ to })} data-testid="webhook-to" />
      </FormGroup>
      <FormGroup label={m("setting.subject")} labelFor="webhook-subject">
        <InputGroup id="webhook-subject" value={String(value.subject ?? "")} onValueChange={(subject) => set({ subject })}
          data-testid="webhook-subject" />
      </FormGroup>
      <FormGroup label={m("setting.body")} labelFor="webhook-body"
        helperText={m("setting.body.help", { table: "{{ data.table_name }}", name: "{{ data.rows.0.Name }}" })}>
        <TextArea id="webhook-body" fill value={String(value.body ?? "")} onChange={(e) => set({ body: e.currentTarget.value })}
          data-testid="webhook-body" />
      </FormGroup>
    </>
  );
}

export default definePlugin({
  id: "notify_email",
  notifiers: {
    Email: { Settings: EmailSettings, isComplete: (value) => String(value.to ?? "").trim() !== "" },
  },
});
