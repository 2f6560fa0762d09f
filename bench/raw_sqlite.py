"""Raw SQLite doing the records benchmark's queries: the floor the API is measured against.

``Raw`` runs, on the project's data file, the same SQL the app sends for each read of
bench/records.py, with the app's driver settings. ``python -m bench.raw_sqlite SPEC`` runs
them in a worker process (``bench.timing.Worker``) described by the JSON file ``SPEC``:
``{"db", "table", "rows", "picks", "app_driver"}``.
"""

from __future__ import annotations

import json
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path

from bench.timing import serve_worker


def q(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


FALLBACK_PRAGMAS = ("journal_mode=WAL", "synchronous=NORMAL", "foreign_keys=ON", "busy_timeout=5000")


def app_connector(path: Path) -> Callable[[], sqlite3.Connection] | None:
    """sqlite3 connections made by the app's own source-engine factory (its PRAGMAs), when
    this checkout has one; ``None`` otherwise."""
    try:
        from workbench.data import engines
    except ImportError:
        return None
    factory = getattr(engines, "source_engine", None) or engines.create_engine
    engine = factory(f"sqlite:///{path}")
    held = []  # pooled connections stay checked out for the whole run

    def connect():
        fairy = engine.raw_connection()
        held.append(fairy)
        return fairy.driver_connection

    return connect


class Raw:
    """The same queries as the API, straight on the SQLite file with the app's driver
    settings: one ``BEGIN`` ... ``COMMIT`` per request, a page followed by the count
    ``pageInfo`` needs when the page is full or not the first (as the API decides)."""

    def __init__(self, path: Path, table: dict, connector: Callable[[], sqlite3.Connection] | None = None):
        self.path = path
        self.connector = connector
        self.table = q(table["table_name"])
        physical = [c for c in table["columns"] if c.get("column_name")]
        self.names = {c["title"]: c["column_name"] for c in physical}
        self.pk = q(next(c["column_name"] for c in physical if c.get("pk")))
        self.select = ", ".join(q(c["column_name"]) for c in physical)
        self.conn = self.connect()

    def connect(self) -> sqlite3.Connection:
        if self.connector:
            conn = self.connector()
            conn.isolation_level = None
            return conn
        conn = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        for pragma in FALLBACK_PRAGMAS:
            conn.execute(f"PRAGMA {pragma}")
        return conn

    def settings(self) -> str:
        names = ("journal_mode", "synchronous", "cache_size", "mmap_size")
        values = [f"{n}={self.conn.execute(f'PRAGMA {n}').fetchone()[0]}" for n in names]
        values[1] = values[1].replace("=1", "=NORMAL").replace("=2", "=FULL")
        origin = "the app's source-engine factory" if self.connector else "a plain sqlite3 connection"
        return f"{origin}: {', '.join(values)}"

    def col(self, title: str) -> str:
        return q(self.names[title])

    def page(self, where="", args=(), order="", limit=25, offset=0, conn=None):
        conn = conn or self.conn
        where_sql = f" WHERE {where}" if where else ""
        order_sql = f"{order}, {self.pk} ASC" if order else f"{self.pk} ASC"
        conn.execute("BEGIN")
        rows = conn.execute(
            f"SELECT {self.select} FROM {self.table}{where_sql} ORDER BY {order_sql} LIMIT ? OFFSET ?",
            (*args, limit, offset),
        ).fetchall()
        total = len(rows)
        if offset or len(rows) == limit:
            total = conn.execute(f"SELECT count(*) FROM {self.table}{where_sql}", args).fetchone()[0]
        conn.execute("COMMIT")
        return rows, total

    def count(self):
        self.conn.execute("BEGIN")
        n = self.conn.execute(f"SELECT count(*) FROM {self.table}").fetchone()[0]
        self.conn.execute("COMMIT")
        return n

    def one(self, pk):
        self.conn.execute("BEGIN")
        row = self.conn.execute(f"SELECT {self.select} FROM {self.table} WHERE {self.pk} = ?", (pk,)).fetchone()
        self.conn.execute("COMMIT")
        return row


def reads(raw: Raw, rows: int, picks: list) -> dict[str, Callable[[int], object]]:
    """The raw side of each read of bench/records.py, by name; ``i`` numbers the call."""
    name_value = f"name {rows // 3}"
    return {
        "first page": lambda _i: raw.page(),
        "page at offset N/2": lambda _i: raw.page(offset=rows // 2),
        "text eq filter": lambda _i: raw.page(f"{raw.col('Name')} = ?", (name_value,)),
        "like filter": lambda _i: raw.page(f"{raw.col('Notes')} LIKE ? ESCAPE '\\'", ("%alpha bravo%",)),
        "sort on a number": lambda _i: raw.page(order=f"{raw.col('Qty')} DESC"),
        "count": lambda _i: raw.count(),
        "single record": lambda i: raw.one(picks[i % len(picks)]),
    }


def main() -> None:
    spec = json.loads(Path(sys.argv[1]).read_text())
    path = Path(spec["db"])
    raw = Raw(path, spec["table"], app_connector(path) if spec.get("app_driver") else None)
    serve_worker(reads(raw, spec["rows"], spec["picks"]), sys.stdin, sys.stdout)


if __name__ == "__main__":
    main()
