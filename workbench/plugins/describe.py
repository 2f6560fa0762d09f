"""One catalogue entry per registered class: what a field type, view type, importer or auth
provider declares of itself (class attributes), with defaults for what it leaves out.

Labels and settings titles are message keys of the plugin (``messages.json``); the entries
carry them namespaced (``plugin.<plugin>.<key>``) and record every key they use, so the
catalogue can ship the texts of exactly those keys. A class that names no label of its
plugin's messages is labelled by its own ``label``/``title`` text, else by its name.
"""

from __future__ import annotations

import contextlib
from typing import Any

from workbench.plugins.messages import PluginMessages, namespaced
from workbench.views.types import PUBLIC_ROWS

DIALECTS = ("sqlite", "postgresql", "mysql")
DEFAULT_GROUP = "other"
DEFAULT_ORDER = 1000
DEFAULT_ICONS = {
    "field": "cube",
    "view": "panel-table",
    "importer": "import",
    "auth": "log-in",
    "notifier": "notifications",
}
EXPORT_FORMS = frozenset({"text", "number", "boolean", "date", "datetime", "json", "files", "records", "list"})


class Texts:
    """The message keys the entries use: ``{namespaced key: (plugin messages, plugin key,
    fallback text)}``; the catalogue turns them into one language's texts."""

    def __init__(self):
        self.used: dict[str, tuple[PluginMessages, str, str]] = {}

    def label(self, plugin: str, messages: PluginMessages, declared: Any, default_key: str, fallback: str) -> str:
        """The namespaced key of an entry's label: the key it declares if its plugin has it,
        else the conventional ``default_key``, else a key whose text is ``fallback``."""
        key = declared if isinstance(declared, str) and declared in messages else default_key
        full = namespaced(plugin, key)
        text = declared if isinstance(declared, str) and declared and declared not in messages else fallback
        self.used[full] = (messages, key, text)
        return full

    def every(self, plugin: str, messages: PluginMessages) -> set[str]:
        """The namespaced keys of all of a plugin's messages (those its UI bundle uses)."""
        keys = set()
        for key in messages.keys:
            full = namespaced(plugin, key)
            self.used.setdefault(full, (messages, key, key))
            keys.add(full)
        return keys

    def schema(self, plugin: str, messages: PluginMessages, schema: Any) -> dict:
        """A copy of a JSON Schema whose ``title``/``description`` message keys are namespaced."""
        if not isinstance(schema, dict):
            return {}
        return self._walk(plugin, messages, schema)

    def _walk(self, plugin: str, messages: PluginMessages, value: Any) -> Any:
        if isinstance(value, dict):
            copy = {}
            for key, item in value.items():
                if key in ("title", "description") and isinstance(item, str) and item in messages:
                    full = namespaced(plugin, item)
                    self.used[full] = (messages, item, item)
                    copy[key] = full
                else:
                    copy[key] = self._walk(plugin, messages, item)
            return copy
        if isinstance(value, (list, tuple)):
            return [self._walk(plugin, messages, item) for item in value]
        return value

    def resolve(self, keys, lang: str) -> dict[str, str]:
        """``{key: text}`` in ``lang`` (English filling the gaps) for the given keys."""
        found = {}
        for key in keys:
            if key not in self.used:
                continue
            messages, plugin_key, fallback = self.used[key]
            text = messages.text(plugin_key, lang)
            found[key] = text if text is not None else fallback
        return found


def _virtual(cls) -> bool:
    """Declared, else: a type with no physical column on any dialect stores nothing."""
    declared = getattr(cls, "virtual", None)
    if isinstance(declared, bool):
        return declared
    try:
        instance = cls(None)
        return all(instance.sql_type(dialect) is None for dialect in DIALECTS)
    except Exception:  # a third-party type that cannot answer without a column
        return False


def _formula_type(cls) -> str | None:
    declared = getattr(cls, "formula_type", None)
    if declared is None:
        with contextlib.suppress(Exception):
            from workbench.formulas import types as formula_types

            by_uidt = getattr(formula_types, "data_type_for_uidt", None)
            declared = by_uidt(cls.name) if by_uidt is not None else None
    if declared is None:
        return None
    return str(getattr(declared, "value", declared))


def _holds_files(cls, export: str) -> bool:
    """Declared, else: a type whose values are written out as files holds files."""
    declared = getattr(cls, "holds_files", None)
    return declared if isinstance(declared, bool) else export == "files"


def _links_records(cls) -> bool:
    declared = getattr(cls, "links_records", None)
    if isinstance(declared, bool):
        return declared
    # a field that builds the schema of a relation and expands related records
    return callable(getattr(cls, "create", None)) and callable(getattr(cls, "expand", None))


def _stores_as_sent(cls) -> bool:
    """Declared, and still true of the class: a subclass that writes values its own way
    (another ``to_db``) without declaring it again does not inherit it."""
    owner = next((c for c in cls.__mro__ if "stores_as_sent" in vars(c)), None)
    return bool(owner is not None and vars(owner)["stores_as_sent"] and cls.to_db is owner.to_db)


