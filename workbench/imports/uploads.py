"""Uploaded import files, kept by the storage backend (``workbench.storage.backend``, the
same place as attachments) under ``_imports/<import id>/<name>`` until the job ends or is
discarded, and swept when older than ``workbench.import.max_age`` seconds (default a week)
while no job runs on them.

So any process can run or resume a job: it reads the file from the backend, in place when
the backend keeps files on this machine's disk, else through a temporary working copy
removed when the reading ends (``local_copy``). The job's ``file_path`` holds the key.
Files of jobs saved before uploads went to the backend (``imports/<id>/<name>`` under the
data folder) are still read, removed and swept where they are.
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import shutil
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from workbench.errors import PayloadTooLarge
from workbench.storage import keys
from workbench.storage.interfaces import FileMissing, HasLocalFiles, StorageError
from workbench.storage.services import LimitedReader

log = logging.getLogger(__name__)

#: where uploads were kept before, under the data folder
LEGACY_FOLDER = "imports"
CHUNK = 1024 * 1024
_TYPE = "application/octet-stream"


class TooLarge(ValueError):
    pass


def _backend(registry):
    return registry["storage"].backend


def save(registry, import_id: str, file_name: str, stream, limit: int) -> str:
    """Store ``stream`` for the job; answers its key. Raises ``TooLarge`` past ``limit``
    bytes (nothing is kept then)."""
    key = str(keys.import_key(import_id, file_name))
    try:
        _backend(registry).save(key, LimitedReader(stream, limit), _TYPE)
    except PayloadTooLarge:
        raise TooLarge(f"The file is larger than the import limit ({limit} bytes)") from None
    return key


def _legacy(registry, file_path: str) -> Path | None:
    """The file of a job saved under the data folder, or None for a key."""
    if keys.is_import(file_path):
        return None
    data_dir = Path(registry.settings["workbench.data_dir"]).resolve()
    path = (data_dir / file_path).resolve()
    if not path.is_relative_to(data_dir / LEGACY_FOLDER):
        raise FileMissing(file_path)
    return path


def size(registry, file_path: str) -> int:
    legacy = _legacy(registry, file_path)
    if legacy is not None:
        if not legacy.is_file():
            raise FileMissing(file_path)
        return legacy.stat().st_size
    return _backend(registry).size(file_path)


def safe_name(file_name: str) -> str:
    """The name the file is read under (importers name a sheet after it)."""
    base = os.path.basename(file_name.replace("\\", "/")) or "upload"
    return re.sub(r"[^\w.\-]+", "_", base)[-120:] or "upload"


@contextlib.contextmanager
def local_copy(registry, file_path: str, file_name: str) -> Iterator[str]:
    """A path on this machine to read the upload from, named after ``file_name`` (the
    name the user uploaded it under), in a temporary folder removed after: a link to the
    backend's own file when it keeps them on disk, else a copy. ``FileMissing`` if the
    upload is gone."""
    legacy = _legacy(registry, file_path)
    if legacy is not None:
        if not legacy.is_file():
            raise FileMissing(file_path)
        yield str(legacy)
        return
    backend = _backend(registry)
    folder = Path(tempfile.mkdtemp(prefix="workbench-import-"))
    try:
        target = folder / safe_name(file_name)
        if isinstance(backend, HasLocalFiles):
            target.symlink_to(backend.local_path(file_path))
        else:
            with open(target, "wb") as out, contextlib.closing(backend.open(file_path)) as stream:
                shutil.copyfileobj(stream, out, CHUNK)
        yield str(target)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def remove(registry, file_path: str | None) -> None:
    """Remove the job's upload (nothing if there is none). If the storage fails, the file
    stays for the sweep of old uploads."""
    if not file_path:
        return
    try:
        legacy = _legacy(registry, file_path)
    except FileMissing:
        return
    if legacy is not None:
        shutil.rmtree(legacy.parent, ignore_errors=True)
        return
    try:
        _backend(registry).delete(file_path)
    except StorageError as exc:
        log.warning("the import upload %s stays until the sweep: %s", file_path, exc)


def _import_id(key: str) -> str:
    return key.split("/")[1]


def _listed(backend, prefix: str):
    try:
        return backend.list_keys(prefix)
    except TypeError:  # a backend listing everything only
        return (item for item in backend.list_keys() if item[0].startswith(prefix))


def stored(registry) -> dict[str, str]:
    """The import id and key of every upload the backend holds."""
    return {_import_id(key): key for key, _ in _listed(_backend(registry), keys.IMPORT_AREA + "/")}


def sweep(registry, max_age: float, keep: set[str]) -> list[str]:
    """Remove the uploads older than ``max_age`` seconds except those of ``keep`` (the ids
    of running jobs); answers the ids removed."""
    limit = time.time() - max_age
    removed = []
    backend = _backend(registry)
    if hasattr(backend, "list_keys"):
        for key, modified in list(_listed(backend, keys.IMPORT_AREA + "/")):
            if modified < limit and _import_id(key) not in keep:
                backend.delete(key)
                removed.append(_import_id(key))
    folder = Path(registry.settings["workbench.data_dir"]) / LEGACY_FOLDER
    if folder.is_dir():
        for entry in folder.iterdir():
            if entry.is_dir() and entry.name not in keep and entry.stat().st_mtime < limit:
                shutil.rmtree(entry, ignore_errors=True)
                removed.append(entry.name)
    return removed
