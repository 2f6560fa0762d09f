// The UI of SingleSelect and MultiSelect: the chosen options as tags in their colours (the
// text dark or white, whichever reads better); the editor lists the options in their colours
// under a filter: typing filters, the arrows move, Enter picks (a single select saves; a
// multi select toggles the option, and Enter with none highlighted saves), a click picks,
// and the pointer only highlights (Enter after picks made with the mouse saves them),
// and Clear empties the value. In the record form (variant "form") the list lies in the
// form's row instead of popping up over a cell, and the filter takes no focus of its own.
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { useIntl } from "react-intl";
import { FormGroup, InputGroup, Tag } from "@blueprintjs/core";
import { definePlugin, type CellProps, type EditorProps, type SettingsProps } from "@workbench/plugin-api";
import { chosenTitles, filterOptions, optionsOf, textColourOn, toggled, type SelectOption } from "./options";

export { chosenTitles, filterOptions, textColourOn, toggled };

function OptionTag({ option, title }: { option?: SelectOption; title: string }) {
  const background = option?.color ?? "#eeeeee";
  return (
    <Tag round minimal className="wb-select-tag" style={{ background, color: textColourOn(background) }} data-testid="select-tag">
      {title}
    </Tag>
  );
}

function SelectCell({ value, column }: CellProps) {
  const options = optionsOf(column.colOptions);
  return (
    <span className="wb-select-cell">
      {chosenTitles(value).map((title) => (
        <OptionTag key={title} title={title} option={options.find((o) => o.title === title)} />
      ))}
    </span>
  );
}

function SelectEditor({ value, typed, column, onChange, onDone, variant, inputId }: EditorProps) {
  const intl = useIntl();
  const form = variant === "form";
  const multi = column.uidt === "MultiSelect";
  const options = optionsOf(column.colOptions);
  const [chosen, setChosen] = useState(() => chosenTitles(value));
  const [filter, setFilter] = useState(typed ?? "");
  const shown = filterOptions(options, filter);
  const current = !multi && chosen.length ? shown.findIndex((o) => o.title === chosen[0]) : -1;
  // The highlighted option: the first match while filtering, else the current single choice.
  const [highlight, setHighlight] = useState(typed ? 0 : current);
  // Whether the highlight was placed by the keyboard (arrows, filtering): only then does
  // Enter toggle it in a multi select; one left under the pointer is for the eye only.
  const keyed = useRef(!!typed);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (!form) input.current?.focus();
    // Once, when the editor opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useLayoutEffect(() => {
    list.current?.querySelector("[data-highlighted=true]")?.scrollIntoView?.({ block: "nearest" });
  }, [highlight]);

  const pick = (title: string) => {
    if (multi) {
      const next = toggled(chosen, title);
      setChosen(chosenTitles(next));
      onChange(next);
    } else {
      setChosen([title]);
      onChange(title);
    }
  };
  const clear = () => {
    setChosen([]);
    onChange(null);
    if (!multi) onDone();
  };
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!shown.length) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      keyed.current = true;
      setHighlight((h) => (h < 0 ? (step > 0 ? 0 : shown.length - 1) : (h + step + shown.length) % shown.length));
    } else if (event.key === "Enter" && !event.ctrlKey && !event.metaKey && !event.shiftKey) {
      const option = shown[highlight];
      if (!option) return; // nothing highlighted: the grid saves
      if (multi && !keyed.current) return; // picked with the mouse: the grid saves them
      if (multi) {
        // Toggle and stay; the next Enter (nothing highlighted) saves.
        event.preventDefault();
        event.stopPropagation();
        pick(option.title);
        setFilter("");
        setHighlight(-1);
      } else {
        pick(option.title); // the grid then saves it
      }
    }
  };

  return (
    <div className={`${form ? "wb-form-editor" : "wb-popup-editor"} wb-select-editor`} onMouseDown={(e) => e.target !== input.current && e.preventDefault()}>
      <div className="wb-select-editor-head">
        <input
          ref={input}
          id={inputId}
          className={form ? "bp6-input bp6-fill" : "bp6-input bp6-small bp6-fill"}
          value={filter}
          placeholder={intl.formatMessage({ id: "plugin.field_selects.find" })}
          aria-label={intl.formatMessage({ id: "plugin.field_selects.find" })}
          role="combobox"
          aria-expanded
          aria-controls={`wb-select-${column.id}`}
          onChange={(e) => {
            setFilter(e.currentTarget.value);
            keyed.current = true;
            setHighlight(e.currentTarget.value.trim() ? 0 : -1);
          }}
          onKeyDown={onKey}
          data-testid="select-filter"
        />
        <button type="button" className={form ? "bp6-button bp6-minimal" : "bp6-button bp6-small bp6-minimal"} onClick={clear} disabled={!chosen.length} data-testid="select-clear">
          {intl.formatMessage({ id: "plugin.field_selects.clear" })}
        </button>
      </div>
      <div
        ref={list}
        id={`wb-select-${column.id}`}
        className="wb-select-options"
        role="listbox"
        aria-multiselectable={multi || undefined}
        data-testid="select-options"
      >
        {shown.map((option, i) => {
          const selected = chosen.includes(option.title);
          return (
            <div
              key={option.title}
              role="option"
              aria-selected={selected}
              data-highlighted={i === highlight}
              className={`wb-select-option${i === highlight ? " wb-select-option-active" : ""}`}
              onMouseEnter={() => {
                keyed.current = false;
                setHighlight(i);
              }}
              onClick={() => {
                keyed.current = false;
                pick(option.title);
                if (!multi) onDone();
              }}
              data-testid="select-option"
            >
              <span className="wb-select-check">{selected ? "✓" : ""}</span>
              <OptionTag title={option.title} option={option} />
            </div>
          );
        })}
        {!shown.length && <div className="bp6-text-muted wb-select-none">{intl.formatMessage({ id: "plugin.field_selects.none" })}</div>}
      </div>
    </div>
  );
}

const ui = { Cell: SelectCell, Editor: SelectEditor };

/** The options of a new select, or options added to an existing one, typed as a comma
 * separated list. */
function SelectSettings({ value, onChange }: SettingsProps) {
  const intl = useIntl();
  const [text, setText] = useState("");
  return (
    <FormGroup label={intl.formatMessage({ id: "plugin.field_selects.settings.options" })} labelFor="field-options">
      <InputGroup
        id="field-options"
        value={text}
        placeholder="a, b, c"
        data-testid="field-options"
        onValueChange={(next) => {
          setText(next);
          const list = next.split(",").map((o) => o.trim()).filter(Boolean);
          const { colOptions: _omit, ...rest } = value;
          onChange(list.length ? { ...rest, colOptions: { options: list.map((title) => ({ title })) } } : rest);
        }}
      />
    </FormGroup>
  );
}

const settingsUI = { Settings: SelectSettings, settingsOf: () => ({}) };

export default definePlugin({
  id: "field_selects",
  fieldTypes: { SingleSelect: { ...ui, ...settingsUI }, MultiSelect: { ...ui, ...settingsUI } },
});
