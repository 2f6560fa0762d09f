"""Rebuilding an instance from a backup: into an empty data folder, empty databases and
an empty storage backend (anything else is refused, untouched), then the meta database
brought up to this version's revision. The shared data database of the backup goes into this instance's
``workbench.data.url`` and its projects are pointed at it. The stored files go into the
storage backend this instance is set to use, whichever the backed-up one used."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from workbench.backup import databases, sources, stored
from workbench.backup.take import MANIFEST, READS

#: the secret a development instance generates in its data folder when none is set
GENERATED_SECRET = "secret.key"  # noqa: S105 (a file name, not a secret)


class RestoreError(Exception):
    """The backup cannot be restored here (its message says why)."""


def _generated_secret(settings: dict, data_dir: Path) -> Path | None:
    """The data folder's generated secret, when the settings' secret is that one (reading
    the settings made it: it is no data, and the backup's own replaces it)."""
    path = data_dir / GENERATED_SECRET
    if path.is_file() and path.read_text().strip() == settings["workbench.secret"]:
        return path
    return None


def _check(settings: dict, folder: Path) -> tuple[dict, object]:
    """The backup's manifest and the storage backend to restore its files into."""
    if not (folder / MANIFEST).is_file():
        raise RestoreError(f"{folder} holds no backup ({MANIFEST} is missing)")
    manifest = json.loads((folder / MANIFEST).read_text())
    if manifest.get("format") not in READS:
        raise RestoreError(
            f"{folder} is a backup of format {manifest.get('format')}, this version reads "
            + " and ".join(map(str, READS))
        )
    meta_url = settings["sqlalchemy.url"]
    data_dir = Path(settings["workbench.data_dir"])
    if databases.dialect(meta_url) != manifest["meta"]["dialect"]:
        raise RestoreError(
            f"the backup's meta database is {manifest['meta']['dialect']}, this instance's is "
            f"{databases.dialect(meta_url)}"
        )
    generated = _generated_secret(settings, data_dir)
    if data_dir.exists() and any(p != generated for p in data_dir.iterdir()):
        raise RestoreError(f"the data folder {data_dir} is not empty: restore into an empty one")
    if databases.tables(meta_url):
        raise RestoreError(f"the meta database {sources.without_password(meta_url)} is not empty")
    data_url = settings.get("workbench.data.url") or ""
    if manifest["databases"]:
        if len(manifest["databases"]) > 1 or not data_url:
            raise RestoreError("the backup holds a shared data database: set workbench.data.url to an empty one")
        if databases.dialect(data_url) != databases.dialect(manifest["databases"][0]["url"]):
            raise RestoreError("workbench.data.url is not on the same kind of database as the backup's")
        if databases.tables(data_url):
            raise RestoreError(f"the data database {sources.without_password(data_url)} is not empty")
    # Last: the local backend makes its folder in the data folder, checked empty above.
    try:
        store = stored.backend(settings)
        there = stored.first_key(store)
    except stored.StoredFilesError as exc:
        raise RestoreError(f"the {settings.get('workbench.storage.backend') or 'local'} storage: {exc}") from exc
    if there is not None:
        raise RestoreError(
            f"the {store.name} storage backend already holds files ({there}): restore into an empty one "
            "(for s3, an empty bucket or prefix)"
        )
    return manifest, store


def _legacy_stored(files: Path):
    """Leave out ``files/attachments``: a backup of the first format kept the local
    backend's files there, and they go through this instance's backend instead."""

    def ignore(where: str, names: list[str]) -> list[str]:
        return [stored.LEGACY_FOLDER] if Path(where) == files and stored.LEGACY_FOLDER in names else []

    return ignore


def restore(settings: dict, folder: Path) -> dict:
    """Restore the backup in ``folder`` into the instance ``settings`` describe; answers
    its manifest."""
    from workbench.meta.migrate import upgrade

    folder = Path(folder)
    manifest, store = _check(settings, folder)
    meta_url = settings["sqlalchemy.url"]
    data_dir = Path(settings["workbench.data_dir"])
    generated = _generated_secret(settings, data_dir)
    try:
        if (folder / "files").is_dir():
            shutil.copytree(folder / "files", data_dir, ignore=_legacy_stored(folder / "files"), dirs_exist_ok=True)
        data_dir.mkdir(parents=True, exist_ok=True)
        stored.put_back(store, folder / stored.FOLDER)
        stored.put_back(store, folder / "files" / stored.LEGACY_FOLDER)
        databases.load(meta_url, folder / manifest["meta"]["file"])
        for entry in manifest["sqlite"]:
            databases.sqlite_copy(folder / entry["file"], sources.resolve(data_dir, entry["filename"]))
        for entry in manifest["databases"]:
            data_url = settings["workbench.data.url"]
            databases.load(data_url, folder / entry["file"])
            if sources.without_password(data_url) != entry["url"]:
                sources.repoint(meta_url, entry["url"], data_url)
    except (databases.ToolError, stored.StoredFilesError) as exc:
        raise RestoreError(str(exc)) from exc
    secret = settings["workbench.secret"]
    if generated is not None and generated.is_file():
        secret = generated.read_text().strip()  # the backed-up instance's, copied with its files
    upgrade(meta_url, secret=secret)
    return manifest
