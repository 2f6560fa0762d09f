// The notifiers the editor offers and the settings each one's form fills in (the server
// checks them: docs/webhooks.md). Service names are brands, shown as they are.
export type NotifierForm = "url" | "email" | "chat";

export const NOTIFIERS: { type: string; form: NotifierForm; brand?: string }[] = [
  { type: "URL", form: "url" },
  { type: "Email", form: "email" },
  { type: "Slack", form: "chat", brand: "Slack" },
  { type: "Microsoft Teams", form: "chat", brand: "Microsoft Teams" },
  { type: "Discord", form: "chat", brand: "Discord" },
  { type: "Mattermost", form: "chat", brand: "Mattermost" },
];

export const METHODS = ["POST", "GET", "PUT", "PATCH", "DELETE"] as const;

export interface EditorValues {
  title: string;
  operation: string;
  type: string;
  method: string;
  address: string;
  to: string;
  subject: string;
  body: string;
}

export function formOf(type: string): NotifierForm {
  return NOTIFIERS.find((n) => n.type === type)?.form ?? "url";
}

/** The notification a hook is saved with, from the editor's values. */
export function notificationOf(values: EditorValues): { type: string; payload: Record<string, unknown> } {
  const form = formOf(values.type);
  if (form === "email") return { type: values.type, payload: { to: values.to, subject: values.subject, body: values.body } };
  if (form === "chat") return { type: values.type, payload: { channels: [{ webhook_url: values.address.trim() }], body: values.body } };
  return { type: values.type, payload: { method: values.method, path: values.address.trim(), headers: [], parameters: [] } };
}

/** The editor's values of a saved hook (or a new one's defaults). */
export function valuesOf(hook?: { title: string; operation: string; notification: { type: string; payload: Record<string, unknown> } }): EditorValues {
  const payload = hook?.notification.payload ?? {};
  const channels = (payload.channels as { webhook_url?: string }[] | undefined) ?? [];
  return {
    title: hook?.title ?? "",
    operation: hook?.operation ?? "insert",
    type: hook?.notification.type ?? "URL",
    method: String(payload.method ?? "POST"),
    address: String(payload.path ?? channels[0]?.webhook_url ?? ""),
    to: String(payload.to ?? ""),
    subject: String(payload.subject ?? ""),
    body: String(payload.body ?? ""),
  };
}
