"""Uploaded import files, kept under ``<data folder>/imports/<import id>/`` until the job
ends or is discarded, and swept when older than ``workbench.import.max_age`` seconds
(default a week) while no job runs on them."""

from __future__ import annotations

import os
import re
import shutil
import time
from pathlib import Path

FOLDER = "imports"
CHUNK = 1024 * 1024


class TooLarge(ValueError):
    pass


def root(settings) -> Path:
    return Path(settings["workbench.data_dir"]) / FOLDER


def safe_name(file_name: str) -> str:
    base = os.path.basename(file_name.replace("\\", "/")) or "upload"
    return re.sub(r"[^\w.\-]+", "_", base)[-120:] or "upload"


def save(settings, import_id: str, file_name: str, stream, limit: int) -> str:
    """Copy ``stream`` into the job's folder; answers its path relative to the data folder.
    Raises ``TooLarge`` past ``limit`` bytes (nothing is kept then)."""
    folder = root(settings) / import_id
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / safe_name(file_name)
    size = 0
    try:
        with open(target, "wb") as out:
            while True:
                chunk = stream.read(CHUNK)
                if not chunk:
                    break
                size += len(chunk)
                if size > limit:
                    raise TooLarge(f"The file is larger than the import limit ({limit} bytes)")
                out.write(chunk)
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise
    return str(target.relative_to(Path(settings["workbench.data_dir"])))


def absolute(settings, relative: str) -> str:
    return str(Path(settings["workbench.data_dir"]) / relative)


def remove(settings, import_id: str) -> None:
    shutil.rmtree(root(settings) / import_id, ignore_errors=True)


def sweep(settings, max_age: float, keep: set[str]) -> list[str]:
    """Remove the folders of uploads older than ``max_age`` seconds except ``keep`` (the
    ids of running jobs); answers the ids removed."""
    folder = root(settings)
    if not folder.is_dir():
        return []
    limit = time.time() - max_age
    removed = []
    for entry in folder.iterdir():
        if entry.is_dir() and entry.name not in keep and entry.stat().st_mtime < limit:
            shutil.rmtree(entry, ignore_errors=True)
            removed.append(entry.name)
    return removed
