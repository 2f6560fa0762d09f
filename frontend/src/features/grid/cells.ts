// Default cell text and editor value parsing, for field types without a plugin renderer.
import type { Column } from "../tables/api";

export function cellText(value: unknown, column: Pick<Column, "uidt">): string {
  if (value === null || value === undefined) return "";
  if (column.uidt === "Checkbox") return value ? "✓" : "";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** The value to send for what the user typed: empty text clears the cell; numbers stay
 * text when they do not parse, so that the server's error explains the problem. */
export function parseInput(text: string, column: Pick<Column, "uidt">): unknown {
  if (text === "") return null;
  if (["Number", "Decimal", "Currency", "Percent", "Rating", "Year"].includes(column.uidt)) {
    const n = Number(text.trim());
    return text.trim() !== "" && Number.isFinite(n) ? n : text;
  }
  return text;
}

export const READ_ONLY_TYPES = new Set(["ID", "CreateTime", "LastModifiedTime", "AutoNumber", "Formula", "Rollup", "Lookup", "Count", "QrCode", "Barcode", "ForeignKey"]);