def field_type(cls, plugin: str, messages: PluginMessages, texts: Texts, bundle: str | None) -> dict:
    name = cls.name
    virtual = _virtual(cls)
    export = getattr(cls, "export_as", "text")
    return {
        "uidt": name,
        "plugin": plugin,
        "label": texts.label(plugin, messages, getattr(cls, "label", None), f"type.{name}", name),
        "icon": getattr(cls, "icon", None) or DEFAULT_ICONS["field"],
        "group": getattr(cls, "group", None) or DEFAULT_GROUP,
        "order": int(getattr(cls, "order", DEFAULT_ORDER)),
        "creatable": bool(getattr(cls, "creatable", True)),
        "settings": texts.schema(plugin, messages, getattr(cls, "settings_schema", {})),
        "capabilities": {
            "virtual": virtual,
            "readOnly": bool(getattr(cls, "read_only", False)),
            "filterOperators": sorted(getattr(cls, "operators", ()) or ()),
            "sortable": bool(getattr(cls, "sortable", True)),
            "groupable": bool(getattr(cls, "groupable", True)),
            "search": getattr(cls, "search", None),
            "aggregations": list(getattr(cls, "aggregations", ()) or ()),
            "formulaType": _formula_type(cls),
            "holdsFiles": _holds_files(cls, export),
            "linksRecords": _links_records(cls),
            "storesAsSent": _stores_as_sent(cls),
            "importDetects": getattr(cls, "import_detects", None) or None,
            "nativeTypes": list(getattr(cls, "native_types", ()) or ()),
            "export": export if export in EXPORT_FORMS else "text",
        },
        "bundle": bundle,
    }


def _view_settings(cls) -> dict:
    """Declared, else a schema naming each ``Setting`` with its default."""
    declared = getattr(cls, "settings_schema", None)
    if isinstance(declared, dict):
        return declared
    properties = {}
    for setting in getattr(cls, "settings", ()) or ():
        name = getattr(setting, "name", None)
        if isinstance(name, str):
            default = getattr(setting, "default", None)
            properties[name] = {} if default is None else {"default": default}
    return {"type": "object", "properties": properties} if properties else {}


def view_type(cls, plugin: str, messages: PluginMessages, texts: Texts, bundle: str | None) -> dict:
    return {
        "name": cls.name,
        "plugin": plugin,
        "label": texts.label(plugin, messages, getattr(cls, "label", None), "label", cls.name),
        "icon": getattr(cls, "icon", None) or DEFAULT_ICONS["view"],
        "order": int(getattr(cls, "order", DEFAULT_ORDER)),
        "type": getattr(cls, "type", None),
        "path": getattr(cls, "path", None),
        # its views show records (they can be downloaded); false for a form
        "records": getattr(cls, "public", PUBLIC_ROWS) == PUBLIC_ROWS,
        "readable": bool(getattr(cls, "readable", True)),
        "public": getattr(cls, "public", None),
        "settings": texts.schema(plugin, messages, _view_settings(cls)),
        "bundle": bundle,
    }


def _option_keys(cls) -> list[str]:
    """The upload options the dialog offers: the header row where it applies, the ones the
    importer offers and its own."""
    keys = ["firstRowAsHeaders"] if getattr(cls, "header_row", False) else []
    keys += [*(getattr(cls, "offered_options", ()) or ()), *(getattr(cls, "option_keys", ()) or ())]
    return list(dict.fromkeys(keys))


def importer(cls, plugin: str, messages: PluginMessages, texts: Texts, bundle: str | None) -> dict:
    return {
        "name": cls.name,
        "plugin": plugin,
        "label": texts.label(plugin, messages, getattr(cls, "label", None), "label", cls.name),
        "icon": getattr(cls, "icon", None) or DEFAULT_ICONS["importer"],
        "extensions": list(getattr(cls, "extensions", ()) or ()),
        "mediaTypes": list(getattr(cls, "media_types", ()) or ()),
        "optionKeys": _option_keys(cls),
        "bundle": bundle,
    }


def auth_provider(cls, plugin: str, messages: PluginMessages, texts: Texts, bundle: str | None, settings) -> dict:
    try:
        configured = bool(cls().enabled(settings))
    except Exception:  # a provider that cannot even tell is not offered
        configured = False
    declared = getattr(cls, "label", None)
    fallback = getattr(cls, "title", None) or cls.name
    return {
        "name": cls.name,
        "plugin": plugin,
        "label": texts.label(plugin, messages, declared, "label", fallback),
        "icon": getattr(cls, "icon", None) or DEFAULT_ICONS["auth"],
        "kind": "redirect" if getattr(cls, "kind", "form") == "redirect" else "form",
        "configured": configured,
        "bundle": bundle,
    }


def notifier(cls, plugin: str, messages: PluginMessages, texts: Texts, bundle: str | None) -> dict:
    """A webhook notifier: its settings form is its bundle's component in the slot
    ``notifier.<name>.settings``, else a form generated from ``settings``."""
    return {
        "name": cls.name,
        "plugin": plugin,
        "label": texts.label(plugin, messages, getattr(cls, "label", None), f"notifier.{cls.name}", cls.name),
        "icon": getattr(cls, "icon", None) or DEFAULT_ICONS["notifier"],
        "order": int(getattr(cls, "order", DEFAULT_ORDER)),
        "settings": texts.schema(plugin, messages, getattr(cls, "settings_schema", None) or {}),
        "bundle": bundle,
    }


def database_client(cls, plugin: str, messages: PluginMessages, texts: Texts, bundle: str | None) -> dict:
    """A database client: what the connection form asks for and its defaults."""
    return {
        "name": cls.name,
        "plugin": plugin,
        "label": texts.label(plugin, messages, getattr(cls, "label", None), f"client.{cls.name}", cls.name),
        "icon": getattr(cls, "icon", None) or "database",
        "order": int(getattr(cls, "order", DEFAULT_ORDER)),
        "fields": list(getattr(cls, "fields", ()) or ()),
        "defaultPort": getattr(cls, "default_port", None),
        "defaultSearchPath": list(getattr(cls, "default_search_path", ()) or ()),
        "usesSearchPath": bool(getattr(cls, "uses_search_path", False)),
        "supportsSsl": bool(getattr(cls, "supports_ssl", False)),
        "fileBased": bool(getattr(cls, "file_based", False)),
        "bundle": bundle,
    }
