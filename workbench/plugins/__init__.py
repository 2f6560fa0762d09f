"""Plugin discovery and the typed registries built from it.

Plugins are found through the ``workbench.plugins`` entry-point group; the built-in ones
are registered there too (setup.cfg). Names in ``workbench.plugins.disabled`` are blocked
before loading, so their modules are never imported. Every ``register_*`` hook is called
once and its contributions are frozen into a ``Registry``; the rest of the code asks
``request.registry["field_types"]`` and never calls hooks directly.
"""

from __future__ import annotations

import importlib.metadata
from dataclasses import dataclass, field

import pluggy

from workbench import hookspecs
from workbench.plugins.registry import Registry
from workbench.settings import as_list

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
}


@dataclass(frozen=True)
class PluginInfo:
    name: str
    version: str
    kind: str
    enabled: bool
    module: str

    def as_dict(self) -> dict:
        return {
            "name": self.name,
            "version": self.version,
            "kind": self.kind,
            "enabled": self.enabled,
            "module": self.module,
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
NOTIFICATION_HOOKS = ("on_rows_changed", "on_meta_changed")


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
    ``workbench-kind:<kind>`` keyword in its metadata.
    """
    parts = ep.value.split(".")
    if parts[0] == "workbench":  # the core's own listeners
        return "listener"
    if len(parts) >= 3 and parts[0] == "workbench_plugins":
        return _BUILTIN_KIND_BY_FOLDER.get(parts[1], "extension")
    keywords = (ep.dist.metadata.get("Keywords") or "") if ep.dist else ""
    for word in keywords.replace(",", " ").split():
        if word.startswith("workbench-kind:"):
            return word.split(":", 1)[1]
    return "unknown"


def load_plugins(settings: dict, extra: tuple = ()) -> PluginSet:
    """Discover plugins, call every ``register_*`` hook once, freeze the registries.

    :param settings: app settings; ``workbench.plugins.disabled`` lists blocked names.
    :param extra: ``(name, module_or_object)`` pairs registered as if found by entry
        point (tests and embedding applications use it).
    """
    manager = pluggy.PluginManager(hookspecs.PROJECT_NAME)
    manager.add_hookspecs(hookspecs)
    disabled = set(as_list(settings.get("workbench.plugins.disabled")))
    infos: list[PluginInfo] = []
    for ep in _entry_points():
        version = ep.dist.version if ep.dist else "0"
        if ep.name in disabled:
            manager.set_blocked(ep.name)
            infos.append(PluginInfo(ep.name, version, _declared_kind(ep), False, ep.value))
            continue
        if manager.get_plugin(ep.name) is not None:
            continue
        plugin = ep.load()
        manager.register(plugin, name=ep.name)
        kinds = _implemented_kinds(manager, plugin) or [_declared_kind(ep)]
        infos.append(PluginInfo(ep.name, version, ",".join(kinds), True, ep.value))
    for name, plugin in extra:
        module = getattr(plugin, "__name__", type(plugin).__name__)
        if name in disabled:
            infos.append(PluginInfo(name, "0", "unknown", False, module))
            continue
        manager.register(plugin, name=name)
        kinds = _implemented_kinds(manager, plugin) or ["extension"]
        version = getattr(plugin, "__version__", "0")
        infos.append(PluginInfo(name, version, ",".join(kinds), True, module))

    registries = {}
    for key, (hook_name, kind) in REGISTRY_HOOKS.items():
        hook = getattr(manager.hook, hook_name)
        contributions = []
        for impl in reversed(hook.get_hookimpls()):  # registration order
            result = impl.function()
            for item in result or ():
                contributions.append((manager.get_name(impl.plugin), item))
        registries[key] = Registry(kind, contributions)
    return PluginSet(manager=manager, registries=registries, infos=sorted(infos, key=lambda i: i.name))


def includeme(config):
    settings = config.get_settings()
    plugin_set = load_plugins(settings, extra=tuple(settings.get("workbench.plugins.extra", ())))
    config.registry["plugins"] = plugin_set
    for key, registry in plugin_set.registries.items():
        config.registry[key] = registry
