"""Files on the local disk, one per key, under ``<workbench.data_dir>/attachments``.

Keys are checked twice: by their shape (``workbench.storage.keys``) and by where the path
they name resolves to, which must stay inside the root. A file is written to a temporary
name next to its place and renamed when complete, so a failed or refused upload leaves
nothing behind and a reader never sees half a file.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import tempfile
from pathlib import Path
from typing import BinaryIO

from workbench.plugin_api import FileMissing, StorageError, storage_keys

CHUNK = 1024 * 1024
_FOLDER = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


class LocalStorage:
    name = "local"

    def __init__(self, settings: dict):
        self.root = (Path(settings["workbench.data_dir"]) / "attachments").resolve()
        self.root.mkdir(parents=True, exist_ok=True)

    def _path(self, key: str) -> Path:
        try:
            parsed = storage_keys.parse(key)
        except storage_keys.InvalidKey as exc:
            raise StorageError(str(exc)) from None
        path = (self.root / parsed.project_id / parsed.token / parsed.name).resolve()
        if not path.is_relative_to(self.root):
            raise StorageError("storage key escapes the storage root")
        return path

    def save(self, key: str, stream: BinaryIO, content_type: str) -> int:
        path = self._path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(dir=path.parent, prefix=".upload-")
        try:
            with os.fdopen(fd, "wb") as out:
                shutil.copyfileobj(stream, out, CHUNK)
                size = out.tell()
            os.replace(tmp_name, path)
        except BaseException:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp_name)
            with contextlib.suppress(OSError):
                path.parent.rmdir()
            raise
        return size

    def open(self, key: str) -> BinaryIO:
        try:
            return self._path(key).open("rb")
        except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
            raise FileMissing(key) from None

    def delete(self, key: str) -> None:
        path = self._path(key)
        with contextlib.suppress(FileNotFoundError):
            path.unlink()
        with contextlib.suppress(OSError):
            path.parent.rmdir()  # the token folder, once empty

    def exists(self, key: str) -> bool:
        return self._path(key).is_file()

    def local_path(self, key: str) -> str:
        path = self._path(key)
        if not path.is_file():
            raise FileMissing(key)
        return str(path)

    def list_keys(self, prefix: str = ""):
        """Every stored file's key starting with ``prefix`` and its modification time
        (half-written uploads excluded)."""
        folder, sep, _ = prefix.partition("/")
        pattern = f"{folder}/*/*" if sep and _FOLDER.match(folder) else "*/*/*"
        for path in self.root.glob(pattern):
            if path.is_file() and not path.name.startswith("."):
                key = "/".join(path.relative_to(self.root).parts)
                if not key.startswith(prefix):
                    continue
                try:
                    storage_keys.parse(key)
                except storage_keys.InvalidKey:
                    continue
                yield key, path.stat().st_mtime

    def size(self, key: str) -> int:
        path = self._path(key)
        if not path.is_file():
            raise FileMissing(key)
        return path.stat().st_size
