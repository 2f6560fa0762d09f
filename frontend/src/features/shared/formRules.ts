// Shared-form rules: which fields are required and the messages for missing values; which
// fields a form fills, by what the catalogue says of their types.
import { capability, fieldTypeOf } from "../../plugins/catalogue";

export interface FormField {
  id: string;
  title: string;
  uidt: string;
  label?: string | null;
  pk?: boolean;
  ai?: boolean;
  rqd?: boolean;
  cdf?: unknown;
  meta?: Record<string, unknown> | null;
  colOptions?: { type?: string; fk_child_column_id?: string; options?: { title: string; color?: string }[] } | null;
  /** Marked required in the form's settings. */
  required?: boolean | null;
}

/** A field that links records (filled by picking records of the linked table). */
export function isLinkField(uidt: string): boolean {
  return !!capability(uidt, "linksRecords");
}

/** A field without a stored value of its own (lookups, formulas, ...). */
function isVirtual(uidt: string): boolean {
  return !!capability(uidt, "virtual");
}

const hasDefault = (f: Pick<FormField, "cdf">) => f.cdf !== undefined && f.cdf !== null && f.cdf !== "";

/** Required without default: required, no default, not auto-increment, not auto-generated. */
export function requiredWithoutDefault(f: FormField): boolean {
  return !!f.rqd && !hasDefault(f) && !f.ai && !f.meta?.ag;
}

/** Is the field required in a shared form? `all` resolves a belongs-to link's foreign key. */
export function isRequired(field: FormField, all: readonly FormField[] = []): boolean {
  if (field.required) return true;
  if (isLinkField(field.uidt)) {
    // a required link field needs at least 1 item (the link itself marked required, or a
    // belongs-to whose foreign key is required without default)
    if (field.rqd) return true;
    if (field.colOptions?.type !== "bt") return false;
    const fk = all.find((c) => c.id === field.colOptions?.fk_child_column_id);
    return !!fk && requiredWithoutDefault(fk);
  }
  if (isVirtual(field.uidt)) return false;
  if (field.rqd && !hasDefault(field)) return true;
  return !!field.pk && !field.ai && !hasDefault(field);
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

export interface FieldError {
  /** Message id and values for react-intl. */
  id: "form.fieldRequired" | "form.valueRequired" | "form.minLength";
  values?: Record<string, string | number>;
}

/** The error of each field of `fields` (shown in the form) for `values`, keyed by field title. */
export function validateForm(
  fields: readonly FormField[],
  values: Record<string, unknown>,
  all: readonly FormField[] = fields,
): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  for (const field of fields) {
    const value = values[field.title];
    if (isRequired(field, all) && isEmpty(value)) {
      const name = field.label || field.title;
      errors[field.title] = name ? { id: "form.fieldRequired", values: { name } } : { id: "form.valueRequired" };
      continue;
    }
    const min = Number(field.meta?.min_length ?? field.meta?.minLength ?? 0);
    if (min > 0 && typeof value === "string" && value !== "" && value.length < min) {
      errors[field.title] = { id: "form.minLength", values: { n: min } };
    }
  }
  return errors;
}

interface ModelColumn extends Omit<FormField, "label" | "required"> {
  system?: boolean;
  show?: boolean;
  order?: number | null;
}

interface ViewColumnLike {
  fk_column_id: string;
  show?: boolean | null;
  order?: number | null;
  label?: string | null;
  required?: boolean | null;
  description?: string | null;
}

export type ShownField = FormField & { description?: string | null };

/** Types a form can fill in: those a user creates and sets (virtual, engine-set and system
 * fields, and fields of a type no enabled plugin provides, are left out; links are picked
 * from the linked table). */
export function fillable(c: Pick<ModelColumn, "uidt" | "system" | "pk" | "ai" | "meta">): boolean {
  if (c.system) return false;
  if (isLinkField(c.uidt)) return true;
  const type = fieldTypeOf(c.uidt);
  if (!type || !type.creatable || type.capabilities.virtual || type.capabilities.readOnly) return false;
  if (c.pk && c.ai) return false;
  return !c.meta?.ag;
}

/** The form's fields: the table's fillable columns merged with the form's view columns (label,
 * required, description), without the hidden ones, in the form's order. */
export function formFields(columns: readonly ModelColumn[], viewColumns: readonly ViewColumnLike[] = []): ShownField[] {
  const byColumn = new Map(viewColumns.map((vc) => [vc.fk_column_id, vc]));
  return columns
    .map((c, index) => ({ c, vc: byColumn.get(c.id), index }))
    .filter(({ c, vc }) => fillable(c) && c.show !== false && vc?.show !== false)
    .sort((a, b) => (a.vc?.order ?? 1e9 + a.index) - (b.vc?.order ?? 1e9 + b.index) || a.index - b.index)
    .map(({ c, vc }) => ({ ...c, label: vc?.label || null, required: vc?.required ?? null, description: vc?.description ?? null }));
}
