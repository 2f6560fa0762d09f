"""Stored files (attachments and pending import uploads) copied through the storage
backend the settings choose, so one backup holds them whichever backend keeps them (the
local disk or an object store), and restores them into whichever backend the restoring
instance uses.

In a backup they are ``storage/<key>``, one file per storage key. Every copy streams in
chunks: no file is ever held whole in memory.
"""

from __future__ import annotations

import contextlib
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

from workbench.storage import filetypes
from workbench.storage import keys as storage_keys
from workbench.storage.interfaces import FileMissing, ListsKeys, StorageError

FOLDER = "storage"
#: where backups of the first format kept the local backend's files, under ``files/``
LEGACY_FOLDER = "attachments"
CHUNK = 1024 * 1024
DEFAULT_BACKEND = "local"


class StoredFilesError(Exception):
    """The stored files cannot be copied (the message says why)."""


def backend(settings: dict):
    """The storage backend the settings name, built as the app builds it."""
    from workbench.plugins import load_plugins

    name = settings.get("workbench.storage.backend") or DEFAULT_BACKEND
    backends = load_plugins(settings).registries["storage_backends"]
    if name not in backends:
        raise StoredFilesError(f"workbench.storage.backend names {name!r}, which no enabled plugin provides")
    made = backends.get(name)(settings)
    if not isinstance(made, ListsKeys):
        raise StoredFilesError(f"the {name} storage backend cannot list its files, so they cannot be backed up")
    return made


def first_key(store) -> str | None:
    """Some key the backend holds, or None when it holds nothing."""
    try:
        for key, _modified in store.list_keys(""):
            return key
    except StorageError as exc:
        raise StoredFilesError(str(exc)) from exc
    return None


def take(store, target: Path) -> int:
    """Copy every file ``store`` holds to ``target/<key>`` but those already there (a
    stored file never changes under its key); answers how many were copied."""
    copied = 0
    try:
        for key, _modified in store.list_keys(""):
            path = _inside(target, key)
            if path.exists():
                continue
            path.parent.mkdir(parents=True, exist_ok=True)
            partial = path.with_name(f".{path.name}.partial")
            try:
                with contextlib.closing(store.open(key)) as source, partial.open("wb") as out:
                    shutil.copyfileobj(source, out, CHUNK)
            except FileMissing:
                partial.unlink(missing_ok=True)  # removed since it was listed: no record names it
                continue
            os.replace(partial, path)
            copied += 1
    except StorageError as exc:
        raise StoredFilesError(str(exc)) from exc
    return copied


def held(folder: Path) -> Iterator[tuple[str, Path]]:
    """``(key, path)`` of every stored file a backup folder holds (``folder`` is its
    ``storage/`` or, in a backup of the first format, ``files/attachments/``)."""
    if not folder.is_dir():
        return
    for path in sorted(folder.glob("*/*/*")):
        if path.is_file() and not path.name.startswith("."):
            key = "/".join(path.relative_to(folder).parts)
            try:
                storage_keys.parse(key)
            except storage_keys.InvalidKey:
                continue
            yield key, path


def put_back(store, folder: Path) -> int:
    """Save every file of the backup's ``folder`` into ``store`` under its key; answers
    how many."""
    count = 0
    try:
        for key, path in held(folder):
            with path.open("rb") as stream:
                # the type an upload is stored as: found from the content, else the name
                content_type = filetypes.resolve(stream.read(filetypes.SNIFF_BYTES), path.name, None)
                stream.seek(0)
                store.save(key, stream, content_type)
            count += 1
    except StorageError as exc:
        raise StoredFilesError(str(exc)) from exc
    return count


def _inside(target: Path, key: str) -> Path:
    try:
        parsed = storage_keys.parse(key)
    except storage_keys.InvalidKey as exc:
        raise StoredFilesError(str(exc)) from None
    return target / parsed.project_id / parsed.token / parsed.name
