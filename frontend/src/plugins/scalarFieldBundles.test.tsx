// The built-in scalar field types' UI bundles (text, selects, dates, checkbox, JSON, numbers),
// built as the server ships them: their formatting and parsing helpers, their cells, and
// their editors used by the grid's cell editor (values given to the host, keys reaching it).
import { act, fireEvent, render, screen } from "@testing-library/react";
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { useState, type ReactElement } from "react";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { IntlProvider } from "react-intl";
import type { PluginDefinition, PluginHost } from "./hostApi";
import { loadPlugins } from "./loader";
import { catalogueTexts } from "../test/pluginTexts";
import { setLoadedPlugins } from "./registry";
import { renderWithProviders } from "../test/renderWithProviders";
import { CellEditor, type Editing } from "../features/grid/CellEditor";
import { FieldValue } from "../features/grid/FieldValue";
import type { Column } from "../features/tables/api";

const host: PluginHost = { api: null, injectSlice: () => undefined };
const NAMES = ["text", "selects", "dates", "checkbox", "json", "numbers"] as const;
type Name = (typeof NAMES)[number];
let outDir: string;
const bundles = {} as Record<Name, { definition: PluginDefinition; module: Record<string, (...args: never[]) => unknown> }>;

beforeAll(async () => {
  const cache = resolve(__dirname, "../../node_modules/.cache");
  mkdirSync(cache, { recursive: true });
  outDir = mkdtempSync(join(cache, "wb-scalar-"));
  const script = pathToFileURL(resolve(__dirname, "../../scripts/build-plugins.mjs")).href;
  const { buildPluginBundle } = await import(/* @vite-ignore */ script);
  for (const name of NAMES) {
    const dir = join(outDir, name);
    cpSync(resolve(__dirname, `../../../plugins/field_types/${name}/ui`), join(dir, "ui"), { recursive: true });
    const bundle = await buildPluginBundle(join(dir, "ui", "index.tsx"), join(dir, "static"));
    const loaded = await loadPlugins([{ id: `field_${name}`, url: bundle }], host, (url) => import(/* @vite-ignore */ url));
    expect(loaded.failed).toEqual([]);
    bundles[name] = { definition: loaded.plugins[0], module: await import(/* @vite-ignore */ bundle) };
  }
}, 240_000);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));
afterEach(() => setLoadedPlugins({ plugins: [], failed: [] }));

function helper<T extends (...args: never[]) => unknown>(name: Name, fn: string): T {
  return bundles[name].module[fn] as unknown as T;
}

function col(uidt: string, extra: Partial<Column> = {}): Column {
  return { id: "c1", title: "F", uidt, ...extra } as Column;
}

function withIntl(ui: ReactElement, lang = "en") {
  return <IntlProvider locale={lang} messages={catalogueTexts(lang)}>{ui}</IntlProvider>;
}

function showCell(name: Name, column: Column, value: unknown, lang = "en") {
  setLoadedPlugins({ plugins: [bundles[name].definition], failed: [] });
  return render(withIntl(<FieldValue value={value} column={column} />, lang));
}

function edit(name: Name, column: Column, value: unknown, typed?: string) {
  setLoadedPlugins({ plugins: [bundles[name].definition], failed: [] });
  const onValue = vi.fn();
  const onDone = vi.fn();
  const onKey = vi.fn();
  const onBlur = vi.fn();
  const editing: Editing = { row: 0, col: 0, text: "", typed, error: null, saving: false };
  const noop = () => undefined;
  renderWithProviders(
    withIntl(<CellEditor column={column} editing={editing} value={value} onText={noop} onKey={onKey} onBlur={onBlur} onValue={onValue} onDone={onDone} />),
  );
  return { onValue, onDone, onKey, onBlur };
}

const editor = () => screen.getByTestId("cell-editor") as HTMLInputElement;

