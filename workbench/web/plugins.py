"""Plugin UI bundles: each enabled plugin may ship ``static/index.js`` (built from its
``ui/`` folder by ``frontend/scripts/build-plugins.mjs``) next to its Python package. The
page lists them in its initial state; the host loads each with ``import()``."""

from __future__ import annotations

import functools
import importlib.util
import json
import re
from pathlib import Path

BUNDLE = "index.js"
#: written beside the bundle by the build: ``{"apiVersion": 1}``, the plugin API it was built for
MANIFEST = "manifest.json"
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")


@functools.lru_cache(maxsize=1024)
def package_dir(module: str) -> Path | None:
    """The folder of a plugin's module (``pkg.mod`` or ``pkg.mod:attr``), without importing it
    again if it is already loaded (found once per process: an installed package stays where it
    is)."""
    name = module.split(":", 1)[0]
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return None
    if spec is None:
        return None
    if spec.submodule_search_locations:
        return Path(next(iter(spec.submodule_search_locations)))
    return Path(spec.origin).parent if spec.origin else None


def static_dirs(infos) -> dict[str, Path]:
    """``{plugin name: static folder}`` for enabled plugins that ship a UI bundle."""
    found = {}
    for info in infos:
        if not info.enabled or not _NAME.match(info.name):
            continue
        folder = package_dir(info.module)
        if folder is not None and (folder / "static" / BUNDLE).is_file():
            found[info.name] = folder / "static"
    return found


def bundles(request, entries: dict[str, dict] | None = None) -> list[dict]:
    """The manifest the page carries: ``[{id, url}]``; the URL changes when the bundle does."""
    if entries is None:
        entries = bundle_entries(request.registry["plugins"].infos)
    return [{"id": name, "url": entry["url"]} for name, entry in entries.items()]


def bundle_api_version(folder: Path) -> int | None:
    """The plugin API version a bundle was built for (its ``manifest.json``), or None."""
    try:
        value = json.loads((folder / MANIFEST).read_text(encoding="utf-8")).get("apiVersion")
    except (OSError, ValueError, AttributeError):
        return None
    return value if isinstance(value, int) and not isinstance(value, bool) else None


# (folder, the bundle's mtime) -> its API version: the manifest is written with the bundle
_API_VERSIONS: dict[tuple[Path, int], int | None] = {}


def bundle_entries(infos) -> dict[str, dict]:
    """``{plugin name: {url, apiVersion}}`` of the enabled plugins' UI bundles."""
    entries = {}
    for name, folder in sorted(static_dirs(infos).items()):
        stamp = (folder, (folder / BUNDLE).stat().st_mtime_ns)
        if stamp not in _API_VERSIONS:
            _API_VERSIONS[stamp] = bundle_api_version(folder)
        url = f"/plugins-ui/{name}/{BUNDLE}?v={stamp[1] // 1_000_000_000}"
        entries[name] = {"url": url, "apiVersion": _API_VERSIONS[stamp]}
    return entries
