// The chat notifiers' settings in the webhook editor (Slack, Microsoft Teams, Discord and
// Mattermost): the incoming-webhook address of each channel that gets the message, and the
// message (placeholders are filled in from the event; empty: a one-line summary).
import { Button, FormGroup, InputGroup, TextArea } from "@blueprintjs/core";
import { useIntl } from "react-intl";
import { definePlugin, type NotifierSettingsProps, type NotifierUI } from "@workbench/plugin-api";

const MAX_CHANNELS = 10;

function channelsOf(value: Record<string, unknown>): string[] {
  const list = Array.isArray(value.channels) ? value.channels : [];
  const urls = list.map((c) => String((c as { webhook_url?: unknown })?.webhook_url ?? ""));
  return urls.length ? urls : [""];
}

function ChatSettings({ value, onChange }: NotifierSettingsProps) {
  const intl = useIntl();
  const m = (key: string, values?: Record<string, string>) => intl.formatMessage({ id: `plugin.notify_chat.${key}` }, values);
  const channels = channelsOf(value);
  const setChannels = (urls: string[]) => onChange({ ...value, channels: urls.map((webhook_url) => ({ webhook_url })) });
  return (
    <>
      <FormGroup label={m("setting.webhook_url")} labelFor="webhook-address">
        {channels.map((url, i) => (
          <div key={i} style={{ display: "flex", gap: 8, marginBottom: 6 }}>
            <InputGroup
              id={i === 0 ? "webhook-address" : undefined}
              fill
              placeholder="https://"
              value={url}
              aria-label={m("setting.webhook_url")}
              onValueChange={(next) => setChannels(channels.map((u, j) => (j === i ? next : u)))}
              data-testid={i === 0 ? "webhook-address" : "chat-channel"}
            />
            {channels.length > 1 && (
              <Button variant="minimal" icon="cross" aria-label={m("remove")}
                onClick={() => setChannels(channels.filter((_, j) => j !== i))} />
            )}
          </div>
        ))}
        {channels.length < MAX_CHANNELS && (
          <Button variant="minimal" icon="add" onClick={() => setChannels([...channels, ""])} data-testid="chat-add-channel">
            {m("add.channel")}
          </Button>
        )}
      </FormGroup>
      <FormGroup label={m("setting.body")} labelFor="webhook-body"
        helperText={m("setting.body.help", { table: "{{ data.table_name }}", name: "{{ data.rows.0.Name }}" })}>
        <TextArea id="webhook-body" fill value={String(value.body ?? "")} onChange={(e) => onChange({ ...value, body: e.currentTarget.value })}
          data-testid="webhook-body" />
      </FormGroup>
    </>
  );
}

const chat: NotifierUI = {
  Settings: ChatSettings,
  isComplete: (value) => channelsOf(value).every((url) => url.trim() !== ""),
};

export default definePlugin({
  id: "notify_chat",
  notifiers: { Slack: chat, "Microsoft Teams": chat, Discord: chat, Mattermost: chat },
});