describe("text", () => {
  const linkHref = () => helper<(uidt: string, v: unknown) => string | null>("text", "linkHref");

  it("links e-mails, web addresses and phone numbers, never a script", () => {
    expect(linkHref()("Email", "ada@example.com")).toBe("mailto:ada@example.com");
    expect(linkHref()("Email", "not an address")).toBeNull();
    expect(linkHref()("URL", "example.com/a?b=1")).toBe("https://example.com/a?b=1");
    expect(linkHref()("URL", "http://example.org")).toBe("http://example.org/");
    expect(linkHref()("URL", "javascript:alert(1)")).toBeNull();
    expect(linkHref()("URL", " JavaScript:alert(1)")).toBeNull();
    expect(linkHref()("URL", "ftp://files.example.org")).toBeNull();
    expect(linkHref()("PhoneNumber", "+1 (555) 010-9999 ext. 12")).toBe("tel:+15550109999");
  });

  it("shows a link cell that a double click does not turn into an edit", () => {
    const onDoubleClick = vi.fn();
    setLoadedPlugins({ plugins: [bundles.text.definition], failed: [] });
    render(withIntl(<div onDoubleClick={onDoubleClick}><FieldValue value="example.com" column={col("URL")} /></div>));
    const link = screen.getByTestId("text-link");
    expect(link.getAttribute("href")).toBe("https://example.com/");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    fireEvent.doubleClick(link);
    expect(onDoubleClick).not.toHaveBeenCalled();
    showCell("text", col("URL"), "javascript:alert(1)");
    expect(screen.getAllByText("javascript:alert(1)")[0].tagName).toBe("SPAN");
  });

  it("starts a text editor from the typed key", () => {
    const { onValue } = edit("text", col("SingleLineText"), "old", "n");
    expect(editor().value).toBe("n");
    expect(onValue).toHaveBeenLastCalledWith("n");
    fireEvent.change(editor(), { target: { value: "new" } });
    expect(onValue).toHaveBeenLastCalledWith("new");
  });

  it.each([
    ["text", "SingleLineText", "old", "n", "n"],
    ["numbers", "Number", 42, "7", 7],
  ] as const)("keeps a %s editor ready in standby, then opens that same input from the typed key", (name, uidt, value, key, reported) => {
    setLoadedPlugins({ plugins: [bundles[name].definition], failed: [] });
    const onValue = vi.fn();
    const noop = () => undefined;
    let setShown: (shown: { standby: boolean; typed?: string }) => void = noop;
    function Ready() {
      const [shown, set] = useState<{ standby: boolean; typed?: string }>({ standby: true });
      setShown = set;
      return (
        <CellEditor
          column={col(uidt)}
          editing={{ row: 0, col: 0, text: "", typed: shown.typed, error: null, saving: false }}
          value={value}
          standby={shown.standby}
          onText={noop}
          onKey={noop}
          onBlur={noop}
          onValue={onValue}
          onDone={noop}
        />
      );
    }
    const { container } = renderWithProviders(withIntl(<Ready />));
    const input = container.querySelector("input") as HTMLInputElement;
    expect(input.value).toBe("");
    expect(input.dataset.testid).toBeUndefined();
    expect(document.activeElement).not.toBe(input);
    act(() => setShown({ standby: false, typed: key }));
    expect(editor()).toBe(input);
    expect(input.value).toBe(key);
    expect(document.activeElement).toBe(input);
    expect(onValue.mock.calls).toEqual([[reported]]);
    // Back in standby it is emptied; opened without a key (Enter) it starts from the value.
    act(() => setShown({ standby: true }));
    expect(input.value).toBe("");
    act(() => setShown({ standby: false }));
    expect(container.querySelector("input")).toBe(input);
    expect(input.value).toBe(String(value));
    expect(onValue.mock.calls).toEqual([[reported]]);
  });

  it("draws nothing in standby for an editor that cannot be kept ready", () => {
    setLoadedPlugins({ plugins: [bundles.text.definition], failed: [] });
    const noop = () => undefined;
    const { container } = renderWithProviders(
      withIntl(
        <CellEditor column={col("LongText")} editing={{ row: 0, col: 0, text: "", error: null, saving: false }} value="a" standby onText={noop} onKey={noop} onBlur={noop} onValue={noop} onDone={noop} />,
      ),
    );
    expect(container.querySelector("textarea, input")).toBeNull();
  });

  it("adds lines to a long text on Enter and saves on Ctrl+Enter", () => {
    const { onValue, onKey } = edit("text", col("LongText"), "one");
    fireEvent.change(editor(), { target: { value: "one\ntwo" } });
    expect(onValue).toHaveBeenLastCalledWith("one\ntwo");
    fireEvent.keyDown(editor(), { key: "Enter" });
    expect(onKey).not.toHaveBeenCalled();
    fireEvent.keyDown(editor(), { key: "Enter", ctrlKey: true });
    expect(onKey).toHaveBeenCalledTimes(1);
    expect(screen.getByText("Enter: new line · Ctrl+Enter: save")).toBeTruthy();
  });
});

