"""Which plugins need which: declared in the entry-point metadata, checked before loading.

A plugin that needs another names it in its distribution's keywords, so the need is known
without importing anything (a disabled plugin is never imported):

- ``workbench-requires:<dependency>``: every plugin of the distribution needs it;
- ``workbench-requires:<plugin>:<dependency>``: only ``<plugin>`` needs it (a distribution
  with several plugins, like Workbench's own built-ins).

A plugin object or module may also say ``requires = ("field_links",)``; that is read once
it is loaded (plugins registered by tests and embedding applications).

A plugin whose dependency is not installed or is disabled is not loaded either: it is listed
as disabled with the reason in its ``problems``, and start-up goes on (logged as a warning).

The same keywords say a plugin's kind, so that a disabled one is listed with it:
``workbench-kind:<kind>`` for every plugin of the distribution, ``workbench-kind:<plugin>:<kind>``
for one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

PREFIX = "workbench-requires:"


def keywords_of(dist) -> list[str]:
    """The keywords of a distribution's metadata (comma or space separated)."""
    if dist is None:
        return []
    text = dist.metadata.get("Keywords") or ""
    return text.replace(",", " ").split()


def declared_requires(plugin_name: str, keywords: Iterable[str]) -> tuple[str, ...]:
    """The plugins ``plugin_name`` needs according to its distribution's keywords."""
    found = []
    for word in keywords:
        if not word.startswith(PREFIX):
            continue
        parts = word[len(PREFIX) :].split(":")
        if len(parts) == 1 and parts[0]:
            found.append(parts[0])
        elif len(parts) == 2 and parts[0] == plugin_name and parts[1]:
            found.append(parts[1])
    return tuple(dict.fromkeys(found))


def attribute_requires(plugin) -> tuple[str, ...]:
    """The ``requires`` a loaded plugin object or module declares."""
    value = getattr(plugin, "requires", ())
    if isinstance(value, str):
        return (value,)
    try:
        return tuple(str(name) for name in value)
    except TypeError:
        return ()


def unmet(requires: Mapping[str, tuple[str, ...]], available: set[str], known: set[str]) -> dict[str, list[str]]:
    """``{plugin: [problem, ...]}`` for every plugin of ``requires`` that cannot run.

    ``available`` are the plugins that would be enabled; a plugin whose dependency is not
    available (disabled, not installed, or itself unmet) is unmet too, until nothing
    changes, so a chain of needs is followed to its end.
    """
    available = set(available)
    problems: dict[str, list[str]] = {}
    changed = True
    while changed:
        changed = False
        for name, needs in sorted(requires.items()):
            if name not in available:
                continue
            missing = [need for need in needs if need not in available]
            if not missing:
                continue
            available.discard(name)
            changed = True
            problems[name] = [
                f"needs plugin '{need}', which is {'disabled' if need in known else 'not installed'}"
                for need in missing
            ]
    return problems


def declared_kind(plugin: str, keywords: list[str]) -> str:
    """The kind a distribution's keywords give ``plugin``: ``workbench-kind:<plugin>:<kind>``
    for that plugin, else ``workbench-kind:<kind>`` for every plugin, else ``unknown``."""
    kind = "unknown"
    for word in keywords:
        declared = word.split(":")
        if declared[0] != "workbench-kind" or not all(declared[1:]):
            continue
        if len(declared) == 3 and declared[1] == plugin:
            return declared[2]
        if len(declared) == 2:
            kind = declared[1]
    return kind
