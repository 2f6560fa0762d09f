"""One database copied to a file and back, per dialect: SQLite through its online backup
API, PostgreSQL with ``pg_dump``/``pg_restore`` (custom format; the dump reads one
repeatable-read snapshot), MariaDB with ``mariadb-dump --single-transaction`` and the
``mariadb`` client. Passwords go to the tools through their environment, never their
command line."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

import sqlalchemy as sa

SUFFIX = {"sqlite": ".sqlite", "postgresql": ".pgdump", "mysql": ".sql", "mariadb": ".sql"}


class ToolError(Exception):
    """A dump or restore tool failed (its message says why)."""


def dialect(url: str) -> str:
    return sa.make_url(url).get_backend_name()


def sqlite_file(url: str) -> Path:
    return Path(sa.make_url(url).database)


def _tool(*names: str) -> str:
    for name in names:
        found = shutil.which(name)
        if found:
            return found
    raise ToolError(f"{names[0]} is not installed")


def _run(argv: list[str], env: dict, stdin=None, stdout=None) -> None:
    # The tools are found on the path; their arguments are the instance's own settings.
    done = subprocess.run(  # noqa: S603
        argv, env={**os.environ, **env}, stdin=stdin, stdout=stdout, stderr=subprocess.PIPE, check=False
    )
    if done.returncode != 0:
        raise ToolError(f"{Path(argv[0]).name} failed: {done.stderr.decode(errors='replace').strip()}")


def _pg(url: sa.URL) -> tuple[list[str], dict]:
    args = ["--host", url.host or "localhost", "--port", str(url.port or 5432), "--dbname", url.database]
    if url.username:
        args += ["--username", url.username]
    return args, ({"PGPASSWORD": url.password} if url.password else {})


def _my(url: sa.URL) -> tuple[list[str], dict]:
    args = ["--host", url.host or "localhost", "--port", str(url.port or 3306)]
    if url.username:
        args += ["--user", url.username]
    return args, ({"MYSQL_PWD": url.password} if url.password else {})


def sqlite_copy(source: Path, target: Path) -> None:
    """Copy a SQLite database file through the online backup API (a consistent copy, while
    other connections keep writing)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    src = sqlite3.connect(source.resolve().as_uri() + "?mode=ro", uri=True)
    dst = sqlite3.connect(target)
    try:
        src.backup(dst)
    finally:
        dst.close()
        src.close()


def dump(url: str, target_stem: Path) -> str:
    """Copy the database at ``url`` to ``target_stem`` + its dialect's suffix; answers the
    file's name."""
    kind = dialect(url)
    target = target_stem.with_name(target_stem.name + SUFFIX[kind])
    parsed = sa.make_url(url)
    if kind == "sqlite":
        sqlite_copy(sqlite_file(url), target)
    elif kind == "postgresql":
        args, env = _pg(parsed)
        _run([_tool("pg_dump"), "--format=custom", "--no-owner", "--no-privileges", "--file", str(target), *args], env)
    else:
        args, env = _my(parsed)
        with open(target, "wb") as out:
            tool = _tool("mariadb-dump", "mysqldump")
            _run([tool, "--single-transaction", "--skip-lock-tables", *args, parsed.database], env, stdout=out)
    return target.name


def load(url: str, source: Path) -> None:
    """Fill the (empty) database at ``url`` from a file ``dump`` wrote."""
    kind = dialect(url)
    parsed = sa.make_url(url)
    if kind == "sqlite":
        target = sqlite_file(url)
        if target.exists() and target.stat().st_size:
            raise ToolError(f"{target} exists")
        sqlite_copy(source, target)
    elif kind == "postgresql":
        args, env = _pg(parsed)
        _run([_tool("pg_restore"), "--no-owner", "--no-privileges", "--exit-on-error", *args, str(source)], env)
    else:
        args, env = _my(parsed)
        with open(source, "rb") as dump_file:
            _run([_tool("mariadb", "mysql"), *args, parsed.database], env, stdin=dump_file)


def tables(url: str) -> list[str]:
    """The tables the database at ``url`` holds (none for a SQLite file not there)."""
    if dialect(url) == "sqlite" and not sqlite_file(url).exists():
        return []
    engine = sa.create_engine(url)
    try:
        with engine.connect() as connection:
            return sa.inspect(connection).get_table_names()
    finally:
        engine.dispose()