describe("selects", () => {
  const options = { options: [{ title: "todo", color: "#cfdffe" }, { title: "done", color: "#1b5e20" }, { title: "late", color: "#ffdaf6" }] };

  it("picks a readable text colour for each option colour", () => {
    const on = helper<(c: string) => string>("selects", "textColourOn");
    expect(on("#cfdffe")).toBe("#1c2127");
    expect(on("#1b5e20")).toBe("#ffffff");
    expect(on("#000")).toBe("#ffffff");
    expect(on("not a colour")).toBe("#1c2127");
  });

  it("shows the chosen options as coloured tags", () => {
    showCell("selects", col("MultiSelect", { colOptions: options }), "todo,done");
    const tags = screen.getAllByTestId("select-tag");
    expect(tags.map((t) => t.textContent)).toEqual(["todo", "done"]);
    expect(tags[1].style.background).toBe("rgb(27, 94, 32)");
    expect(tags[1].style.color).toBe("rgb(255, 255, 255)");
  });

  it("filters by typing and picks with the arrows and Enter (single select)", () => {
    const { onValue, onKey } = edit("selects", col("SingleSelect", { colOptions: options }), "todo", "d");
    const filter = screen.getByTestId("select-filter") as HTMLInputElement;
    expect(filter.value).toBe("d");
    const shown = () => screen.getAllByTestId("select-option");
    expect(shown().map((o) => o.querySelector("[data-testid=select-tag]")?.textContent)).toEqual(["todo", "done"]);
    expect(shown().map((o) => o.getAttribute("aria-selected"))).toEqual(["true", "false"]);
    fireEvent.change(filter, { target: { value: "do" } });
    fireEvent.keyDown(filter, { key: "ArrowDown" });
    fireEvent.keyDown(filter, { key: "Enter" });
    expect(onValue).toHaveBeenLastCalledWith("done");
    expect(onKey.mock.calls.map(([e]) => e.key)).toEqual(["ArrowDown", "Enter"]); // the grid saves
  });

  it("toggles several options of a multi select and clears them", () => {
    const { onValue, onKey } = edit("selects", col("MultiSelect", { colOptions: options }), "todo");
    const filter = screen.getByTestId("select-filter");
    fireEvent.change(filter, { target: { value: "late" } });
    fireEvent.keyDown(filter, { key: "Enter" });
    expect(onValue).toHaveBeenLastCalledWith("todo,late");
    expect(onKey).not.toHaveBeenCalled();
    act(() => {
      fireEvent.click(screen.getAllByTestId("select-option")[0]);
    });
    expect(onValue).toHaveBeenLastCalledWith("late");
    fireEvent.click(screen.getByTestId("select-clear"));
    expect(onValue).toHaveBeenLastCalledWith(null);
    fireEvent.keyDown(filter, { key: "Enter" });
    expect(onKey).toHaveBeenCalledTimes(1);
  });

  it("saves the options picked with the mouse on Enter, without un-ticking the one under the pointer", () => {
    const { onValue, onKey } = edit("selects", col("MultiSelect", { colOptions: options }), null);
    const pickWithMouse = (index: number) =>
      act(() => {
        const option = screen.getAllByTestId("select-option")[index];
        fireEvent.mouseEnter(option);
        fireEvent.click(option);
      });
    pickWithMouse(0);
    pickWithMouse(1);
    expect(onValue).toHaveBeenLastCalledWith("todo,done");
    fireEvent.keyDown(screen.getByTestId("select-filter"), { key: "Enter" });
    expect(onValue).toHaveBeenLastCalledWith("todo,done");
    expect(onKey).toHaveBeenCalledTimes(1); // the grid saves
    expect(screen.getAllByTestId("select-option").filter((o) => o.getAttribute("aria-selected") === "true")).toHaveLength(2);
  });

  it("shows when no option matches, translated", () => {
    edit("selects", col("SingleSelect", { colOptions: options }), null, "zz");
    expect(screen.getByText("No matching options")).toBeTruthy();
  });
});

