"""A plugin distribution on disk, as the kit reads it: its entry point, package and UI."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from workbench.plugin_kit.names import KitError

ENTRY_POINT_GROUP = "workbench.plugins"
UI_ENTRIES = ("index.tsx", "index.ts", "index.jsx", "index.js")


@dataclass(frozen=True)
class PluginProject:
    root: Path
    #: the entry-point name (the plugin's name)
    name: str
    #: the folder of the plugin's Python package, where ``static/`` and ``messages.json`` live
    package_dir: Path
    #: the UI bundle's sources
    ui_dir: Path

    @property
    def entry(self) -> Path:
        for name in UI_ENTRIES:
            if (self.ui_dir / name).is_file():
                return self.ui_dir / name
        raise KitError(f"{self.ui_dir} has no {' or '.join(UI_ENTRIES)}: the plugin has no UI bundle to build")

    @property
    def static_dir(self) -> Path:
        return self.package_dir / "static"


def read_project(root: Path) -> PluginProject:
    """The plugin distribution in ``root`` (a folder with a ``pyproject.toml`` declaring one
    ``workbench.plugins`` entry point)."""
    root = Path(root).resolve()
    pyproject = root / "pyproject.toml"
    if not pyproject.is_file():
        raise KitError(f"{root} has no pyproject.toml: is it a plugin distribution (workbench plugin new)?")
    try:
        data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise KitError(f"{pyproject} cannot be read: {exc}") from None
    points = data.get("project", {}).get("entry-points", {}).get(ENTRY_POINT_GROUP, {})
    if len(points) != 1:
        raise KitError(f'{pyproject} must declare one entry point in [project.entry-points."{ENTRY_POINT_GROUP}"]')
    ((name, target),) = points.items()
    top = target.split(":", 1)[0].split(".", 1)[0]
    for base in (root, root / "src"):
        if (base / top / "__init__.py").is_file():
            return PluginProject(root=root, name=name, package_dir=base / top, ui_dir=root / "ui")
    raise KitError(f"the package {top} of entry point {name} is not in {root} (nor in {root / 'src'})")
