"""A third-party distribution made here, installed beside Workbench (``pip install
--target`` a folder on the server's PYTHONPATH) and used through the web app
alone: a field type with its cell and editor, a view type with its body and toolbar, and an
importer of a format no built-in reads. Each appears in its menu and works; switched off in
the ini and restarted, each is gone from every menu while the data stays readable.

The bundles are written by hand as the ES modules a build makes: they take React and the
plugin API from the modules the host shares, and nothing from the host's sources."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import Server, _require_build_and_browser
from tests.e2e.support import (
    _sign_up_first_user,
    _use_token,
    add_table,
    create_project,
    display_field,
    field_cell,
    list_records,
    pick_field_type,
    saved_value,
    screenshot,
)

pytestmark = pytest.mark.e2e

DISTRIBUTION = "wb-demo-extras"
PLUGINS = ("demo_swatch", "demo_agenda", "demo_vcard")
PACKAGE = "wb_demo_extras"

SWATCH = '''
"""A colour swatch: a stored ``#rrggbb`` text, drawn as a chip of its colour."""

import re

import sqlalchemy as sa

from workbench.plugin_api import FieldType, FieldValueError, blank, hookimpl
from workbench.plugin_api import operators as ops

HEX = re.compile(r"^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")


class Swatch(FieldType):
    name = "Swatch"
    icon = "tint"
    group = "text"
    order = 900
    export_as = "text"
    import_converts = "text"
    operators = ops.TEXT
    search = "like"
    dt = "varchar"
    examples = (("#AABBCC", "#aabbcc"), ("abc", "#aabbcc"), (None, None))
    invalid_examples = ("blue", 7)

    def sql_type(self, dialect):
        return sa.String(7)

    def to_db(self, value):
        if blank(value):
            return None
        match = HEX.match(value) if isinstance(value, str) else None
        if not match:
            raise FieldValueError("a colour is written #rrggbb")
        digits = match.group(1).lower()
        if len(digits) == 3:
            digits = "".join(d * 2 for d in digits)
        return "#" + digits


@hookimpl
def register_field_types():
    return [Swatch]
'''

AGENDA = '''
"""The agenda: a view listing records one per line, by their display value."""

from workbench.plugin_api import PUBLIC_ROWS, ViewType, hookimpl


class Agenda(ViewType):
    name = "agenda"
    type = 101
    path = "agendas"
    icon = "list"
    order = 90
    public = PUBLIC_ROWS


@hookimpl
def register_view_types():
    return [Agenda]
'''

VCARD = '''
"""Contacts from vCard files (``.vcf``): one record per card, its name, e-mail and phone."""

import os

from workbench.plugin_api import Importer, ImportFileError, Sheet, hookimpl

FIELDS = {"FN": "Name", "EMAIL": "Email", "TEL": "Phone"}


class VCardImporter(Importer):
    name = "vcard"
    label = "label"
    icon = "id-number"
    extensions = ("vcf",)
    media_types = ("text/vcard",)
    header_row = False

    def sheets(self, path):
        name = os.path.splitext(os.path.basename(path))[0]
        yield Sheet(name=name, header=list(FIELDS.values()), rows=_cards(path))


