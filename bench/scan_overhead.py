"""Where a records read that scans the whole table spends its time beyond SQLite: the app of
``development.ini`` in-process through WebTest (as bench/profile_records.py), on the table of
bench/records.py.

    .venv/bin/python -m bench.scan_overhead [--rows 100000] [--requests 60]

For each read, the CPU time of this thread (``time.thread_time``: what the machine's load
does to wall times stays out), p50 over ``--requests`` rounds in which the reads take turns:

- request: the whole request;
- its statements: the request's data statements on the app's own connection (with its
  settings and the time budget's progress handler), from ``execute`` to the last ``fetch``;
- same SQL, own connection: bench/raw_sqlite.py's statements for the read, on a connection
  of their own in this process;
- Python: the request less its statements;
- first page next: a first-page request made right after this read.

Each read is made right after a first page, so it starts on warm CPU caches: the first
page's row is the warm figure. After a scan of the whole table (20 MB at 100,000 rows) the
caches hold the table's pages, not the interpreter's code and objects, and Python runs
slower: what the scan's own request does after it, and the next request. It prints the
table; nothing is written to bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

from webtest import TestApp

from bench.profile_records import BenchTable, build_app
from bench.raw_sqlite import Raw, app_connector, reads

READS = {
    "first page": "?limit=25",
    "text eq filter": "?where=(Name,eq,name%20{third})",
    "like filter": "?where=(Notes,like,alpha%20bravo)",
    "sort on a number": "?sort=-Qty",
}


class StatementClock:
    """CPU time of the statements run on connections to the data files (``projects/``):
    ``sqlite3`` connections made from now on get cursors that time ``execute`` and the
    fetches."""

    def __init__(self):
        self.spent = 0.0
        clock = self

        class Cursor(sqlite3.Cursor):
            def _timed(self, method, *args):
                started = time.thread_time()
                try:
                    return method(*args)
                finally:
                    if self.connection.timed:
                        clock.spent += time.thread_time() - started

            def execute(self, *args):
                return self._timed(super().execute, *args)

            def fetchone(self):
                return self._timed(super().fetchone)

            def fetchmany(self, *args):
                return self._timed(super().fetchmany, *args)

            def fetchall(self):
                return self._timed(super().fetchall)

        class Connection(sqlite3.Connection):
            def __init__(self, database, *args, **kwargs):
                super().__init__(database, *args, **kwargs)
                self.timed = "/projects/" in str(database)

            def cursor(self, factory=Cursor):
                return super().cursor(factory)

            def execute(self, *args):
                return self.cursor().execute(*args)

        connect = sqlite3.connect

        def timed_connect(*args, **kwargs):
            return connect(*args, **{**kwargs, "factory": Connection})

        sqlite3.connect = sqlite3.dbapi2.connect = timed_connect

    def take(self) -> float:
        spent, self.spent = self.spent, 0.0
        return spent * 1000


def cpu_ms(fn) -> float:
    started = time.thread_time()
    fn()
    return (time.thread_time() - started) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--requests", type=int, default=60)
    args = parser.parse_args()
    clock = StatementClock()
    with tempfile.TemporaryDirectory() as data_dir:
        app = TestApp(build_app(data_dir))
        bench = BenchTable(app, args.rows)
        bench.insert_all()
        db_path = Path(data_dir) / "projects" / f"{bench.project['id']}.db"
        raw = Raw(db_path, bench.table, app_connector(db_path))
        raw_reads = reads(raw, args.rows, [1])
        paths = {name: bench.records + query.format(third=args.rows // 3) for name, query in READS.items()}

        def api(name: str):
            return lambda: app.get(paths[name], headers=bench.headers)

        samples: dict[str, dict[str, list[float]]] = {name: {} for name in READS}
        for rnd in range(args.requests + 2):  # the first two rounds warm up
            for name in READS:
                api("first page")()  # each read starts on warm caches
                clock.take()
                row = {
                    "request": cpu_ms(api(name)),
                    "its statements": clock.take(),
                    "first page next": cpu_ms(api("first page")),
                    "same SQL, own connection": cpu_ms(lambda name=name: raw_reads[name](0)),
                }
                row["Python"] = row["request"] - row["its statements"]
                for key, value in row.items():
                    if rnd >= 2:
                        samples[name].setdefault(key, []).append(value)
    columns = ("request", "its statements", "same SQL, own connection", "Python", "first page next")
    print(f"CPU ms per request (p50 of {args.requests}), {args.rows:,} rows")
    print("| read | " + " | ".join(columns) + " |")
    print("|---" * (len(columns) + 1) + "|")
    for name, row in samples.items():
        print(f"| {name} | " + " | ".join(f"{statistics.median(row[c]):.2f}" for c in columns) + " |")


if __name__ == "__main__":
    main()
