"""Sources: where a project's tables live. The default is an embedded SQLite file."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from workbench.projects.models import Source

DEFAULT_SOURCE_TYPE = "sqlite3"


# ``workbench.data.url`` puts the default source of new projects in that database
# instead of an embedded SQLite file (tests use it to run the engine on every dialect).
_SOURCE_TYPES = {"sqlite": "sqlite3", "postgresql": "pg", "mysql": "mysql2", "mariadb": "mysql2"}


def default_source(project_id: str, data_url: str | None = None) -> Source:
    if data_url:
        import sqlalchemy as sa

        source_type = _SOURCE_TYPES.get(sa.make_url(data_url).get_backend_name(), "pg")
        config = {"client": source_type, "url": data_url}
    else:
        source_type = DEFAULT_SOURCE_TYPE
        config = {"client": "sqlite3", "connection": {"filename": f"projects/{project_id}.db"}}
    return Source(
        project_id=project_id,
        alias=None,
        type=source_type,
        config=config,
        is_default=True,
        enabled=True,
        order=1,
    )


def sqlite_path(settings: dict, source: Source) -> Path | None:
    """The file of an embedded SQLite source (relative paths are in the data folder); None
    for any other source, a connected SQLite database included."""
    config = source.config or {}
    if source.type != "sqlite3" or "connection" not in config or config.get("external"):
        return None
    filename = Path(source.config["connection"]["filename"])
    return filename if filename.is_absolute() else Path(settings["workbench.data_dir"]) / filename


def create_sqlite_file(path: Path) -> None:
    import sqlite3

    path.parent.mkdir(parents=True, exist_ok=True)
    connection = sqlite3.connect(path)
    try:
        connection.execute("PRAGMA journal_mode=WAL")
    finally:
        connection.close()


def remove_sqlite_file(path: Path) -> None:
    for suffix in ("", "-wal", "-shm", "-journal"):
        with contextlib.suppress(FileNotFoundError):
            os.unlink(f"{path}{suffix}")


def source_json(source: Source) -> dict:
    """A source as the API shows it: never its connection secrets (a connected database's
    config without password or key; the embedded file's none at all)."""
    from workbench.meta.base import isoformat

    body = {
        "id": source.id,
        "project_id": source.project_id,
        "base_id": source.project_id,
        "alias": source.alias,
        "type": source.type,
        "is_meta": False,
        "is_default": bool(source.is_default),
        "enabled": bool(source.enabled),
        "order": source.order,
        "created_at": isoformat(source.created_at),
        "updated_at": isoformat(source.updated_at),
    }
    config = _public_config(source.config)
    if config is not None:
        body["config"] = config
    return body


def _public_config(config):
    from workbench.sources.config import public

    return public(config)