def _cards(path):
    card = None
    with open(path, encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            line = line.strip()
            if line.upper() == "BEGIN:VCARD":
                card = {}
            elif line.upper() == "END:VCARD":
                if card is None:
                    raise ImportFileError(f"line {number}: END:VCARD without BEGIN:VCARD")
                yield [card.get(key) for key in FIELDS]
                card = None
            elif card is not None and ":" in line:
                key, value = line.split(":", 1)
                key = key.split(";", 1)[0].upper()
                if key in FIELDS:
                    card.setdefault(key, value)


@hookimpl
def register_importers():
    return [VCardImporter]
'''

SWATCH_BUNDLE = """
const shared = globalThis.__wbShared;
const React = shared.react;
const { definePlugin } = shared["@workbench/plugin-api"];
const h = React.createElement;
const PALETTE = ["#d13913", "#0f9960", "#2965cc"];

function SwatchCell({ value }) {
  if (!value) return null;
  const chip = h("span", {
    className: "demo-swatch-chip",
    style: { display: "inline-block", width: 12, height: 12, marginRight: 6, borderRadius: 2, background: value },
  });
  return h("span", { "data-testid": "swatch-cell", "data-colour": value }, chip, value);
}

function SwatchEditor({ value, onChange, onDone }) {
  return h(
    "span",
    { "data-testid": "swatch-editor" },
    PALETTE.map((colour) =>
      h(
        "button",
        {
          key: colour,
          type: "button",
          "data-testid": "swatch-pick",
          "data-colour": colour,
          "aria-pressed": colour === value,
          style: { background: colour, color: "white", border: 0, marginRight: 2 },
          onClick: () => {
            onChange(colour);
            onDone();
          },
        },
        colour,
      ),
    ),
  );
}

export default definePlugin({
  id: "demo_swatch",
  fieldTypes: { Swatch: { Cell: SwatchCell, Editor: SwatchEditor } },
});
"""

AGENDA_BUNDLE = """
const shared = globalThis.__wbShared;
const React = shared.react;
const { Spinner, Tag } = shared["@blueprintjs/core"];
const { definePlugin } = shared["@workbench/plugin-api"];
const h = React.createElement;
let agendaApi = null;

function useAgenda({ tableId, view }) {
  const table = agendaApi.useAgendaTableQuery(tableId);
  const records = agendaApi.useAgendaRecordsQuery({ tableId, viewId: view.id });
  const display = (table.data?.columns ?? []).find((c) => c.pv) ?? { title: "Id" };
  return { loading: table.isLoading || records.isLoading, rows: records.data?.list ?? [], display };
}

function AgendaToolbar(props) {
  const { loading, rows } = useAgenda(props);
  return h("div", { "data-testid": "agenda-toolbar", style: { padding: "8px 12px" } },
    loading ? null : h(Tag, { minimal: true }, rows.length === 1 ? "1 record" : `${rows.length} records`));
}

function AgendaView(props) {
  const { loading, rows, display } = useAgenda(props);
  if (loading) return h(Spinner, { size: 20 });
  return h("ol", { "data-testid": "agenda-list", style: { padding: "0 32px" } },
    rows.map((row, index) => h("li", { key: index, "data-testid": "agenda-item" }, String(row[display.title] ?? ""))));
}

export default definePlugin({
  id: "demo_agenda",
  messages: { en: { label: "Agenda" } },
  viewTypes: { agenda: { View: AgendaView, Toolbar: AgendaToolbar } },
  setup(host) {
    agendaApi = host.api.injectEndpoints({
      endpoints: (build) => ({
        agendaTable: build.query({ query: (tableId) => `/api/v1/db/meta/tables/${encodeURIComponent(tableId)}` }),
        agendaRecords: build.query({
          query: ({ tableId, viewId }) => ({
            url: `/api/v2/tables/${encodeURIComponent(tableId)}/records`,
            params: { viewId, limit: 100 },
          }),
          providesTags: (_result, _error, { tableId }) => [{ type: "Records", id: tableId }],
        }),
      }),
    });
  },
});
"""

MESSAGES = {
    "demo_swatch": {"en": {"type.Swatch": "Colour swatch"}, "de": {"type.Swatch": "Farbfeld"}},
    "demo_agenda": {"en": {"label": "Agenda"}, "de": {"label": "Terminliste"}},
    "demo_vcard": {"en": {"label": "Contacts (vCard)"}},
}

CONTACTS = """BEGIN:VCARD
VERSION:3.0
FN:Ada Lovelace
EMAIL;TYPE=work:ada@example.com
TEL:+44 20 7946 0000
END:VCARD
BEGIN:VCARD
VERSION:3.0
FN:Grace Hopper
EMAIL:grace@example.com
END:VCARD
"""


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")


PYPROJECT = f"""
[build-system]
requires = ["setuptools>=68"]
build-backend = "setuptools.build_meta"

[project]
name = "{DISTRIBUTION}"
version = "1.0.0"
keywords = [
    "workbench-plugin",
    "workbench-kind:demo_swatch:field_type",
    "workbench-kind:demo_agenda:view_type",
    "workbench-kind:demo_vcard:importer",
]

[project.entry-points."workbench.plugins"]
demo_swatch = "{PACKAGE}.swatch"
demo_agenda = "{PACKAGE}.agenda"
demo_vcard = "{PACKAGE}.vcard"

[tool.setuptools]
packages = ["{PACKAGE}", "{PACKAGE}.swatch", "{PACKAGE}.agenda", "{PACKAGE}.vcard"]

[tool.setuptools.package-data]
"*" = ["messages.json", "static/*"]
"""


def make_distribution(source: Path) -> None:
    """The source of ``wb-demo-extras``: its package, one module per plugin with its
    messages and (for two of them) a built UI bundle, and the pyproject naming the entry
    points and the plugins' kinds."""
    modules = {"demo_swatch": ("swatch", SWATCH), "demo_agenda": ("agenda", AGENDA), "demo_vcard": ("vcard", VCARD)}
    _write(source / "pyproject.toml", PYPROJECT)
    _write(source / PACKAGE / "__init__.py", '"""Extras for Workbench: a colour field, an agenda view, vCards."""\n')
    for plugin, (module, code) in modules.items():
        _write(source / PACKAGE / module / "__init__.py", code)
        _write(source / PACKAGE / module / "messages.json", json.dumps(MESSAGES[plugin]))
    for module, bundle in (("swatch", SWATCH_BUNDLE), ("agenda", AGENDA_BUNDLE)):
        _write(source / PACKAGE / module / "static" / "index.js", bundle)
        _write(source / PACKAGE / module / "static" / "manifest.json", json.dumps({"apiVersion": 1}))


def install(source: Path, site: Path) -> None:
    """``pip install`` the distribution into ``site`` (offline: its build needs only setuptools)."""
    pip = [str(Path(sys.executable).parent / "pip"), "install", "--quiet", "--disable-pip-version-check"]
    options = ["--no-deps", "--no-build-isolation", "--no-index", "--target", str(site), str(source)]
    subprocess.run([*pip, *options], check=True, capture_output=True, text=True)


@pytest.fixture
def server(tmp_path):
    """The server with the distribution installed beside it (the browser fixtures use it)."""
    _require_build_and_browser()
    source, site = tmp_path / "source", tmp_path / "site"
    make_distribution(source)
    install(source, site)
    assert (site / PACKAGE / "swatch" / "static" / "index.js").is_file()
    data = tmp_path / "data"
    data.mkdir()
    srv = Server(data, env={"PYTHONPATH": str(site), "WORKBENCH_PLUGINS_DISABLED": None})
    yield srv
    srv.stop()


def _plugins(server, token):
    return {p["name"]: p for p in server.api("GET", "/api/v1/plugins", token=token)["list"]}


def _open_menu_items(page, opener: str, menu: str) -> list[str]:
    page.get_by_test_id(opener).click()
    items = page.get_by_test_id(menu).get_by_role("menuitem").all_inner_texts()
    page.keyboard.press("Escape")
    return [item.strip() for item in items]


def test_a_third_party_field_view_and_importer_appear_work_and_go_when_disabled(server, page, tmp_path):
    token = _sign_up_first_user(server)
    listed = _plugins(server, token)
    assert {name: (listed[name]["enabled"], listed[name]["kind"]) for name in PLUGINS} == {
        "demo_swatch": (True, "field_type"),
        "demo_agenda": (True, "view_type"),
        "demo_vcard": (True, "importer"),
    }
    assert listed["demo_swatch"]["provides"]["fieldTypes"] == ["Swatch"]
    assert listed["demo_agenda"]["provides"]["viewTypes"] == ["agenda"]
    assert listed["demo_vcard"]["provides"]["importers"] == ["vcard"]

    project = create_project(server, token, "Studio")
    table = add_table(server, token, project["id"], "Paints", [display_field()], [{"Name": "Vermilion"}])
    _use_token(page, token)
    page.goto(f"/project/{project['id']}/table/Paints")
    expect(page.get_by_test_id("grid-row")).to_have_count(1)

    # The field type: offered in the add-field menu under its own label, with its cell and editor.
    page.get_by_test_id("add-field").click()
    page.get_by_test_id("field-title-input").fill("Colour")
    pick_field_type(page, "Colour swatch")
    page.get_by_test_id("field-submit").click()
    expect(page.locator(".bp6-dialog")).to_have_count(0)
    cell = field_cell(page, "Colour")
    cell.dblclick()
    editor = page.get_by_test_id("swatch-editor")
    expect(editor).to_be_visible()
    editor.locator("[data-colour='#0f9960']").click()
    expect(cell.get_by_test_id("swatch-cell")).to_have_attribute("data-colour", "#0f9960")
    assert saved_value(server, token, table, "Colour", "#0f9960") == "#0f9960"
    # The server checks values with the plugin's own rule.
    with pytest.raises(Exception, match="422"):
        server.api(
            "PATCH",
            f"/api/v2/tables/{table['id']}/records",
            [{"Id": 1, "Colour": "blue"}],
            token=token,
        )
    screenshot(page, "third-party-field")

    # The view type: in the create-view menu, drawn by its bundle (toolbar and body).
    page.get_by_test_id("create-view-agenda").click()
    expect(page.get_by_test_id("view-title-input")).to_have_value("Agenda")
    page.get_by_test_id("view-create-submit").click()
    expect(page).to_have_url(re.compile(r"/table/Paints/Agenda$"))
    expect(page.get_by_test_id("agenda-item")).to_have_text(["Vermilion"])
    expect(page.get_by_test_id("agenda-toolbar")).to_have_text("1 record")
    screenshot(page, "third-party-view")

    # The importer: its button in the project's import actions, its files accepted.
    contacts = tmp_path / "contacts.vcf"
    contacts.write_text(CONTACTS, encoding="utf-8")
    page.goto(f"/project/{project['id']}")
    expect(page.get_by_test_id("import-vcard")).to_contain_text("Contacts (vCard)")
    page.get_by_test_id("import-vcard").click()
    expect(page.locator(".wb-import-dialog")).to_contain_text("(.vcf)")
    # Only the options the importer reads are offered (it reads no header row, no encoding).
    expect(page.get_by_test_id("import-headers")).to_have_count(0)
    expect(page.get_by_test_id("import-encoding")).to_have_count(0)
    page.get_by_test_id("import-file-input").set_input_files(str(contacts))
    expect(page.get_by_test_id("import-file")).to_contain_text("contacts.vcf")
    page.get_by_test_id("import-upload").click()
    expect(page.get_by_test_id("import-preview-row")).to_have_count(2)
    page.get_by_test_id("import-start").click()
    expect(page.get_by_test_id("import-progress")).to_have_attribute("data-status", "done")
    page.get_by_test_id("import-close").click()
    tables = server.api("GET", f"/api/v1/db/meta/projects/{project['id']}/tables", token=token)["list"]
    imported = next(t for t in tables if t["title"] == "contacts")
    imported = server.api("GET", f"/api/v1/db/meta/tables/{imported['id']}", token=token)
    rows = list_records(server, token, imported)
    assert [(r["Name"], r["Email"], r["Phone"]) for r in rows] == [
        ("Ada Lovelace", "ada@example.com", "+44 20 7946 0000"),
        ("Grace Hopper", "grace@example.com", None),
    ]

    # Switched off in the ini and restarted: gone from every menu, the data still readable.
    server.restart(env={"WORKBENCH_PLUGINS_DISABLED": " ".join(PLUGINS)})
    listed = _plugins(server, token)
    assert [listed[name]["enabled"] for name in PLUGINS] == [False, False, False]
    catalogue = server.api("GET", "/api/v1/catalogue", token=token)
    assert "Swatch" not in {t["uidt"] for t in catalogue["fieldTypes"]}
    assert "agenda" not in {t["name"] for t in catalogue["viewTypes"]}
    assert "vcard" not in {i["name"] for i in catalogue["importers"]}
    assert not any(url for name, url in catalogue["bundles"].items() if name in PLUGINS)

    page.goto(f"/project/{project['id']}")
    expect(page.get_by_test_id("import-csv")).to_be_visible()
    expect(page.get_by_test_id("import-vcard")).to_have_count(0)
    page.goto(f"/project/{project['id']}/table/Paints")
    expect(page.get_by_test_id("grid-row")).to_have_count(1)
    expect(page.get_by_test_id("create-view-grid")).to_be_visible()
    expect(page.get_by_test_id("create-view-agenda")).to_have_count(0)
    page.get_by_test_id("add-field").click()
    page.get_by_test_id("field-type-select").click()
    page.get_by_test_id("field-type-search").fill("Colour")
    expect(page.get_by_test_id("field-type-menu").get_by_role("menuitem", name="Colour swatch")).to_have_count(0)
    page.keyboard.press("Escape")
    page.keyboard.press("Escape")
    # The stored colour reads as text with a notice, in the grid and through the API.
    unavailable = field_cell(page, "Colour").get_by_test_id("field-unavailable")
    expect(unavailable).to_contain_text("#0f9960")
    expect(unavailable.get_by_label(re.compile("type is not available"))).to_be_visible()
    assert list_records(server, token, table)[0]["Colour"] == "#0f9960"
    # The agenda view is kept but not listed while its type is away.
    expect(page.get_by_test_id("view-item")).to_have_text(["Paints"])
    screenshot(page, "third-party-disabled")
