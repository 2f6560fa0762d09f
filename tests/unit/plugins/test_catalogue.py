"""The catalogue describes every built-in field type, view type, importer and auth provider:
each is present, labelled in every language, drawn with an icon Blueprint has, and its
settings are a valid JSON Schema whose titles are texts of its plugin."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from workbench.plugins import load_plugins
from workbench.plugins.catalogue import API_VERSION, Catalogue

ROOT = Path(__file__).resolve().parents[3]
LANGUAGES = sorted(p.stem for p in (ROOT / "i18n").glob("*.json"))
ICONS_FILE = ROOT / "frontend" / "node_modules" / "@blueprintjs" / "icons" / "icons.json"
GROUPS = {"text", "number", "date", "choice", "link", "computed", "file", "other"}
EXPORT_FORMS = {"text", "number", "boolean", "date", "datetime", "json", "files", "records", "list"}

PLUGIN_SET = load_plugins({})
CATALOGUE = Catalogue(PLUGIN_SET, {})
FULL = {lang: CATALOGUE.get(lang, signed_in=True, bundles={}) for lang in LANGUAGES}
EN = FULL["en"]

# The built-ins, by the names clients send.
FIELD_TYPES = [
    "SingleLineText", "LongText", "Email", "URL", "PhoneNumber", "Number", "Decimal", "Currency",
    "Percent", "Duration", "Rating", "Year", "Date", "DateTime", "Time", "CreateTime", "CreatedTime",
    "LastModifiedTime", "Checkbox", "SingleSelect", "MultiSelect", "JSON", "LinkToAnotherRecord",
    "Links", "ForeignKey", "Count", "Lookup", "Rollup", "Formula", "QrCode", "Barcode", "Attachment",
    "Geometry", "ID", "SpecificDBType", "Button",
]  # fmt: skip
VIEW_TYPES = ["grid", "form", "gallery", "kanban", "calendar"]
IMPORTERS = ["csv", "excel", "json"]
AUTH_PROVIDERS = ["github", "google", "oidc", "password"]
# What the add-field menu offered before the catalogue: it must offer at least these.
OFFERED_BEFORE = {
    "SingleLineText", "LongText", "Number", "Decimal", "Currency", "Percent", "Rating", "Checkbox",
    "Date", "DateTime", "Time", "Year", "Duration", "Email", "URL", "PhoneNumber", "SingleSelect",
    "MultiSelect", "JSON", "Links", "Lookup", "Rollup", "Count", "Formula", "QrCode", "Barcode",
    "Attachment",
}  # fmt: skip

NOTIFIERS = ["URL", "Email", "Slack", "Microsoft Teams", "Discord", "Mattermost"]


def _entries():
    for key, name_key, names in (
        ("fieldTypes", "uidt", FIELD_TYPES),
        ("viewTypes", "name", VIEW_TYPES),
        ("importers", "name", IMPORTERS),
        ("authProviders", "name", AUTH_PROVIDERS),
        ("notifiers", "name", NOTIFIERS),
    ):
        by_name = {entry[name_key]: entry for entry in EN[key]}
        for name in names:
            yield pytest.param(key, name, by_name.get(name), id=f"{key}:{name}")


def _plugin_messages(plugin: str) -> dict:
    info = next(i for i in PLUGIN_SET.infos if i.name == plugin)
    module = info.module.split(":")[0].replace("workbench_plugins.", "plugins.").replace(".", "/")
    return json.loads((ROOT / module / "messages.json").read_text(encoding="utf-8"))


def _titles(schema) -> list[str]:
    found = []
    if isinstance(schema, dict):
        for key, value in schema.items():
            if key == "title" and isinstance(value, str):
                found.append(value)
            else:
                found += _titles(value)
    elif isinstance(schema, list):
        for item in schema:
            found += _titles(item)
    return found


def test_the_catalogue_lists_exactly_the_builtins():
    assert sorted(t["uidt"] for t in EN["fieldTypes"]) == sorted(FIELD_TYPES)
    assert sorted(v["name"] for v in EN["viewTypes"]) == sorted(VIEW_TYPES)
    assert sorted(i["name"] for i in EN["importers"]) == IMPORTERS
    assert [p["name"] for p in EN["authProviders"]] == AUTH_PROVIDERS
    assert EN["apiVersion"] == API_VERSION


@pytest.mark.parametrize(("key", "name", "entry"), list(_entries()))
def test_each_builtin_is_labelled_in_every_language(key, name, entry):
    assert entry is not None, f"{name} is missing from {key}"
    plugin = entry["plugin"]
    prefix = f"plugin.{plugin}."
    assert entry["label"].startswith(prefix)
    own = _plugin_messages(plugin)
    assert sorted(own) == LANGUAGES
    keys = [entry["label"], *_titles(entry.get("settings", {}))]
    for full in keys:
        assert full.startswith(prefix), full
        plugin_key = full[len(prefix) :]
        for lang in LANGUAGES:
            # the plugin itself has the text (not English standing in), and the catalogue ships it
            text = own[lang].get(plugin_key)
            assert (text or "").strip(), f"{plugin_key} has no {lang} text"
            assert FULL[lang]["messages"][full] == text


@pytest.mark.parametrize(("key", "name", "entry"), list(_entries()))
def test_each_builtin_has_a_blueprint_icon(key, name, entry):
    if not ICONS_FILE.exists():
        pytest.skip("the frontend's packages are not installed (make install)")
    icons = {icon["iconName"] for icon in json.loads(ICONS_FILE.read_text(encoding="utf-8"))}
    assert entry["icon"] in icons


@pytest.mark.parametrize(
    ("key", "name", "entry"), [p for p in _entries() if p.values[0] in ("fieldTypes", "viewTypes")]
)
def test_settings_are_valid_json_schemas(key, name, entry):
    schema = entry["settings"]
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema == {} or schema.get("type") == "object"


def test_view_types_say_whether_their_views_show_records():
    records = {v["name"]: v["records"] for v in EN["viewTypes"]}
    assert records == {name: name != "form" for name in VIEW_TYPES}


@pytest.mark.parametrize("uidt", FIELD_TYPES)
def test_field_types_describe_their_group_order_and_capabilities(uidt):
    entry = next(t for t in EN["fieldTypes"] if t["uidt"] == uidt)
    assert entry["group"] in GROUPS - {"other"} or uidt in {"JSON", "Geometry", "ID", "SpecificDBType", "Button"}
    assert isinstance(entry["order"], int)
    caps = entry["capabilities"]
    assert caps["export"] in EXPORT_FORMS
    assert caps["search"] in ("like", "eq", None)
    assert all(isinstance(t, str) for t in caps["nativeTypes"])
    assert set(caps) == {
        "virtual", "readOnly", "filterOperators", "sortable", "groupable", "search", "aggregations",
        "formulaType", "holdsFiles", "linksRecords", "storesAsSent", "importDetects", "nativeTypes",
        "export",
    }  # fmt: skip


def test_view_types_describe_their_paths_and_what_a_shared_link_offers():
    described = {t["name"]: (t["path"], t["readable"], t["public"]) for t in EN["viewTypes"]}
    assert described == {
        "grid": ("grids", False, "rows"),
        "form": ("forms", True, "submit"),
        "gallery": ("galleries", True, "rows"),
        "kanban": ("kanbans", True, "rows"),
        "calendar": ("calendars", True, "rows"),
    }


def test_capabilities_the_types_imply():
    caps = {t["uidt"]: t["capabilities"] for t in EN["fieldTypes"]}
    assert {uidt for uidt, c in caps.items() if c["holdsFiles"]} == {"Attachment"}
    assert {uidt for uidt, c in caps.items() if c["linksRecords"]} == {"Links", "LinkToAnotherRecord"}
    assert {uidt for uidt, c in caps.items() if c["storesAsSent"]} == {"SingleLineText", "LongText"}
    virtual = {uidt for uidt, c in caps.items() if c["virtual"]}
    assert virtual == {
        "Links", "LinkToAnotherRecord", "Count", "Lookup", "Rollup", "Formula", "QrCode", "Barcode", "Button",
    }  # fmt: skip
    assert caps["Number"]["formulaType"] == "numeric"
    assert caps["Checkbox"]["export"] == "boolean"


def test_the_add_field_menu_offers_what_it_offered_and_hides_keys_and_system_fields():
    creatable = {t["uidt"] for t in EN["fieldTypes"] if t["creatable"]}
    assert creatable >= OFFERED_BEFORE
    assert not creatable & {"ID", "ForeignKey", "CreateTime", "CreatedTime", "LastModifiedTime", "LinkToAnotherRecord"}


def test_settings_accept_what_the_server_accepts():
    """The schemas say what the types' checks say: a sample of each side of the line."""
    by_uidt = {t["uidt"]: t["settings"] for t in EN["fieldTypes"]}

    def valid(uidt, body):
        return jsonschema.Draft202012Validator(by_uidt[uidt]).is_valid(body)

    assert valid("Decimal", {"meta": {"precision": 2}})
    assert not valid("Decimal", {"meta": {"precision": 9}})
    assert valid("Currency", {"meta": {"currency_code": "EUR", "currency_locale": "de-DE"}})
    assert not valid("Currency", {"meta": {"currency_code": "euro"}})
    assert valid("Rating", {"meta": {"max": 10}})
    assert not valid("Rating", {"meta": {"max": 11}})
    assert valid("Duration", {"meta": {"duration": "h:mm:ss"}})
    assert valid("Duration", {"meta": {"duration": 2}})
    assert not valid("Duration", {"meta": {"duration": "hh"}})
    assert valid("Barcode", {"fk_barcode_value_column_id": "c1", "meta": {"barcodeFormat": "EAN13"}})
    assert not valid("Barcode", {"fk_barcode_value_column_id": "c1", "meta": {"barcodeFormat": "QR"}})
    assert valid("Rollup", {"fk_relation_column_id": "a", "fk_rollup_column_id": "b", "rollup_function": "avg"})
    assert not valid("Rollup", {"fk_relation_column_id": "a", "fk_rollup_column_id": "b", "rollup_function": "median"})
    assert valid("MultiSelect", {"colOptions": {"options": ["a", {"title": "b", "color": "#fff"}]}})
    assert not valid("MultiSelect", {"colOptions": {"options": ["a,b"]}})
    assert not valid("Links", {"type": "oo", "childId": "t"})