describe("dates", () => {
  it("formats dates in the column's format or the user's locale", () => {
    const formatDate = helper<(v: unknown, m: unknown, l: string) => string>("dates", "formatDate");
    expect(formatDate("2026-12-24", { date_format: "DD/MM/YYYY" }, "en")).toBe("24/12/2026");
    expect(formatDate("2026-03-04", { date_format: "DD MMM YYYY" }, "en")).toBe("04 Mar 2026");
    expect(formatDate("2026-03-04", { date_format: "D. MMMM YYYY" }, "de")).toBe("4. März 2026");
    expect(formatDate("2026-12-24", null, "en")).toBe("Dec 24, 2026");
    expect(formatDate("2026-12-24", null, "de")).toBe("24.12.2026");
    expect(formatDate(null, null, "en")).toBe("");
  });

  it("formats date-times and times, 12-hour when the column says so", () => {
    const formatDateTime = helper<(v: unknown, m: unknown, l: string, utc: boolean) => string>("dates", "formatDateTime");
    const formatTime = helper<(v: unknown, m: unknown, l: string) => string>("dates", "formatTime");
    expect(formatDateTime("2026-12-24 18:05:00+00:00", { date_format: "YYYY-MM-DD", is12hrFormat: true }, "en", true)).toBe("2026-12-24 06:05 PM");
    expect(formatDateTime("2026-12-24 18:05:00+00:00", { date_format: "DD.MM.YYYY" }, "en", true)).toBe("24.12.2026 18:05");
    expect(formatTime("18:05:00", { is12hrFormat: false }, "en")).toBe("18:05");
    expect(formatTime("18:05:30", { is12hrFormat: true }, "en")).toBe("06:05:30 PM");
  });

  it("turns the pickers' values into the API's formats", () => {
    const fromLocalInput = helper<(t: string) => string | null>("dates", "fromLocalInput");
    const toLocalInput = helper<(v: unknown) => string>("dates", "toLocalInput");
    const fromTimeInput = helper<(t: string) => string | null>("dates", "fromTimeInput");
    const local = new Date(2026, 11, 24, 9, 30);
    expect(fromLocalInput("2026-12-24T09:30")).toBe(local.toISOString().replace(/\.000Z$/, "+00:00").replace("T", " "));
    expect(toLocalInput(fromLocalInput("2026-12-24T09:30"))).toBe("2026-12-24T09:30");
    expect(fromLocalInput("")).toBeNull();
    expect(fromTimeInput("07:05")).toBe("07:05:00");
    expect(fromTimeInput("07:05:09")).toBe("07:05:09");
  });

  it("edits a date with the date picker", () => {
    const { onValue } = edit("dates", col("Date"), "2026-12-24", "7");
    expect(editor().type).toBe("date");
    expect(editor().value).toBe("2026-12-24");
    fireEvent.change(editor(), { target: { value: "2027-01-02" } });
    expect(onValue).toHaveBeenLastCalledWith("2027-01-02");
    fireEvent.change(editor(), { target: { value: "" } });
    expect(onValue).toHaveBeenLastCalledWith(null);
  });

  it("edits a time with the time picker", () => {
    const { onValue } = edit("dates", col("Time"), "10:30:00");
    expect(editor().type).toBe("time");
    fireEvent.change(editor(), { target: { value: "11:45" } });
    expect(onValue).toHaveBeenLastCalledWith("11:45:00");
  });
});

