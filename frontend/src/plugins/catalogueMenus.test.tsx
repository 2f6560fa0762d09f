// The menus and switches the web app builds from the catalogue: the add-field menu (grouped,
// searchable, with icons, translated), a type's settings (its bundle's component, else a form
// generated from its schema), the create-view menu and the view body, the import actions and
// the files they take, the sign-in buttons, a field whose type is not available, and the
// catalogue read again in another language.
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders, builtinCatalogue } from "../test/renderWithProviders";
import { SignIn } from "../features/auth/SignIn";
import { FieldDialog } from "../features/grid/FieldDialog";
import { FieldValue } from "../features/grid/FieldValue";
import { ImportActions, ImportIntoTableButton } from "../features/imports/ImportActions";
import { ImportProvider } from "../features/imports/ImportContext";
import { acceptOf, importTypeOf } from "../features/imports/fileTypes";
import { localeLoaded } from "../features/i18n/localeSlice";
import { defaultSettings } from "../features/settings/settings";
import { settingsLoaded } from "../features/settings/settingsSlice";
import { enMessages } from "../features/i18n/messages";
import { CapabilitiesContext, capabilities } from "../features/projects/permissions";
import type { Column, TableMeta } from "../features/tables/api";
import { ViewBody } from "../features/views/ViewBody";
import { ViewsSidebar } from "../features/views/ViewsSidebar";
import { setCatalogue, type Catalogue, type CatalogueFieldType } from "./catalogue";
import { setLoadedPlugins } from "./registry";

afterEach(() => setLoadedPlugins({ plugins: [], failed: [] }));

/** The built-in catalogue changed by `change` (a copy). */
function catalogueWith(change: (c: Catalogue) => void): Catalogue {
  const copy = structuredClone(builtinCatalogue);
  change(copy);
  return copy;
}

const rating: CatalogueFieldType = {
  ...builtinCatalogue.fieldTypes.find((t) => t.uidt === "Number")!,
  uidt: "Stars",
  plugin: "acme_stars",
  label: "plugin.acme_stars.type.Stars",
  icon: "star",
  group: "number",
  order: 135,
  settings: {
    type: "object",
    required: ["colour"],
    properties: {
      colour: { type: "string", title: "plugin.acme_stars.setting.colour" },
      meta: {
        type: "object",
        properties: {
          max: { type: "integer", minimum: 1, maximum: 10, default: 5, title: "plugin.acme_stars.setting.max" },
          half: { type: "boolean", default: false, title: "plugin.acme_stars.setting.half" },
          shape: { type: "string", enum: ["star", "heart"], default: "star", title: "plugin.acme_stars.setting.shape" },
        },
      },
    },
  },
  bundle: null,
};

const withStars = () =>
  catalogueWith((c) => {
    c.fieldTypes.push(rating);
    Object.assign(c.messages, {
      "plugin.acme_stars.type.Stars": "Stars",
      "plugin.acme_stars.setting.colour": "Colour",
      "plugin.acme_stars.setting.max": "Most stars",
      "plugin.acme_stars.setting.half": "Half stars",
      "plugin.acme_stars.setting.shape": "Shape",
    });
  });

function openFieldDialog(catalogue: Catalogue = builtinCatalogue, onSubmit = vi.fn()) {
  renderWithProviders(<FieldDialog isOpen taken={[]} onSubmit={onSubmit} onCancel={vi.fn()} />, { boot: { catalogue } });
  fireEvent.change(screen.getByTestId("field-title-input"), { target: { value: "Score" } });
  return onSubmit;
}

const openTypeMenu = () => {
  fireEvent.click(screen.getByTestId("field-type-select"));
  return screen.getByTestId("field-type-menu");
};

