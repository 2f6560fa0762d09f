// Select options: the chosen titles of a value, the colours of their tags and the options a
// typed filter leaves.
export interface SelectOption {
  title: string;
  color?: string;
}

export function optionsOf(colOptions: Record<string, unknown> | null | undefined): SelectOption[] {
  const list = (colOptions as { options?: unknown } | null | undefined)?.options;
  return Array.isArray(list) ? (list as SelectOption[]).filter((o) => o && typeof o.title === "string") : [];
}

/** The titles a value holds: a SingleSelect's title, a MultiSelect's comma-separated text or list. */
export function chosenTitles(value: unknown): string[] {
  if (value === null || value === undefined || value === "") return [];
  const parts = Array.isArray(value) ? value.map(String) : String(value).split(",");
  return [...new Set(parts.map((t) => t.trim()).filter(Boolean))];
}

/** A readable text colour on `background` (#rgb or #rrggbb): dark on light colours, white on dark. */
export function textColourOn(background: string | undefined): string {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(background?.trim() ?? "")?.[1];
  if (!hex) return "#1c2127";
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255);
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const luminance = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  // Contrast against #1c2127 (luminance ~0.015) or white, whichever is higher.
  return (luminance + 0.05) / 0.065 >= 1.05 / (luminance + 0.05) ? "#1c2127" : "#ffffff";
}

/** The options whose title contains `filter` (ignoring case), in their order. */
export function filterOptions(options: readonly SelectOption[], filter: string): SelectOption[] {
  const term = filter.trim().toLocaleLowerCase();
  return term ? options.filter((o) => o.title.toLocaleLowerCase().includes(term)) : [...options];
}

/** A MultiSelect's value after toggling `title` (null when none is left). */
export function toggled(chosen: readonly string[], title: string): string | null {
  const next = chosen.includes(title) ? chosen.filter((t) => t !== title) : [...chosen, title];
  return next.length ? next.join(",") : null;
}
