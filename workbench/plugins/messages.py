"""Plugins' messages: ``messages.json`` beside a plugin package's ``__init__.py``.

The file maps each language to its texts, ``{"en": {"type.Stars": "Stars"}, "de": {...}}``;
English fills the gaps of the others. The catalogue names a text by its key namespaced with
the plugin's name, ``plugin.<plugin>.<key>``; the plugin's UI bundle imports the same file.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

from workbench.web.plugins import package_dir

FILE_NAME = "messages.json"
DEFAULT_LANG = "en"

log = logging.getLogger(__name__)


def namespaced(plugin: str, key: str) -> str:
    return f"plugin.{plugin}.{key}"


class PluginMessages:
    """The messages of one plugin, by language (read once)."""

    def __init__(self, by_lang: dict[str, dict[str, str]]):
        self.by_lang = by_lang
        self.keys = frozenset(by_lang.get(DEFAULT_LANG, {}))

    def __contains__(self, key: object) -> bool:
        return key in self.keys

    def text(self, key: str, lang: str) -> str | None:
        """The text of ``key`` in ``lang``, else in English, else None."""
        found = self.by_lang.get(lang, {}).get(key)
        return found if found is not None else self.by_lang.get(DEFAULT_LANG, {}).get(key)


EMPTY = PluginMessages({})


def load(module: str) -> PluginMessages:
    """The messages of the plugin whose module is ``module`` (``pkg.mod`` or ``pkg.mod:attr``);
    none when it ships no ``messages.json`` or the file is not a mapping of mappings."""
    folder = package_dir(module)
    if folder is None:
        return EMPTY
    return read(folder / FILE_NAME)


def read(path: Path) -> PluginMessages:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return EMPTY
    except (OSError, ValueError) as exc:
        log.warning("%s cannot be read: %s", path, exc)
        return EMPTY
    if not isinstance(data, dict):
        return EMPTY
    return PluginMessages(
        {
            lang: {k: v for k, v in texts.items() if isinstance(k, str) and isinstance(v, str)}
            for lang, texts in data.items()
            if isinstance(lang, str) and isinstance(texts, dict)
        }
    )
