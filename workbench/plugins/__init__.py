"""Plugin discovery and the typed registries built from it.

Plugins are found through the ``workbench.plugins`` entry-point group; the built-in ones
are registered there too (setup.cfg). Names in ``workbench.plugins.disabled`` are blocked
before loading, so their modules are never imported. Every ``register_*`` hook is called
once and its contributions are frozen into a ``Registry``; the rest of the code asks
``request.registry["field_types"]`` and never calls hooks directly.
"""

from __future__ import annotations

import importlib.metadata
import logging
from dataclasses import dataclass, field

import pluggy

from workbench import hookspecs
from workbench.plugins import dependencies
from workbench.plugins.registry import Registry
from workbench.settings import as_list

log = logging.getLogger(__name__)

ENTRY_POINT_GROUP = "workbench.plugins"

# registry key -> (hook name, human kind)
REGISTRY_HOOKS = {
    "field_types": ("register_field_types", "field_type"),
    "view_types": ("register_view_types", "view_type"),
    "importers": ("register_importers", "importer"),
    "auth_providers": ("register_auth_providers", "auth_provider"),
    "formula_functions": ("register_formula_functions", "formula_function"),
    "storage_backends": ("register_storage_backends", "storage_backend"),
    "mailers": ("register_mailers", "mailer"),
    "notifiers": ("register_notifiers", "notifier"),
    "database_clients": ("register_database_clients", "database_client"),
}

# The built-ins' kind is known from where they live, even when they are disabled.
_BUILTIN_KIND_BY_FOLDER = {
    "field_types": "field_type",
    "views": "view_type",
    "importers": "importer",
    "auth": "auth_provider",
    "formulas": "formula_function",
    "storage": "storage_backend",
    "mail": "mailer",
    "notifiers": "notifier",
    "databases": "database_client",
}


# registry key -> catalogue key (what ``provides`` lists)
PROVIDES_KEYS = {
    "field_types": "fieldTypes",
    "view_types": "viewTypes",
    "importers": "importers",
    "auth_providers": "authProviders",
    "formula_functions": "formulaFunctions",
    "storage_backends": "storageBackends",
    "mailers": "mailers",
    "notifiers": "notifiers",
    "database_clients": "databaseClients",
}


class UnknownPluginError(RuntimeError):
    """``workbench.plugins.disabled`` names a plugin that is not installed; start-up stops."""


@dataclass(frozen=True)
class PluginInfo:
    name: str
    version: str
    kind: str
    enabled: bool
    module: str
    #: the plugins this one needs (entry-point metadata or its ``requires``)
    requires: tuple[str, ...] = ()
    #: why it cannot run as it should (a missing dependency, a bundle for another API)
    problems: tuple[str, ...] = ()
    #: what it contributes, by catalogue key: ``{"fieldTypes": ["Stars"], ...}``
    provides: dict = field(default_factory=dict, compare=False)

    def as_dict(self) -> dict:
        return {
            "name": self.name,
            "version": self.version,
            "kind": self.kind,
            "enabled": self.enabled,
            "module": self.module,
            "provides": self.provides,
            "requires": list(self.requires),
            "problems": list(self.problems),
        }


@dataclass
class PluginSet:
    """What start-up found: the plugin manager, the registries and the listing."""

    manager: pluggy.PluginManager
    registries: dict[str, Registry] = field(default_factory=dict)
    infos: list[PluginInfo] = field(default_factory=list)


def _entry_points():
    return sorted(importlib.metadata.entry_points(group=ENTRY_POINT_GROUP), key=lambda ep: ep.name)


# Notification hooks: a plugin implementing only these is a listener (realtime, audit).
NOTIFICATION_HOOKS = ("on_rows_changed", "on_links_changed", "on_meta_changed")


def _implements(manager: pluggy.PluginManager, plugin, hook_name: str) -> bool:
    return any(impl.plugin is plugin for impl in getattr(manager.hook, hook_name).get_hookimpls())


def _implemented_kinds(manager: pluggy.PluginManager, plugin) -> list[str]:
    kinds = [kind for hook_name, kind in REGISTRY_HOOKS.values() if _implements(manager, plugin, hook_name)]
    if not kinds and any(_implements(manager, plugin, hook_name) for hook_name in NOTIFICATION_HOOKS):
        kinds.append("listener")
    return kinds


def _declared_kind(ep) -> str:
    """The kind of a plugin that is not loaded (disabled), without importing it.

    Built-ins are known by their folder; a third-party distribution may declare it with a
    ``workbench-kind:<kind>`` keyword in its metadata (every plugin of the distribution), or
    ``workbench-kind:<plugin>:<kind>`` (a distribution with plugins of several kinds).
    """
    parts = ep.value.split(".")
    if parts[0] == "workbench":  # the core's own listeners
        return "listener"
    if len(parts) >= 3 and parts[0] == "workbench_plugins":
        return _BUILTIN_KIND_BY_FOLDER.get(parts[1], "extension")
    return dependencies.declared_kind(ep.name, dependencies.keywords_of(ep.dist))