describe("checkbox", () => {
  it("shows a check, or the column's icon in its colour, and nothing when unchecked", () => {
    showCell("checkbox", col("Checkbox"), true);
    expect(screen.getByTestId("check-cell").textContent).toBe("✓");
    expect(screen.getByTestId("check-cell").getAttribute("aria-checked")).toBe("true");
    const star = showCell("checkbox", col("Checkbox", { meta: { icon: { checked: "mdi-star", unchecked: "mdi-star-outline" }, color: "#fcb401" } }), true);
    const cell = star.container.querySelector("[data-testid=check-cell]") as HTMLElement;
    expect(cell.textContent).toBe("★");
    expect(cell.style.color).toBe("rgb(252, 180, 1)");
    const off = showCell("checkbox", col("Checkbox"), false);
    expect(off.container.textContent).toBe("");
  });
});

describe("JSON", () => {
  it("shows compact JSON", () => {
    const { container } = showCell("json", col("JSON"), { a: [1, 2], b: "x" });
    expect(container.textContent).toBe('{"a":[1,2],"b":"x"}');
  });

  it("shows a parse error inline, keeps the text and does not save until it parses", () => {
    const { onValue, onKey } = edit("json", col("JSON"), { a: 1 });
    expect(editor().value).toBe('{\n  "a": 1\n}');
    fireEvent.change(editor(), { target: { value: '{"a": 1,' } });
    expect(screen.getByTestId("json-error").textContent).toMatch(/^Invalid JSON: /);
    expect(onValue).toHaveBeenLastCalledWith('{"a": 1,');
    fireEvent.keyDown(editor(), { key: "Enter", ctrlKey: true });
    expect(onKey).not.toHaveBeenCalled();
    expect(editor().value).toBe('{"a": 1,');
    fireEvent.change(editor(), { target: { value: '{"a": 2}' } });
    expect(screen.queryByTestId("json-error")).toBeNull();
    fireEvent.keyDown(editor(), { key: "Enter", ctrlKey: true });
    expect(onKey).toHaveBeenCalledTimes(1);
  });
});

describe("numbers", () => {
  it("formats decimals, currencies, percents and durations", () => {
    const m = bundles.numbers.module as unknown as Record<string, (...a: unknown[]) => unknown>;
    expect(m.formatDecimal(3.14159, { precision: 2 }, "en")).toBe("3.14");
    expect(m.formatDecimal(1234.5, { precision: 2 }, "de")).toBe("1.234,50");
    expect(m.formatCurrency(1234.5, { currency_locale: "en-US", currency_code: "USD" }, "de")).toBe("$1,234.50");
    expect(m.formatCurrency(1234.5, { currency_locale: "de-DE", currency_code: "EUR" }, "en")).toBe("1.234,50\u00a0€");
    expect(m.formatPercent(12.5, null, "en")).toBe("12.5%");
    expect(m.formatDuration(5400, null)).toBe("1:30");
    expect(m.formatDuration(3630.5, { duration: "h:mm:ss.s" })).toBe("1:00:30.5");
    expect(m.formatDuration(-75, { duration: 1 })).toBe("-0:01:15");
  });

  it("reads typed numbers and durations, leaving other text for the server", () => {
    const m = bundles.numbers.module as unknown as Record<string, (...a: unknown[]) => unknown>;
    expect(m.parseNumberInput(" 42 ")).toBe(42);
    expect(m.parseNumberInput("lots")).toBe("lots");
    expect(m.parseNumberInput("")).toBeNull();
    expect(m.parseDurationInput("1:30")).toBe(5400);
    expect(m.parseDurationInput("1:00:30.5")).toBe(3630.5);
    expect(m.parseDurationInput("90")).toBe(90);
    expect(m.parseDurationInput("1:99")).toBe("1:99");
  });

  it("shows a currency cell and edits a duration typed as h:mm", () => {
    showCell("numbers", col("Currency", { meta: { currency_locale: "en-US", currency_code: "EUR" } }), 9.5);
    expect(screen.getByText("€9.50")).toBeTruthy();
    const { onValue } = edit("numbers", col("Duration"), 5400);
    expect(editor().value).toBe("1:30");
    fireEvent.change(editor(), { target: { value: "2:15" } });
    expect(onValue).toHaveBeenLastCalledWith(8100);
  });
});