def test_the_public_part_leaves_out_importers_and_their_texts():
    public = CATALOGUE.get("de", signed_in=False, bundles={})
    assert set(public) == {"apiVersion", "authProviders", "fieldTypes", "viewTypes", "bundles", "messages"}
    assert not any(key.startswith("plugin.importer_") for key in public["messages"])
    assert public["messages"]["plugin.field_numbers.type.Rating"] == "Bewertung"


def test_a_type_that_declares_nothing_is_labelled_by_its_name_in_the_group_other():
    from workbench.plugins.describe import Texts, field_type
    from workbench.plugins.messages import EMPTY

    class Stars:
        name = "Stars"

    texts = Texts()
    entry = field_type(Stars, "stars", EMPTY, texts, None)
    assert (entry["group"], entry["creatable"], entry["settings"]) == ("other", True, {})
    assert texts.resolve([entry["label"]], "fr") == {"plugin.stars.type.Stars": "Stars"}


def test_stored_as_sent_is_not_inherited_by_a_type_that_writes_its_own_way():
    from workbench_plugins.field_types.text.types import LongText, SingleLineText

    from workbench.plugins.describe import _stores_as_sent

    class Shouting(SingleLineText):
        name = "Shouting"

        def to_db(self, value):
            return str(value).upper()

    class ShoutingAsSent(Shouting):
        stores_as_sent = True

    class Titled(LongText):
        name = "Titled"

    assert _stores_as_sent(SingleLineText)
    assert _stores_as_sent(Titled)
    assert not _stores_as_sent(Shouting)
    # a subclass that declares it again answers for its own writes
    assert _stores_as_sent(ShoutingAsSent)
