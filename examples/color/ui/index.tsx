// The UI of Color: a cell shows a swatch with the colour's code; the editor picks from the
// field's palette or takes a typed code; the field's settings edit the palette. Texts are the
// plugin's messages (plugin.color.<key>).
import { Button, InputGroup } from "@blueprintjs/core";
import { useLayoutEffect, useRef, useState, type CSSProperties } from "react";
import { useIntl } from "react-intl";
import { definePlugin, type CellProps, type EditorProps, type SettingsProps } from "@workbench/plugin-api";
import messages from "../workbench_color/messages.json";
import { DEFAULT_PALETTE, paletteOf, parseColour } from "./colours";

const swatch = (colour: string, size = 14): CSSProperties => ({
  display: "inline-block",
  width: size,
  height: size,
  borderRadius: 3,
  background: colour,
  border: "1px solid rgba(17, 20, 24, 0.25)",
  verticalAlign: "middle",
  flex: "none",
});

function ColorCell({ value }: CellProps) {
  const colour = typeof value === "string" ? parseColour(value) : null;
  if (!colour) return null;
  return (
    <span data-testid="color-cell" data-colour={colour} style={{ display: "inline-flex", gap: 6, alignItems: "center" }}>
      <span style={swatch(colour)} />
      <span>{colour}</span>
    </span>
  );
}

function ColorEditor({ value, typed, column, onChange, onDone, variant, inputId }: EditorProps) {
  const intl = useIntl();
  const form = variant === "form";
  const palette = paletteOf(column.meta);
  const [text, setText] = useState(typed ?? (typeof value === "string" ? value : ""));
  const input = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    if (!form) input.current?.focus();
    // Once, when the editor opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const current = parseColour(text);
  const pick = (colour: string) => {
    setText(colour);
    onChange(colour);
    onDone();
  };
  return (
    <div className={form ? "wb-form-editor" : "wb-popup-editor"} data-testid="color-editor" onMouseDown={(e) => e.target !== input.current && e.preventDefault()}>
      <div role="listbox" aria-label={intl.formatMessage({ id: "plugin.color.setting.palette" })} style={{ display: "flex", flexWrap: "wrap", gap: 4, marginBottom: 6 }}>
        {palette.map((colour) => (
          <button
            key={colour}
            type="button"
            role="option"
            aria-selected={colour === current}
            aria-label={colour}
            title={colour}
            onClick={() => pick(colour)}
            style={{ ...swatch(colour, 22), cursor: "pointer", outline: colour === current ? "2px solid #2d72d2" : undefined }}
          />
        ))}
      </div>
      <InputGroup
        inputRef={input}
        id={inputId}
        size="small"
        placeholder="#rrggbb"
        aria-label={intl.formatMessage({ id: "plugin.color.code" })}
        leftElement={current ? <span style={{ ...swatch(current), margin: 7 }} /> : undefined}
        intent={text && !current ? "danger" : "none"}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          const parsed = parseColour(event.target.value);
          if (parsed || !event.target.value) onChange(parsed);
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter" && text && !current) event.preventDefault();
        }}
      />
      {text && !current && <div style={{ color: "#cd4246", fontSize: 12, marginTop: 4 }}>{intl.formatMessage({ id: "plugin.color.invalid" })}</div>}
    </div>
  );
}

/** The field's palette: its colours, each removable, and one more to add. */
function ColorSettings({ value, onChange }: SettingsProps) {
  const intl = useIntl();
  const meta = (value.meta as Record<string, unknown> | undefined) ?? {};
  const palette = paletteOf(meta);
  const [adding, setAdding] = useState("#000000");
  const save = (next: string[]) => onChange({ ...value, meta: { ...meta, palette: next } });
  // A new field starts with the default palette written out.
  useLayoutEffect(() => {
    if (!Array.isArray(meta.palette)) save([...DEFAULT_PALETTE]);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const candidate = parseColour(adding);
  return (
    <div data-testid="color-settings">
      <div style={{ fontWeight: 600, marginBottom: 4 }}>{intl.formatMessage({ id: "plugin.color.setting.palette" })}</div>
      <div style={{ display: "flex", flexWrap: "wrap", gap: 6, marginBottom: 8 }}>
        {palette.map((colour) => (
          <span key={colour} style={{ display: "inline-flex", alignItems: "center", gap: 2 }}>
            <span style={swatch(colour, 18)} title={colour} />
            <Button
              variant="minimal"
              size="small"
              icon="cross"
              aria-label={intl.formatMessage({ id: "plugin.color.remove" }, { colour })}
              onClick={() => save(palette.filter((c) => c !== colour))}
            />
          </span>
        ))}
      </div>
      <div style={{ display: "flex", gap: 6, alignItems: "center" }}>
        <input type="color" aria-label={intl.formatMessage({ id: "plugin.color.pick" })} value={candidate ?? "#000000"} onChange={(e) => setAdding(e.target.value)} />
        <InputGroup size="small" value={adding} onChange={(e) => setAdding(e.target.value)} aria-label={intl.formatMessage({ id: "plugin.color.code" })} />
        <Button size="small" icon="add" disabled={!candidate || palette.includes(candidate)} onClick={() => candidate && save([...palette, candidate])}>
          {intl.formatMessage({ id: "plugin.color.add" })}
        </Button>
      </div>
    </div>
  );
}

export default definePlugin({
  id: "color",
  messages,
  fieldTypes: {
    Color: {
      Cell: ColorCell,
      Editor: ColorEditor,
      Settings: ColorSettings,
      settingsOf: (column) => ({ meta: { palette: paletteOf(column.meta) } }),
    },
  },
});