describe("in the record form (variant form)", () => {
  function formEditor(name: Name, column: Column, value: unknown) {
    const Editor = bundles[name].definition.fieldTypes?.[column.uidt]?.Editor;
    if (!Editor) throw new Error(`no editor for ${column.uidt}`);
    const onChange = vi.fn();
    const onDone = vi.fn();
    const result = render(
      withIntl(<Editor variant="form" inputId="field-1" value={value} column={column} onChange={onChange} onDone={onDone} />),
    );
    return { onChange, onDone, ...result };
  }

  it("lays a select's coloured options in the row, taking no focus", () => {
    const options = { options: [{ title: "todo", color: "#cfdffe" }, { title: "done", color: "#1b5e20" }] };
    const { onChange, container } = formEditor("selects", col("SingleSelect", { colOptions: options }), "todo");
    const box = container.querySelector(".wb-select-editor") as HTMLElement;
    expect(box.classList.contains("wb-form-editor")).toBe(true);
    expect(box.classList.contains("wb-popup-editor")).toBe(false);
    expect(document.activeElement).toBe(document.body);
    expect(screen.getByTestId("select-filter").id).toBe("field-1");
    fireEvent.click(screen.getAllByTestId("select-option")[1]);
    expect(onChange).toHaveBeenLastCalledWith("done");
    expect(screen.getAllByRole("option").map((o) => o.getAttribute("aria-selected"))).toEqual(["false", "true"]);
  });

  it("toggles a checkbox in place", () => {
    const { onChange } = formEditor("checkbox", col("Checkbox"), false);
    const box = screen.getByTestId("check-editor");
    expect(box.id).toBe("field-1");
    fireEvent.click(box);
    expect(onChange).toHaveBeenLastCalledWith(true);
    expect(box.getAttribute("aria-checked")).toBe("true");
    expect(box.textContent).toBe("✓");
    fireEvent.click(box);
    expect(onChange).toHaveBeenLastCalledWith(false);
  });

  it("shows JSON's parse error inline without the save hint, keeping the text", () => {
    const { onChange, container } = formEditor("json", col("JSON"), { a: 1 });
    expect(container.querySelector(".wb-popup-editor")).toBeNull();
    expect(container.querySelector(".wb-popup-hint")).toBeNull();
    expect(document.activeElement).toBe(document.body);
    fireEvent.change(editor(), { target: { value: '{"a": ' } });
    expect(screen.getByTestId("json-error").textContent).toMatch(/^Invalid JSON: /);
    expect(editor().value).toBe('{"a": ');
    expect(onChange).toHaveBeenLastCalledWith('{"a": ');
  });

  it("gives dates from the picker, full width", () => {
    const { onChange } = formEditor("dates", col("Date"), "2026-12-24");
    expect(editor().type).toBe("date");
    expect(editor().classList.contains("bp6-fill")).toBe(true);
    fireEvent.change(editor(), { target: { value: "2027-01-02" } });
    expect(onChange).toHaveBeenLastCalledWith("2027-01-02");
  });

  it("takes no focus with text and number editors, and shows no save hint", () => {
    const long = formEditor("text", col("LongText"), "one");
    expect(document.activeElement).toBe(document.body);
    expect(screen.queryByText(/Ctrl\+Enter/)).toBeNull();
    long.unmount();
    const { onChange } = formEditor("numbers", col("Number"), 2);
    expect(document.activeElement).toBe(document.body);
    expect(editor().id).toBe("field-1");
    fireEvent.change(editor(), { target: { value: "3.5" } });
    expect(onChange).toHaveBeenLastCalledWith(3.5);
  });
});
