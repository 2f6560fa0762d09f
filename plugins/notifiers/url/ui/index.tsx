// The URL notifier's settings in the webhook editor: the method and the address, the headers
// and query parameters sent with each call (name and value pairs), and the Authorization
// header. The server checks them (a header's name and value, the address's scheme).
import { Button, FormGroup, HTMLSelect, InputGroup } from "@blueprintjs/core";
import { useIntl } from "react-intl";
import { definePlugin, type NotifierSettingsProps } from "@workbench/plugin-api";

const METHODS = ["POST", "GET", "PUT", "PATCH", "DELETE", "HEAD"];

interface Pair {
  name: string;
  value: string;
}

function pairsOf(value: unknown): Pair[] {
  return Array.isArray(value)
    ? value.map((p) => ({ name: String((p as Pair)?.name ?? ""), value: String((p as Pair)?.value ?? "") }))
    : [];
}

function Pairs({ kind, pairs, onChange }: { kind: "header" | "parameter"; pairs: Pair[]; onChange(pairs: Pair[]): void }) {
  const intl = useIntl();
  const m = (key: string) => intl.formatMessage({ id: `plugin.notify_url.${key}` });
  const set = (index: number, patch: Partial<Pair>) => onChange(pairs.map((p, i) => (i === index ? { ...p, ...patch } : p)));
  return (
    <div data-testid={`url-${kind}s`}>
      {pairs.map((pair, i) => (
        <div key={i} style={{ display: "flex", gap: 8, marginBottom: 6 }} data-testid={`url-${kind}`}>
          <InputGroup
            value={pair.name}
            placeholder={m("setting.name")}
            aria-label={m("setting.name")}
            onValueChange={(name) => set(i, { name })}
            data-testid={`url-${kind}-name`}
          />
          <InputGroup
            fill
            value={pair.value}
            placeholder={m("setting.value")}
            aria-label={m("setting.value")}
            onValueChange={(value) => set(i, { value })}
            data-testid={`url-${kind}-value`}
          />
          <Button
            variant="minimal"
            icon="cross"
            aria-label={m("remove")}
            onClick={() => onChange(pairs.filter((_, j) => j !== i))}
            data-testid={`url-${kind}-remove`}
          />
        </div>
      ))}
      <Button variant="minimal" icon="add" onClick={() => onChange([...pairs, { name: "", value: "" }])} data-testid={`url-add-${kind}`}>
        {m(`add.${kind}`)}
      </Button>
    </div>
  );
}

function UrlSettings({ value, onChange }: NotifierSettingsProps) {
  const intl = useIntl();
  const m = (key: string) => intl.formatMessage({ id: `plugin.notify_url.${key}` });
  const set = (patch: Record<string, unknown>) => onChange({ ...value, ...patch });
  const method = String(value.method ?? "POST");
  return (
    <>
      <FormGroup label={m("setting.path")} labelFor="webhook-address">
        <div style={{ display: "flex", gap: 8 }}>
          <HTMLSelect value={method} onChange={(e) => set({ method: e.currentTarget.value })} aria-label={m("setting.method")}
            data-testid="webhook-method">
            {METHODS.map((name) => <option key={name} value={name}>{name}</option>)}
          </HTMLSelect>
          <InputGroup id="webhook-address" fill placeholder="https://" value={String(value.path ?? "")}
            onValueChange={(path) => set({ path })} data-testid="webhook-address" />
        </div>
      </FormGroup>
      <FormGroup label={m("setting.headers")}>
        <Pairs kind="header" pairs={pairsOf(value.headers)} onChange={(headers) => set({ headers })} />
      </FormGroup>
      <FormGroup label={m("setting.parameters")}>
        <Pairs kind="parameter" pairs={pairsOf(value.parameters)} onChange={(parameters) => set({ parameters })} />
      </FormGroup>
      <FormGroup label={m("setting.auth")} labelFor="webhook-auth">
        <InputGroup id="webhook-auth" value={String(value.auth ?? "")} onValueChange={(auth) => set({ auth })} data-testid="webhook-auth" />
      </FormGroup>
    </>
  );
}

export default definePlugin({
  id: "notify_url",
  notifiers: {
    URL: {
      Settings: UrlSettings,
      isComplete: (value) => String(value.path ?? "").trim() !== "",
    },
  },
});
