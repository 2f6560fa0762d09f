"""``workbench plugin new``: a plugin distribution of one kind, from the templates in
``templates/`` (``common/`` for every kind, then the kind's own folder).

Template files end in ``.tmpl``; ``{{name}}``-style placeholders are the names of
``PluginNames.variables()``, a path segment ``__package__`` is the Python package, ``__name__`` the plugin's name, and
a file name starting with ``dot-`` starts with a dot instead (``dot-gitignore``).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from workbench.plugin_kit.bundle import TYPES
from workbench.plugin_kit.names import KitError, PluginNames, plugin_names

TEMPLATES = Path(__file__).resolve().parent / "templates"
SUFFIX = ".tmpl"
_PLACEHOLDER = re.compile(r"\{\{(\w+)\}\}")


def render(text: str, variables: dict[str, str]) -> str:
    def value(match):
        key = match.group(1)
        if key not in variables:
            raise KitError(f"the template names an unknown placeholder {{{{{key}}}}}")
        return variables[key]

    return _PLACEHOLDER.sub(value, text)


def template_files(kind: str) -> dict[str, Path]:
    """``{path in the distribution (unrendered): template}``, the kind's own over common ones."""
    files = {}
    for folder in (TEMPLATES / "common", TEMPLATES / kind):
        for path in sorted(folder.rglob("*" + SUFFIX)):
            files[path.relative_to(folder).as_posix()[: -len(SUFFIX)]] = path
    return files


def new_plugin(name: str, kind: str, dest: Path) -> tuple[PluginNames, list[Path]]:
    """Write a new plugin distribution into ``dest`` (absent or empty); the plugin's names
    and the files written."""
    names = plugin_names(name, kind)
    dest = Path(dest)
    if dest.exists() and (not dest.is_dir() or any(dest.iterdir())):
        raise KitError(f"{dest} already exists and is not an empty folder")
    variables = names.variables()
    written = []
    for relative, template in template_files(kind).items():
        parts = relative.replace("__package__", names.package).replace("__name__", names.name).split("/")
        target = dest.joinpath(*(("." + p[4:]) if p.startswith("dot-") else p for p in parts))
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(render(template.read_text(encoding="utf-8"), variables), encoding="utf-8")
        written.append(target)
    types = dest / "ui" / TYPES.name
    types.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(TYPES, types)
    written.append(types)
    return names, written
