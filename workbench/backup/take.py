"""Taking a backup of a running instance into an empty folder (see the package's
docstring for what it holds and in which order it is copied)."""

from __future__ import annotations

import datetime as dt
import json
import shutil
from pathlib import Path

from workbench.backup import databases, sources, stored

#: this version writes backups of format 2 (stored files under ``storage/``) and reads 1 and 2
FORMAT = 2
READS = (1, 2)
MANIFEST = "manifest.json"
#: SQLite's companions of a database file, which a copy through its backup API replaces
COMPANIONS = ("", "-wal", "-shm", "-journal")


class BackupError(Exception):
    """The backup cannot be taken (its message says why)."""


def backup(settings: dict, target: Path) -> dict:
    """Back the instance ``settings`` describe up into ``target`` (absent or empty);
    answers the manifest written."""
    target = Path(target)
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise BackupError(f"{target} is not an empty folder")
    meta_url = settings["sqlalchemy.url"]
    if "alembic_version" not in databases.tables(meta_url):
        raise BackupError(f"the meta database {sources.without_password(meta_url)} holds no instance")
    target.mkdir(parents=True, exist_ok=True)
    data_dir = Path(settings["workbench.data_dir"])
    skip = {_skipped(databases.sqlite_file(meta_url))} if databases.dialect(meta_url) == "sqlite" else set()
    skip |= {_skipped(p) for p in _sqlite_sources(meta_url, data_dir)}
    skip.add(_skipped(data_dir / stored.LEGACY_FOLDER))  # the local backend's, copied through it
    try:
        store = stored.backend(settings)
    except stored.StoredFilesError as exc:
        raise BackupError(str(exc)) from exc
    # Before the databases: files removed meanwhile are kept.
    _copy_files(data_dir, target / "files", skip)
    _copy_stored(store, target)
    try:
        manifest = {
            "format": FORMAT,
            "created_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
            "revision": sources.revision(meta_url),
            "meta": {"dialect": databases.dialect(meta_url), "file": databases.dump(meta_url, target / "meta")},
            "sqlite": [],
            "databases": [],
            "storage": {"backend": store.name, "folder": stored.FOLDER},
        }
    except databases.ToolError as exc:
        raise BackupError(str(exc)) from exc
    (target / "data").mkdir()
    shared: dict[str, str] = {}
    for source_id, config in sources.owned(meta_url):
        if config.get("url"):
            key = sources.without_password(config["url"])
            if key not in shared:
                name = f"data/database-{len(shared) + 1}"
                try:
                    shared[key] = databases.dump(config["url"], target / name)
                except databases.ToolError as exc:
                    raise BackupError(str(exc)) from exc
                manifest["databases"].append({"url": key, "file": f"data/{shared[key]}"})
            continue
        filename = sources.sqlite_filename(config)
        path = sources.resolve(data_dir, filename) if filename else None
        if path is None or not path.exists():
            continue  # a project whose first table is yet to come has no file
        databases.sqlite_copy(path, target / "data" / f"{source_id}.sqlite")
        manifest["sqlite"].append({"id": source_id, "filename": filename, "file": f"data/{source_id}.sqlite"})
        skip.add(_skipped(path))
    # After them: files added meanwhile are there.
    _copy_files(data_dir, target / "files", skip)
    _copy_stored(store, target)
    (target / MANIFEST).write_text(json.dumps(manifest, indent=2))
    return manifest


def _copy_stored(store, target: Path) -> None:
    try:
        stored.take(store, target / stored.FOLDER)
    except stored.StoredFilesError as exc:
        raise BackupError(f"the stored files cannot be copied: {exc}") from exc


def _sqlite_sources(meta_url: str, data_dir: Path) -> list[Path]:
    found = []
    for _source_id, config in sources.owned(meta_url):
        filename = sources.sqlite_filename(config)
        if filename:
            found.append(sources.resolve(data_dir, filename))
    return found


def _skipped(path: Path) -> str:
    return str(path.resolve())


def _copy_files(data_dir: Path, target: Path, databases_there: set[str]) -> None:
    """Copy the data folder but the database files already copied through their API."""
    names = {name + suffix for name in databases_there for suffix in COMPANIONS}

    def ignore(folder: str, entries: list[str]) -> list[str]:
        return [e for e in entries if str((Path(folder) / e).resolve()) in names]

    def copy(source: str, destination: str) -> None:
        # Stored files never change under their name: one copied already is not copied again.
        there = Path(destination)
        if not (there.exists() and there.stat().st_size == Path(source).stat().st_size):
            shutil.copy2(source, destination)

    if data_dir.exists():
        shutil.copytree(data_dir, target, ignore=ignore, copy_function=copy, dirs_exist_ok=True)
    else:
        target.mkdir(exist_ok=True)