describe("the add-field menu", () => {
  it("lists the creatable types by group, in words, each with its icon", () => {
    openFieldDialog();
    const menu = openTypeMenu();
    const headings = [...menu.querySelectorAll(".bp6-menu-header")].map((h) => h.textContent);
    expect(headings).toEqual(["Text", "Numbers", "Dates and times", "Choices", "Links", "Computed", "Files", "Other"]);
    const option = within(menu).getByTestId("field-type-option-SingleLineText");
    expect(option.textContent).toBe("Single line text");
    expect(option.querySelector('[data-icon="font"]')).not.toBeNull();
    // never the raw names, and not the types no one creates
    expect(menu.textContent).not.toContain("SingleLineText");
    expect(within(menu).queryByTestId("field-type-option-ID")).toBeNull();
    expect(within(menu).queryByTestId("field-type-option-ForeignKey")).toBeNull();
  });

  it("filters as one types, and Enter picks the first match", () => {
    openFieldDialog();
    const menu = openTypeMenu();
    fireEvent.change(within(menu).getByTestId("field-type-search"), { target: { value: "date" } });
    const shown = within(menu).getAllByTestId(/^field-type-option-/).map((o) => o.textContent);
    expect(shown).toEqual(["Date", "Date and time"]);
    fireEvent.change(within(menu).getByTestId("field-type-search"), { target: { value: "zzz" } });
    expect(menu.textContent).toContain("No field type matches");
    fireEvent.change(within(menu).getByTestId("field-type-search"), { target: { value: "phone" } });
    fireEvent.keyDown(within(menu).getByTestId("field-type-search"), { key: "Enter" });
    expect(screen.getByTestId("field-type-select").textContent).toBe("Phone number");
  });

  it("shows the labels of the catalogue's language", () => {
    const german = catalogueWith((c) => {
      c.messages["plugin.field_text.type.SingleLineText"] = "Einzeiliger Text";
    });
    openFieldDialog(german);
    expect(within(openTypeMenu()).getByTestId("field-type-option-SingleLineText").textContent).toBe("Einzeiliger Text");
  });

  it("offers a plugin's type and drops a disabled plugin's", () => {
    const catalogue = catalogueWith((c) => {
      c.fieldTypes = c.fieldTypes.filter((t) => t.plugin !== "field_selects");
      c.fieldTypes.push(rating);
      c.messages["plugin.acme_stars.type.Stars"] = "Stars";
    });
    openFieldDialog(catalogue);
    const menu = openTypeMenu();
    expect(within(menu).getByTestId("field-type-option-Stars").textContent).toBe("Stars");
    expect(within(menu).queryByTestId("field-type-option-SingleSelect")).toBeNull();
  });
});

describe("a type's settings", () => {
  it("are a form generated from the type's schema when its plugin has no settings component", () => {
    const onSubmit = openFieldDialog(withStars());
    fireEvent.click(within(openTypeMenu()).getByTestId("field-type-option-Stars"));
    const form = screen.getByTestId("schema-form");
    expect(within(form).getByLabelText("Most stars")).toHaveProperty("value", "5");
    expect(within(form).getByLabelText("Shape")).toHaveProperty("value", "star");
    fireEvent.change(within(form).getByLabelText("Most stars"), { target: { value: "7" } });
    fireEvent.click(within(form).getByLabelText("Half stars"));
    fireEvent.change(within(form).getByLabelText("Shape"), { target: { value: "heart" } });
    // the required setting is asked for before anything is sent
    fireEvent.click(screen.getByTestId("field-submit"));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByTestId("field-missing").textContent).toBe("Set “Colour” first");
    fireEvent.change(within(form).getByLabelText("Colour"), { target: { value: "gold" } });
    fireEvent.click(screen.getByTestId("field-submit"));
    expect(onSubmit).toHaveBeenCalledWith({
      title: "Score",
      uidt: "Stars",
      colour: "gold",
      meta: { max: 7, half: true, shape: "heart" },
    });
  });

  it("are the bundle's settings component when it has one, with the table's fields", () => {
    setLoadedPlugins({
      plugins: [
        {
          id: "acme_stars",
          fieldTypes: {
            Stars: {
              Settings: ({ value, onChange, columns }) => (
                <button type="button" data-testid="own-settings" onClick={() => onChange({ ...value, colour: columns[0].title })}>
                  own
                </button>
              ),
            },
          },
        },
      ],
      failed: [],
    });
    const onSubmit = vi.fn();
    const columns = [{ id: "c1", title: "Name", uidt: "SingleLineText" }] as Column[];
    renderWithProviders(<FieldDialog isOpen taken={[]} columns={columns} onSubmit={onSubmit} onCancel={vi.fn()} />, { boot: { catalogue: withStars() } });
    fireEvent.change(screen.getByTestId("field-title-input"), { target: { value: "Score" } });
    fireEvent.click(within(openTypeMenu()).getByTestId("field-type-option-Stars"));
    expect(screen.queryByTestId("schema-form")).toBeNull();
    fireEvent.click(screen.getByTestId("own-settings"));
    fireEvent.click(screen.getByTestId("field-submit"));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ uidt: "Stars", colour: "Name", meta: { max: 5, half: false, shape: "star" } }));
  });

  it("are read from an existing field", () => {
    const onSubmit = vi.fn();
    const column = { id: "c9", title: "Score", uidt: "Stars", colOptions: { colour: "red" }, meta: { max: 3 } } as unknown as Column;
    renderWithProviders(<FieldDialog isOpen column={column} taken={["Score"]} onSubmit={onSubmit} onCancel={vi.fn()} />, { boot: { catalogue: withStars() } });
    expect(screen.getByLabelText("Colour")).toHaveProperty("value", "red");
    expect(screen.getByLabelText("Most stars")).toHaveProperty("value", "3");
    fireEvent.click(screen.getByTestId("field-submit"));
    expect(onSubmit).toHaveBeenCalledWith({ title: "Score", uidt: "Stars", colour: "red", meta: { max: 3 } });
  });
});

