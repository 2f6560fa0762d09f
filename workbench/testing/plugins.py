"""Register temporary plugins on a throwaway app (for plugin authors' tests too).

    app = app_with_plugins(tmp_path, ("my-plugin", MyPlugin()))

builds a Workbench app on a fresh SQLite database whose plugin manager also holds the
given objects, as if they had been found through the ``workbench.plugins`` entry points.
"""

from __future__ import annotations

from pathlib import Path

from workbench.testing.app import make_app


def app_with_plugins(tmp_path: Path, *plugins, **settings):
    """A Workbench WSGI app with ``(name, plugin_object)`` pairs registered as plugins."""
    db = tmp_path / "meta.db"
    data = tmp_path / "data"
    data.mkdir(parents=True, exist_ok=True)
    return make_app(f"sqlite:///{db}", data, **{"workbench.plugins.extra": list(plugins)}, **settings)
