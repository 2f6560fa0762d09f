// Where an Email, URL or PhoneNumber value leads: mailto:, the web address (http or https
// only; a schemeless one gets https://) and tel:. Anything else (javascript:, data:, ...) is
// not a link.
export function linkHref(uidt: string, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  if (!text) return null;
  if (uidt === "Email") {
    return /^[^\s@:/]+@[^\s@:/]+$/.test(text) ? `mailto:${text}` : null;
  }
  if (uidt === "PhoneNumber") {
    const dial = text.replace(/(?:x|ext\.?).*$/i, "").replace(/[^0-9+]/g, "");
    return /^\+?[0-9]{3,}$/.test(dial) ? `tel:${dial}` : null;
  }
  if (uidt === "URL") {
    const candidate = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text.replace(/^\/+/, "")}`;
    try {
      const url = new URL(candidate);
      return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
    } catch {
      return null;
    }
  }
  return null;
}