const table = { id: "md_t", title: "Parts", project_id: "p_1", columns: [{ id: "c1", title: "Name", uidt: "SingleLineText", pv: true }] } as unknown as TableMeta;

function sidebar(catalogue: Catalogue) {
  return renderWithProviders(
    <ViewsSidebar tableId="md_t" views={[]} active={null} columns={[]} editable onOpen={vi.fn()} onRenamed={vi.fn()} onDeleted={vi.fn()} />,
    { boot: { catalogue } },
  );
}

describe("the create-view menu and the view body", () => {
  it("offer the catalogue's view types in order, in words, with their icons", () => {
    sidebar(builtinCatalogue);
    const items = screen.getAllByTestId(/^create-view-/);
    expect(items.map((i) => i.dataset.testid)).toEqual(["create-view-grid", "create-view-form", "create-view-gallery", "create-view-kanban", "create-view-calendar"]);
    expect(items.map((i) => i.textContent)).toEqual(["Grid", "Form", "Gallery", "Kanban", "Calendar"]);
    expect(items[3].querySelector('[data-icon="column-layout"]')).not.toBeNull();
  });

  it("drop a disabled view plugin and offer another plugin's", () => {
    sidebar(
      catalogueWith((c) => {
        c.viewTypes = c.viewTypes.filter((v) => v.plugin !== "view_kanban");
        c.viewTypes.push({ name: "timeline", plugin: "acme_timeline", label: "plugin.acme_timeline.label", icon: "timeline-events", order: 60, type: 90, path: "timelines", readable: false, public: "rows", settings: {}, bundle: "acme_timeline" });
        c.messages["plugin.acme_timeline.label"] = "Timeline";
      }),
    );
    expect(screen.queryByTestId("create-view-kanban")).toBeNull();
    expect(screen.getByTestId("create-view-timeline").textContent).toBe("Timeline");
  });

  it("draw a view with its bundle's component, and say so when no plugin draws its type", () => {
    const catalogue = catalogueWith((c) => {
      c.viewTypes.push({ name: "timeline", plugin: "acme_timeline", label: "plugin.acme_timeline.label", icon: "timeline-events", order: 60, type: 90, path: "timelines", readable: false, public: "rows", settings: {}, bundle: "acme_timeline" });
      c.messages["plugin.acme_timeline.label"] = "Timeline";
    });
    setLoadedPlugins({
      plugins: [{ id: "acme_timeline", viewTypes: { timeline: { View: ({ view, tableId }) => <p data-testid="timeline">{`${view.title} of ${tableId}`}</p> } } }],
      failed: [],
    });
    const { unmount } = renderWithProviders(<ViewBody table={table} view={{ id: "vw_1", title: "Plan", type: 90 }} />, { boot: { catalogue } });
    expect(screen.getByTestId("timeline").textContent).toBe("Plan of md_t");
    unmount();
    renderWithProviders(<ViewBody table={table} view={{ id: "vw_2", title: "Board", type: 4 }} />, {
      boot: { catalogue: catalogueWith((c) => void (c.viewTypes = c.viewTypes.filter((v) => v.plugin !== "view_kanban"))) },
    });
    expect(screen.getByTestId("view-unavailable").textContent).toContain("This view cannot be shown");
    expect(screen.queryByTestId("grid")).toBeNull();
  });
});

describe("the import actions", () => {
  const catalogue = catalogueWith((c) => {
    c.importers = c.importers!.filter((i) => i.plugin !== "importer_excel");
    c.importers!.push({ name: "ndjson", plugin: "acme_ndjson", label: "plugin.acme_ndjson.label", icon: "code", extensions: ["ndjson", "jsonl"], mediaTypes: [], optionKeys: [], bundle: null });
    c.messages["plugin.acme_ndjson.label"] = "JSON lines";
  });

  it("are one per importer of the catalogue, taking the files each lists", async () => {
    renderWithProviders(
      <CapabilitiesContext.Provider value={capabilities({ creator: true })}>
        <ImportProvider projectId="p_1" takenTables={[]} onOpenTable={vi.fn()}>
          <ImportActions />
          <ImportIntoTableButton table={{ id: "md_t", title: "Parts" }} />
        </ImportProvider>
      </CapabilitiesContext.Provider>,
      { boot: { catalogue } },
    );
    expect(screen.getAllByRole("button").map((b) => b.textContent)).toEqual(["Import CSV file", "Import JSON file", "Import JSON lines", "Import into this table"]);
    fireEvent.click(screen.getByTestId("import-ndjson"));
    expect((await screen.findByTestId("import-file-input")).getAttribute("accept")).toBe(".ndjson,.jsonl");
    expect(importTypeOf("log.JSONL", ["csv", "ndjson"])).toBe("ndjson");
    expect(importTypeOf("book.xlsx", ["csv", "excel", "ndjson"])).toBeNull();
    expect(acceptOf(["csv", "excel"])).toBe(".csv");
  });
});

