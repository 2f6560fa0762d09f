// The fields a kanban is built on, by what the catalogue says of their types.
import { fieldType, type FieldColumn } from "@workbench/plugin-api";

/** A field whose value is one of its options (a single choice): what stacks are made of. */
export function isSingleChoice(c: Pick<FieldColumn, "uidt">): boolean {
  const type = fieldType(c.uidt);
  return !!type?.settings.properties?.colOptions?.properties?.options && type.capabilities.filterOperators.includes("eq");
}
