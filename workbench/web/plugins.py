"""Plugin UI bundles: each enabled plugin may ship ``static/index.js`` (built from its
``ui/`` folder by ``frontend/scripts/build-plugins.mjs``) next to its Python package. The
page lists them in its initial state; the host loads each with ``import()``."""

from __future__ import annotations

import functools
import importlib.util
import json
import os
import re
from pathlib import Path
from stat import S_ISREG

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


# id(infos) -> (infos, candidates): the list is kept so that its id is not reused
_CANDIDATES: dict[int, tuple[list, tuple]] = {}


def _candidates(infos) -> tuple[tuple[str, Path, str], ...]:
    """``(plugin name, static folder, its bundle's path)`` of every enabled plugin whose
    package is found, computed once per plugin set (a bundle itself may appear later: a
    plugin's development build writes it while the server runs)."""
    held = _CANDIDATES.get(id(infos))
    if held is not None and held[0] is infos:
        return held[1]
    found = []
    for info in infos:
        if not info.enabled or not _NAME.match(info.name):
            continue
        folder = package_dir(info.module)
        if folder is not None:
            static = folder / "static"
            found.append((info.name, static, os.path.join(static, BUNDLE)))
    if len(_CANDIDATES) > 64:  # plugin sets of tests that built many apps
        _CANDIDATES.clear()
    _CANDIDATES[id(infos)] = (infos, tuple(found))
    return tuple(found)


def _bundle_mtimes(infos) -> dict[str, tuple[Path, int]]:
    """``{plugin name: (static folder, the bundle's mtime in ns)}`` of the bundles present."""
    present = {}
    for name, static, bundle in _candidates(infos):
        try:
            stat = os.stat(bundle)
        except OSError:
            continue
        if S_ISREG(stat.st_mode):
            present[name] = (static, stat.st_mtime_ns)
    return present


def static_dirs(infos) -> dict[str, Path]:
    """``{plugin name: static folder}`` for enabled plugins that ship a UI bundle."""
    return {name: static for name, (static, _mtime) in _bundle_mtimes(infos).items()}


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
    for name, (folder, mtime) in sorted(_bundle_mtimes(infos).items()):
        stamp = (folder, mtime)
        if stamp not in _API_VERSIONS:
            _API_VERSIONS[stamp] = bundle_api_version(folder)
        # the bundle's modification time in nanoseconds: two builds within a second differ
        url = f"/plugins-ui/{name}/{BUNDLE}?v={mtime}"
        entries[name] = {"url": url, "apiVersion": _API_VERSIONS[stamp]}
    return entries