describe("the sign-in page", () => {
  it("shows a button per configured redirect provider and the form while a form provider is enabled", async () => {
    const catalogue = catalogueWith((c) => {
      c.authProviders.push(
        { name: "acme_sso", plugin: "acme_sso", label: "plugin.acme_sso.label", icon: "office", kind: "redirect", configured: true, bundle: null },
        { name: "other_sso", plugin: "other_sso", label: "plugin.other_sso.label", icon: "globe", kind: "redirect", configured: false, bundle: null },
      );
      c.messages["plugin.acme_sso.label"] = "Acme";
      c.messages["plugin.other_sso.label"] = "Other";
    });
    const { unmount, store } = renderWithProviders(<SignIn />, { boot: { catalogue } });
    // The buttons come once the page is hydrated (the prerendered page has no catalogue).
    expect(screen.queryByTestId("signin-provider-acme_sso")).toBeNull();
    act(() => void store.dispatch(settingsLoaded(defaultSettings())));
    const acme = await screen.findByTestId("signin-provider-acme_sso");
    expect(acme.textContent).toBe("Sign in with Acme");
    expect(acme.getAttribute("href")).toBe("/auth/acme_sso");
    // Without its settings, no button.
    expect(screen.queryByTestId("signin-provider-other_sso")).toBeNull();
    expect(screen.getByTestId("signin-submit")).toBeTruthy();
    unmount();

    renderWithProviders(<SignIn />, { boot: { catalogue: catalogueWith((c) => void (c.authProviders = [])) } });
    expect(screen.queryByTestId("signin-submit")).toBeNull();
    expect(screen.queryByTestId("signin-providers")).toBeNull();
  });
});

describe("a field whose type is not available", () => {
  it("shows its stored value as read-only text with a notice, or the notice alone", () => {
    const column = { id: "c1", title: "Mood", uidt: "Mood" } as Column;
    const { unmount } = renderWithProviders(<FieldValue value="happy" column={column} />);
    const shown = screen.getByTestId("field-unavailable");
    expect(shown.textContent).toContain("happy");
    expect(shown.querySelector('[data-icon="warning-sign"]')).not.toBeNull();
    unmount();
    renderWithProviders(<FieldValue value={undefined} column={column} />);
    expect(screen.getByTestId("field-unavailable").textContent).toContain("This field's type is not available");
  });

  it("is shown so when its plugin is disabled, and a known type is not", () => {
    setCatalogue(catalogueWith((c) => void (c.fieldTypes = c.fieldTypes.filter((t) => t.plugin !== "field_numbers"))));
    const { unmount } = renderWithProviders(<FieldValue value={4} column={{ id: "c", title: "Stars", uidt: "Rating" } as Column} />, {
      boot: { catalogue: catalogueWith((c) => void (c.fieldTypes = c.fieldTypes.filter((t) => t.plugin !== "field_numbers"))) },
    });
    expect(screen.getByTestId("field-unavailable").textContent).toContain("4");
    unmount();
    renderWithProviders(<FieldValue value="x" column={{ id: "c", title: "Name", uidt: "SingleLineText" } as Column} />);
    expect(screen.queryByTestId("field-unavailable")).toBeNull();
  });
});

describe("the catalogue in another language", () => {
  it("is read from the server when the language changes", async () => {
    const german = catalogueWith((c) => {
      c.messages["plugin.field_text.type.SingleLineText"] = "Einzeiliger Text";
    });
    const fetch = vi.fn(async (url: string) => new Response(JSON.stringify(url.includes("lang=de") ? german : builtinCatalogue), { headers: { "content-type": "application/json" } }));
    const { store } = renderWithProviders(<FieldDialog isOpen taken={[]} onSubmit={vi.fn()} onCancel={vi.fn()} />, { fetch: fetch as unknown as typeof globalThis.fetch });
    expect(fetch).not.toHaveBeenCalled(); // the boot state's catalogue needs no request
    act(() => {
      store.dispatch(localeLoaded({ lang: "de", messages: enMessages }));
    });
    await waitFor(() => expect(fetch).toHaveBeenCalledWith(expect.stringContaining("/api/v1/catalogue?lang=de"), expect.anything()));
  });
});
