// Which files each importer takes, from the catalogue (each importer lists its extensions),
// checked before the upload.
import { currentCatalogue } from "../../plugins/catalogue";
import type { ImportType } from "./types";

/** The extensions an importer takes (none when no enabled plugin provides it). */
export function extensionsOf(type: ImportType): readonly string[] {
  return (currentCatalogue().importers ?? []).find((i) => i.name === type)?.extensions ?? [];
}

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return dot < 0 ? "" : fileName.slice(dot + 1).toLowerCase();
}

/** The importer for `fileName` among `allowed`, or null. */
export function importTypeOf(fileName: string, allowed: readonly ImportType[]): ImportType | null {
  const ext = extensionOf(fileName);
  return allowed.find((type) => extensionsOf(type).includes(ext)) ?? null;
}

/** The `accept` attribute of the file input. */
export function acceptOf(allowed: readonly ImportType[]): string {
  return allowed.flatMap((type) => extensionsOf(type).map((ext) => `.${ext}`)).join(",");
}

/** The message id and values when `fileName` does not fit `allowed`, else null. */
export function fileError(
  fileName: string,
  allowed: readonly ImportType[],
): { id: string; values: Record<string, string> } | null {
  if (importTypeOf(fileName, allowed)) return null;
  return {
    id: "import.file.wrongType",
    values: { name: fileName, extensions: allowed.flatMap((type) => extensionsOf(type)).map((ext) => `.${ext}`).join(", ") },
  };
}

/** A file size for people: bytes, KB, MB, GB (1024 steps, one decimal above bytes). */
export function formatSize(bytes: number, locale = "en"): string {
  const units = ["B", "KB", "MB", "GB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : 1;
  return `${value.toLocaleString(locale, { maximumFractionDigits: digits, minimumFractionDigits: digits })} ${units[unit]}`;
}