def load_plugins(settings: dict, extra: tuple = ()) -> PluginSet:
    """Discover plugins, call every ``register_*`` hook once, freeze the registries.

    :param settings: app settings; ``workbench.plugins.disabled`` lists blocked names
        (an unknown name stops start-up with ``UnknownPluginError``).
    :param extra: ``(name, module_or_object)`` pairs registered as if found by entry
        point (tests and embedding applications use it).

    A plugin whose dependency is disabled or not installed is not loaded (see
    ``workbench.plugins.dependencies``); its listing says why.
    """
    manager = pluggy.PluginManager(hookspecs.PROJECT_NAME)
    manager.add_hookspecs(hookspecs)
    disabled = set(as_list(settings.get("workbench.plugins.disabled")))
    entry_points, seen = [], set()
    for ep in _entry_points():  # a name found twice is loaded once
        if ep.name not in seen:
            seen.add(ep.name)
            entry_points.append(ep)
    known = {ep.name for ep in entry_points} | {name for name, _plugin in extra}
    unknown = sorted(disabled - known)
    if unknown:
        raise UnknownPluginError(
            f"workbench.plugins.disabled names unknown plugin(s): {', '.join(unknown)}. "
            f"The known plugins are: {', '.join(sorted(known))}"
        )

    # What each plugin needs, as far as the metadata says, before anything is imported.
    # A distribution's metadata is parsed once (every built-in shares one distribution).
    facts: dict[int, tuple[str, list[str]]] = {}

    def dist_facts(ep) -> tuple[str, list[str]]:
        """The version and keywords of the entry point's distribution."""
        if ep.dist is None:
            return "0", []
        if id(ep.dist) not in facts:
            facts[id(ep.dist)] = (ep.dist.version, dependencies.keywords_of(ep.dist))
        return facts[id(ep.dist)]

    requires = {ep.name: dependencies.declared_requires(ep.name, dist_facts(ep)[1]) for ep in entry_points}
    requires.update({name: dependencies.attribute_requires(plugin) for name, plugin in extra})
    unmet = dependencies.unmet(requires, known - disabled, known)

    infos: dict[str, PluginInfo] = {}
    loaded: dict[str, object] = {}
    for ep in entry_points:
        version = dist_facts(ep)[0]
        if ep.name in disabled or ep.name in unmet:
            manager.set_blocked(ep.name)
            infos[ep.name] = PluginInfo(ep.name, version, _declared_kind(ep), False, ep.value, requires[ep.name])
            continue
        plugin = ep.load()
        requires[ep.name] = tuple(dict.fromkeys(requires[ep.name] + dependencies.attribute_requires(plugin)))
        loaded[ep.name] = plugin
        infos[ep.name] = PluginInfo(ep.name, version, "", True, ep.value, requires[ep.name])
    for name, plugin in extra:
        module = getattr(plugin, "__name__", type(plugin).__name__)
        version = getattr(plugin, "__version__", "0")
        if name not in disabled and name not in unmet:
            loaded[name] = plugin
        infos[name] = PluginInfo(name, version, "unknown", name in loaded, module, requires[name])

    # Needs read from the loaded plugins themselves; a plugin whose need is unmet is dropped.
    unmet.update(dependencies.unmet(requires, set(loaded), known))
    for name, problems in unmet.items():
        loaded.pop(name, None)
        log.warning("plugin %s is not loaded: %s", name, "; ".join(problems))
    for name, plugin in loaded.items():
        manager.register(plugin, name=name)

    registries = {}
    for key, (hook_name, kind) in REGISTRY_HOOKS.items():
        hook = getattr(manager.hook, hook_name)
        contributions = []
        for impl in reversed(hook.get_hookimpls()):  # registration order
            result = impl.function()
            for item in result or ():
                contributions.append((manager.get_name(impl.plugin), item))
        registries[key] = Registry(kind, contributions)

    by_name = {ep.name: ep for ep in entry_points}
    listing = []
    for name, info in infos.items():
        if name in loaded:
            kinds = _implemented_kinds(manager, loaded[name])
            fallback = _declared_kind(by_name[name]) if name in by_name else "extension"
            kind = ",".join(kinds) if kinds else fallback
            provides = _provides(registries, name)
            info = PluginInfo(name, info.version, kind, True, info.module, info.requires, (), provides)
        else:
            provides = {key: [] for key in PROVIDES_KEYS.values()}
            info = PluginInfo(
                name, info.version, info.kind, False, info.module, info.requires, tuple(unmet.get(name, ())), provides
            )
        listing.append(info)
    return PluginSet(manager=manager, registries=registries, infos=sorted(listing, key=lambda i: i.name))


def _provides(registries: dict[str, Registry], plugin_name: str) -> dict[str, list[str]]:
    return {
        PROVIDES_KEYS[key]: [name for name in registry.names() if registry.owner(name) == plugin_name]
        for key, registry in registries.items()
        if key in PROVIDES_KEYS
    }


def includeme(config):
    settings = config.get_settings()
    plugin_set = load_plugins(settings, extra=tuple(settings.get("workbench.plugins.extra", ())))
    config.registry["plugins"] = plugin_set
    for key, registry in plugin_set.registries.items():
        config.registry[key] = registry
