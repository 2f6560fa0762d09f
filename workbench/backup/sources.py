"""The project databases Workbench owns, as the meta database lists them: each project's
default source, an embedded SQLite file (under the data folder) or the shared data
database (``workbench.data.url``). External databases are not listed."""

from __future__ import annotations

import json
from pathlib import Path

import sqlalchemy as sa

SOURCES = sa.table("wb_sources", sa.column("id"), sa.column("type"), sa.column("config"), sa.column("is_default"))


def _config(raw) -> dict:
    if isinstance(raw, str):
        return json.loads(raw or "{}") or {}
    return raw or {}


def owned(meta_url: str) -> list[tuple[str, dict]]:
    """``(source id, config)`` of every default source."""
    engine = sa.create_engine(meta_url)
    try:
        with engine.connect() as connection:
            rows = connection.execute(
                sa.select(SOURCES.c.id, SOURCES.c.config).where(SOURCES.c.is_default.is_(True)).order_by(SOURCES.c.id)
            ).all()
    finally:
        engine.dispose()
    return [(row.id, _config(row.config)) for row in rows]


def sqlite_filename(config: dict) -> str | None:
    """An embedded source's file as its config names it (relative: under the data folder)."""
    if config.get("url"):
        return None
    return (config.get("connection") or {}).get("filename")


def resolve(data_dir: Path, filename: str) -> Path:
    path = Path(filename)
    return path if path.is_absolute() else data_dir / path


def without_password(url: str) -> str:
    return sa.make_url(url).set(password=None).render_as_string(hide_password=False)


def revision(meta_url: str) -> str | None:
    engine = sa.create_engine(meta_url)
    try:
        with engine.connect() as connection:
            return connection.scalar(sa.text("SELECT version_num FROM alembic_version"))
    finally:
        engine.dispose()


def repoint(meta_url: str, old: str, new: str) -> int:
    """Point the sources on the database ``old`` (a URL without its password) at ``new``;
    answers how many."""
    engine = sa.create_engine(meta_url)
    moved = 0
    try:
        with engine.begin() as connection:
            for row in connection.execute(sa.select(SOURCES.c.id, SOURCES.c.config)).all():
                config = _config(row.config)
                if config.get("url") and without_password(config["url"]) == old:
                    config["url"] = new
                    connection.execute(
                        sa.update(SOURCES).where(SOURCES.c.id == row.id).values(config=json.dumps(config))
                    )
                    moved += 1
    finally:
        engine.dispose()
    return moved
