// The UI of Checkbox: a ticked box shows its icon (meta.icon.checked, e.g. a star or a heart,
// else a check mark) in the column's colour (meta.color); an unticked one an empty box. The
// grid toggles the value itself (a click on the box, a double click elsewhere in the cell,
// Enter or Space); the editor, used by the record form, is the same box toggled in place by a
// click or Space.
import { useState, type KeyboardEvent } from "react";
import { definePlugin, type CellProps, type EditorProps } from "@workbench/plugin-api";

const GLYPHS: [RegExp, string][] = [
  [/star/i, "★"],
  [/heart/i, "♥"],
  [/thumb/i, "👍"],
  [/flag/i, "⚑"],
  [/circle/i, "●"],
];

/** The character for a checked box: from the icon name in the column's meta (NocoDB's
 * meta.icon.checked such as "mdi-star", or meta.icon as a name), else a check mark. */
export function checkedGlyph(meta: Record<string, unknown> | null | undefined): string {
  const icon = meta?.icon;
  const name = typeof icon === "string" ? icon : typeof (icon as { checked?: unknown } | undefined)?.checked === "string" ? (icon as { checked: string }).checked : "";
  return GLYPHS.find(([pattern]) => pattern.test(name))?.[1] ?? "✓";
}

function colourOf(meta: Record<string, unknown> | null | undefined): string | undefined {
  const colour = meta?.color;
  return typeof colour === "string" && /^#[0-9a-f]{3,8}$|^[a-z]+$/i.test(colour) ? colour : undefined;
}

function CheckboxCell({ value, column }: CellProps) {
  const checked = !!value;
  return (
    <span
      className={`wb-check-cell${checked ? " wb-check-on" : ""}`}
      role="checkbox"
      aria-checked={checked}
      aria-readonly
      style={checked ? { color: colourOf(column.meta) } : undefined}
      data-testid="check-cell"
    >
      {checked ? checkedGlyph(column.meta) : ""}
    </span>
  );
}

function CheckboxEditor({ value, column, onChange, inputId }: EditorProps) {
  const [checked, setChecked] = useState(!!value);
  const toggle = () => {
    setChecked(!checked);
    onChange(!checked);
  };
  const onKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    // Space toggles (a button's own click); Enter is left to the host.
    if (event.key === "Enter") event.preventDefault();
  };
  return (
    <button
      type="button"
      id={inputId}
      className={`wb-check-cell wb-check-editor${checked ? " wb-check-on" : ""}`}
      role="checkbox"
      aria-checked={checked}
      style={checked ? { color: colourOf(column.meta) } : undefined}
      onClick={toggle}
      onKeyDown={onKey}
      data-testid="check-editor"
    >
      {checked ? checkedGlyph(column.meta) : ""}
    </button>
  );
}

export default definePlugin({
  id: "field_checkbox",
  fieldTypes: { Checkbox: { Cell: CheckboxCell, Editor: CheckboxEditor } },
});
