// Colours as the Color field stores them: "#rrggbb" in lower case.
export const DEFAULT_PALETTE = ["#e03131", "#f08c00", "#fcc419", "#2f9e44", "#1971c2", "#7048e8", "#c2255c", "#495057"];

/** "#rrggbb" from "#RGB", "rrggbb", ...; null when the text is no colour. */
export function parseColour(text: string): string | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(text.trim());
  if (!match) return null;
  const digits = match[1].toLowerCase();
  return "#" + (digits.length === 3 ? [...digits].map((c) => c + c).join("") : digits);
}

/** The palette of a field's meta, else the default one. */
export function paletteOf(meta: Record<string, unknown> | null | undefined): string[] {
  const palette = meta?.palette;
  if (!Array.isArray(palette)) return DEFAULT_PALETTE;
  return [...new Set(palette.map((c) => (typeof c === "string" ? parseColour(c) : null)).filter((c): c is string => !!c))];
}
