"""The catalogue: what the enabled plugins provide, described once for every client.

The registries are frozen at start, so the entries are built once per process and each
language's texts once per language; only the bundles' URLs (which change when a bundle is
rebuilt) are read per call. ``docs/catalogue.md`` describes the object.
"""

from __future__ import annotations

import threading

from workbench.plugins import describe
from workbench.plugins import messages as plugin_messages
from workbench.web import plugins as plugin_ui

#: the plugin API version the server speaks (a UI bundle built for another is reported)
API_VERSION = 1

#: the parts a signed-out visitor gets (the sign-in page, shared views and forms)
PUBLIC_KEYS = ("apiVersion", "authProviders", "fieldTypes", "viewTypes", "bundles", "messages")


class Catalogue:
    """Built lazily from a ``PluginSet`` and the app settings, then kept."""

    def __init__(self, plugin_set, settings: dict):
        self._plugin_set = plugin_set
        self._settings = settings
        self._lock = threading.Lock()
        self._entries: dict | None = None
        self._texts: describe.Texts | None = None
        self._bundle_keys: set[str] = set()
        self._by_lang: dict[tuple[str, bool], dict] = {}
        self._encoded: dict[str, tuple[str, str]] = {}

    def _build(self) -> None:
        plugin_set = self._plugin_set
        registries = plugin_set.registries
        modules = {info.name: info.module for info in plugin_set.infos if getattr(info, "enabled", False)}
        with_bundle = set(plugin_ui.static_dirs(plugin_set.infos))
        loaded: dict[str, plugin_messages.PluginMessages] = {}

        def messages_of(plugin: str) -> plugin_messages.PluginMessages:
            if plugin not in loaded:
                module = modules.get(plugin)
                loaded[plugin] = plugin_messages.load(module) if module else plugin_messages.EMPTY
            return loaded[plugin]

        texts = describe.Texts()

        def entries(key: str, make, sort_key) -> list[dict]:
            registry = registries.get(key)
            if registry is None:
                return []
            found = []
            for cls in registry:
                plugin = registry.owner(cls.name)
                bundle = plugin if plugin in with_bundle else None
                found.append(make(cls, plugin, messages_of(plugin), texts, bundle))
            return sorted(found, key=sort_key)

        settings = self._settings
        self._entries = {
            "apiVersion": API_VERSION,
            "fieldTypes": entries("field_types", describe.field_type, lambda e: (e["order"], e["uidt"])),
            "viewTypes": entries("view_types", describe.view_type, lambda e: (e["order"], e["name"])),
            "importers": entries("importers", describe.importer, lambda e: e["name"]),
            "notifiers": entries("notifiers", describe.notifier, lambda e: (e["order"], e["name"])),
            "databaseClients": entries("database_clients", describe.database_client, lambda e: (e["order"], e["name"])),
            "authProviders": entries(
                "auth_providers",
                lambda cls, plugin, msgs, txt, bundle: describe.auth_provider(cls, plugin, msgs, txt, bundle, settings),
                lambda e: e["name"],
            ),
        }
        # A UI bundle's texts come with the catalogue, in the page's language only (a bundle
        # carrying every language would weigh many times its code).
        self._bundle_keys = set().union(
            *(texts.every(plugin, messages_of(plugin)) for plugin in with_bundle if plugin in modules)
        )
        self._texts = texts

    def get(self, lang: str, *, signed_in: bool, bundles: dict[str, dict] | None = None) -> dict:
        """The catalogue for one language: everything for a signed-in user, else the public
        part. ``bundles`` are the enabled plugins' UI bundles (read now when not given)."""
        key = (lang, signed_in)
        cached = self._by_lang.get(key)
        if cached is None:
            with self._lock:
                if self._entries is None:
                    self._build()
                cached = self._by_lang.get(key)
                if cached is None:
                    cached = self._for(lang, signed_in)
                    self._by_lang[key] = cached
        if bundles is None:
            bundles = plugin_ui.bundle_entries(self._plugin_set.infos)
        return {**cached, "bundles": bundles}

    def encoded(self, lang: str, bundles: dict[str, dict], encode) -> str:
        """The public part for ``lang`` as ``encode(catalogue)`` (the page's boot state), kept
        until the bundles change: the page does not serialise it again on every request."""
        stamp = repr(sorted((name, entry["url"]) for name, entry in bundles.items()))
        cached = self._encoded.get(lang)
        if cached is None or cached[0] != stamp:
            cached = (stamp, encode(self.get(lang, signed_in=False, bundles=bundles)))
            self._encoded[lang] = cached
        return cached[1]

    def _for(self, lang: str, signed_in: bool) -> dict:
        parts = {k: v for k, v in self._entries.items() if signed_in or k in PUBLIC_KEYS}
        keys = _label_keys(parts) | self._bundle_keys
        return {**parts, "messages": self._texts.resolve(sorted(keys), lang)}


def _label_keys(parts: dict) -> set[str]:
    """Every message key the parts use: labels and settings' titles and descriptions."""
    keys: set[str] = set()

    def walk(value):
        if isinstance(value, dict):
            for k, item in value.items():
                if k in ("label", "title", "description") and isinstance(item, str) and item.startswith("plugin."):
                    keys.add(item)
                else:
                    walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk({k: v for k, v in parts.items() if k != "apiVersion"})
    return keys


def catalogue(registry) -> Catalogue:
    """The app's catalogue (made on first use)."""
    found = registry.get("catalogue")
    if found is None:
        found = registry["catalogue"] = Catalogue(registry["plugins"], registry.settings or {})
    return found


def bundle_problems(infos) -> dict[str, str]:
    """``{plugin: problem}`` for UI bundles built for another plugin API version."""
    problems = {}
    for name, folder in plugin_ui.static_dirs(infos).items():
        version = plugin_ui.bundle_api_version(folder)
        if version is not None and version != API_VERSION:
            problems[name] = (
                f"its UI bundle is built for plugin API version {version}; the server speaks version {API_VERSION}"
            )
    return problems
