"""Throwaway databases on the three dialects Workbench supports.

PostgreSQL and MariaDB are reached on 127.0.0.1 (``WORKBENCH_TEST_PG_URL`` and
``WORKBENCH_TEST_MARIADB_URL`` override the server URLs). Each call creates a fresh,
uniquely named database and returns its URL; ``drop`` removes it.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

import sqlalchemy as sa

DIALECTS = ("sqlite", "postgresql", "mariadb")
PG_SERVER = os.environ.get("WORKBENCH_TEST_PG_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres")
MARIADB_SERVER = os.environ.get("WORKBENCH_TEST_MARIADB_URL", "mysql+pymysql://root@127.0.0.1:3306/")


def selected_dialects() -> list[str]:
    """Dialects to test: all three unless ``WORKBENCH_TEST_DIALECTS`` narrows them."""
    wanted = os.environ.get("WORKBENCH_TEST_DIALECTS", "")
    chosen = [d for d in wanted.replace(",", " ").split() if d in DIALECTS]
    return chosen or list(DIALECTS)


def create_database(dialect: str, tmp_dir: Path) -> str:
    name = f"wbtest_{os.getpid()}_{secrets.token_hex(4)}"
    if dialect == "sqlite":
        return f"sqlite:///{tmp_dir / (name + '.db')}"
    if dialect == "postgresql":
        engine = sa.create_engine(PG_SERVER, isolation_level="AUTOCOMMIT")
        with engine.connect() as conn:
            conn.exec_driver_sql(f'CREATE DATABASE "{name}"')
        engine.dispose()
        return str(sa.make_url(PG_SERVER).set(database=name).render_as_string(hide_password=False))
    if dialect == "mariadb":
        engine = sa.create_engine(MARIADB_SERVER)
        with engine.connect() as conn:
            conn.exec_driver_sql(f"CREATE DATABASE `{name}` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci")
        engine.dispose()
        url = sa.make_url(MARIADB_SERVER).set(database=name, query={"charset": "utf8mb4"})
        return str(url.render_as_string(hide_password=False))
    raise ValueError(f"unknown dialect {dialect!r}")


def drop_database(url: str) -> None:
    parsed = sa.make_url(url)
    backend = parsed.get_backend_name()
    if backend == "sqlite":
        for suffix in ("", "-wal", "-shm"):
            Path(f"{parsed.database}{suffix}").unlink(missing_ok=True)
        return
    if backend == "postgresql":
        engine = sa.create_engine(PG_SERVER, isolation_level="AUTOCOMMIT")
        with engine.connect() as conn:
            conn.exec_driver_sql(f'DROP DATABASE IF EXISTS "{parsed.database}" WITH (FORCE)')
    else:
        engine = sa.create_engine(MARIADB_SERVER)
        with engine.connect() as conn:
            conn.exec_driver_sql(f"DROP DATABASE IF EXISTS `{parsed.database}`")
    engine.dispose()
