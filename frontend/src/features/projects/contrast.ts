// Contrast of text on a colour (WCAG 2): the ratio of the two colours' relative
// luminances, and the level it reaches: AA needs 4.5:1 for small text and 3:1 for large
// text, AAA 7:1 and 4.5:1. Text on a chosen colour takes whichever of dark and white text
// reads better on it.

export type ContrastLevel = "AAA" | "AA" | "fail";
export type TextSize = "small" | "large";

export const DARK_TEXT = "#1C2127";
export const LIGHT_TEXT = "#FFFFFF";

const THRESHOLDS: Record<TextSize, { AAA: number; AA: number }> = {
  small: { AAA: 7, AA: 4.5 },
  large: { AAA: 4.5, AA: 3 },
};

/** The red, green and blue of a hex colour of 3 or 6 digits (0-255 each), else null. */
export function rgb(hex: string): [number, number, number] | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join("") : match[1];
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as [number, number, number];
}

/** A colour's relative luminance, from 0 (black) to 1 (white). */
export function luminance(hex: string): number {
  const channels = rgb(hex);
  if (!channels) throw new Error(`not a hex colour: ${hex}`);
  const [r, g, b] = channels.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, from 1 (the same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** The level a contrast ratio reaches for text of `size`. */
export function contrastLevel(ratio: number, size: TextSize = "small"): ContrastLevel {
  const { AAA, AA } = THRESHOLDS[size];
  return ratio >= AAA ? "AAA" : ratio >= AA ? "AA" : "fail";
}

/** The text colour (dark or white) that reads better on `background`. */
export function readableText(background: string): string {
  if (!rgb(background)) return LIGHT_TEXT;
  return contrastRatio(background, LIGHT_TEXT) >= contrastRatio(background, DARK_TEXT) ? LIGHT_TEXT : DARK_TEXT;
}
