// The rich field types (links, lookups, rollups, counts, formulas, codes, attachments): the
// column bodies the field dialog sends, the server's formula errors, and the linked records
// of a page of the grid.
import type { Column, ColumnBody } from "../tables/api";
import type { RecordRow } from "./api";

export const RICH_FIELD_TYPES = ["Links", "Lookup", "Rollup", "Count", "Formula", "QrCode", "Barcode", "Attachment"] as const;

export type LinkKind = "hm" | "bt" | "mm";
export const LINK_KINDS: readonly LinkKind[] = ["hm", "bt", "mm"];
export const ROLLUP_FUNCTIONS = ["count", "min", "max", "avg", "sum", "countDistinct", "sumDistinct", "avgDistinct"] as const;
export const BARCODE_FORMATS = ["CODE128", "CODE39", "EAN13", "EAN8", "UPC", "ITF14", "CODABAR"] as const;
/** Field types a QR code or barcode may show (the server checks the same). */
export const CODE_SOURCE_TYPES = new Set(["SingleLineText", "LongText", "URL", "Email", "PhoneNumber", "Number", "Decimal", "Formula"]);
export const LINK_TYPES = new Set(["Links", "LinkToAnotherRecord"]);
/** Field types whose editor saves through its own API (the links API), not the record. */
export const SELF_SAVING_TYPES = LINK_TYPES;
/** Field types edited in a dialog: a typed key opens it on the current value. */
export const DIALOG_EDITOR_TYPES = new Set([...LINK_TYPES, "Attachment"]);

export interface RichSettings {
  /** Links: the other table and the kind. */
  childId?: string;
  type?: LinkKind;
  /** Lookup, Rollup, Count: the link field; Lookup, Rollup: the field of the related table. */
  relationId?: string;
  targetId?: string;
  rollupFunction?: string;
  formula?: string;
  /** QrCode, Barcode: the field shown. */
  sourceId?: string;
  barcodeFormat?: string;
}

/** The settings of an existing field, read from its options (to edit it). */
export function settingsOf(column: Pick<Column, "uidt" | "colOptions" | "meta"> | null | undefined): RichSettings {
  const o = (column?.colOptions ?? {}) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === "string" && v ? v : undefined);
  return {
    childId: str(o.fk_related_model_id),
    type: (str(o.type) as LinkKind | undefined) ?? "hm",
    relationId: str(o.fk_relation_column_id),
    targetId: str(o.fk_lookup_column_id) ?? str(o.fk_rollup_column_id),
    rollupFunction: str(o.rollup_function) ?? "sum",
    formula: str(o.formula_raw) ?? "",
    sourceId: str(o.fk_qr_value_column_id) ?? str(o.fk_barcode_value_column_id),
    barcodeFormat: str((column?.meta as Record<string, unknown> | null | undefined)?.barcodeFormat) ?? "CODE128",
  };
}

/** What is missing before the field can be sent (a message id), or null. */
export function missingSetting(uidt: string, s: RichSettings): string | null {
  if (uidt === "Links" && !s.childId) return "field.rich.pickTable";
  if (["Lookup", "Rollup", "Count"].includes(uidt) && !s.relationId) return "field.rich.pickLink";
  if ((uidt === "Lookup" || uidt === "Rollup") && !s.targetId) return "field.rich.pickField";
  if (uidt === "Formula" && !(s.formula ?? "").trim()) return "field.rich.formulaRequired";
  if ((uidt === "QrCode" || uidt === "Barcode") && !s.sourceId) return "field.rich.pickSource";
  return null;
}

/** The column body for a rich field, with NocoDB's option names at the top of the body. */
export function richFieldBody(title: string, uidt: string, s: RichSettings, editing = false): ColumnBody {
  const body: ColumnBody = { title, uidt };
  switch (uidt) {
    case "Links":
      // The kind and the other table are fixed once the link exists.
      if (!editing) Object.assign(body, { type: s.type ?? "hm", childId: s.childId });
      break;
    case "Lookup":
      Object.assign(body, { fk_relation_column_id: s.relationId, fk_lookup_column_id: s.targetId });
      break;
    case "Rollup":
      Object.assign(body, {
        fk_relation_column_id: s.relationId,
        fk_rollup_column_id: s.targetId,
        rollup_function: s.rollupFunction ?? "sum",
      });
      break;
    case "Count":
      body.fk_relation_column_id = s.relationId;
      break;
    case "Formula":
      body.formula_raw = s.formula ?? "";
      break;
    case "QrCode":
      body.fk_qr_value_column_id = s.sourceId;
      break;
    case "Barcode":
      Object.assign(body, { fk_barcode_value_column_id: s.sourceId, meta: { barcodeFormat: s.barcodeFormat ?? "CODE128" } });
      break;
  }
  return body;
}

/** Whether the server's refusal is about the formula's text. */
export function isFormulaError(message: string | null | undefined): boolean {
  return !!message && /(^|: )Invalid formula:/.test(message);
}

/** A formula error from the server ("Field 'X': Invalid formula: … at position N") split into
 * the message and the 0-based position, when it has one. */
export function formulaError(message: string): { text: string; position: number | null } {
  const text = message.replace(/^.*?Invalid formula:\s*/s, "");
  const match = /^(.*) at position (\d+)$/s.exec(text);
  return match ? { text: match[1], position: Number(match[2]) } : { text, position: null };
}

/** The link fields whose v2 value is a count (has-many and many-to-many `Links`): the grid
 * reads their linked records once per page to show them. */
export function countedLinkFields(columns: readonly Column[]): Column[] {
  return columns.filter((c) => c.uidt === "Links" && (c.colOptions as { type?: string } | null)?.type !== "bt");
}

/** The linked records of a page (v1 rows) by primary key and field title. */
export function linkedByKey(rows: readonly RecordRow[], pkName: string, titles: readonly string[]): Map<string, RecordRow> {
  const map = new Map<string, RecordRow>();
  for (const row of rows) {
    const values: RecordRow = {};
    for (const title of titles) if (Array.isArray(row[title])) values[title] = row[title];
    map.set(String(row[pkName]), values);
  }
  return map;
}
