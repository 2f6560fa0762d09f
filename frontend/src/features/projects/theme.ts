// Project theme colours: hex of 3 or 6 digits (no alpha), invalid ones fall back to
// the defaults. Applied as CSS custom properties on the project shell.
import { DEFAULT_THEME } from "../../app/constants";
import { readableText } from "./contrast";

export interface Theme {
  primaryColor: string;
  accentColor: string;
}

const HEX = /^#?(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

export function isValidColor(value: unknown): value is string {
  return typeof value === "string" && HEX.test(value);
}

function normalise(value: string): string {
  return value.startsWith("#") ? value : `#${value}`;
}

/** A project's meta as an object: it may arrive as a JSON string or be missing. */
export function metaObject(meta: unknown): Record<string, unknown> {
  let parsed: unknown = meta;
  if (typeof meta === "string") {
    try {
      parsed = JSON.parse(meta);
    } catch {
      parsed = null;
    }
  }
  return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
}

/** The project's meta with new theme colours, every other entry of the meta kept. */
export function metaWithTheme(meta: unknown, theme: Theme): Record<string, unknown> {
  const current = metaObject(meta);
  const previous = current.theme && typeof current.theme === "object" ? current.theme : {};
  return {
    ...current,
    theme: { ...previous, primaryColor: normalise(theme.primaryColor), accentColor: normalise(theme.accentColor) },
  };
}

/** The theme held in a project's meta (a JSON string or an object), validated, with fallbacks. */
export function themeFromMeta(meta: unknown): Theme {
  const parsed = metaObject(meta);
  const theme = (parsed && typeof parsed === "object" ? (parsed as { theme?: unknown }).theme : null) ?? {};
  const { primaryColor, accentColor } = (typeof theme === "object" ? theme : {}) as Record<string, unknown>;
  return {
    primaryColor: isValidColor(primaryColor) ? normalise(primaryColor) : DEFAULT_THEME.primaryColor,
    accentColor: isValidColor(accentColor) ? normalise(accentColor) : DEFAULT_THEME.accentColor,
  };
}

/** The theme as CSS custom properties, with the text colour that reads best on each colour. */
export function themeStyle(theme: Theme): Record<string, string> {
  return {
    "--wb-primary": theme.primaryColor,
    "--wb-accent": theme.accentColor,
    "--wb-on-primary": readableText(theme.primaryColor),
    "--wb-on-accent": readableText(theme.accentColor),
  };
}
