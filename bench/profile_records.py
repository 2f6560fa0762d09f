"""Where a records request spends its time: the app of ``development.ini`` driven in-process
through WebTest (no sockets, no gevent), under cProfile, with the SQL statements of each
request counted and shown.

    .venv/bin/python -m bench.profile_records [--rows 20000] [--requests 300] [--top 25]
        [--only "first page"] [--sql]

It builds the same table as bench/records.py, profiles a bulk insert of 10 batches of 1,000
and each read of that benchmark, and prints for each: the mean time per request, the SQL
statements per request (meta database and data source), and the functions with the most
own time and the most cumulative time. It measures nothing that goes into RESULTS.md.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import random
import re
import subprocess
import tempfile
import time
from collections import Counter
from pathlib import Path

import sqlalchemy as sa
from webtest import TestApp

from bench.records import BATCH, COLUMNS, make_row

ROOT = Path(__file__).resolve().parents[1]


# Components of a request, as (file name ending, function name) in the profile; cumulative
# times, so nested rows (indented) are part of the row above them.
COMPONENTS = (
    ("whole app (router)", "pyramid/router.py", "__call__"),
    ("pyramid_tm tween", "pyramid_tm/__init__.py", "tm_tween"),
    ("  identity (JWT + user lookup)", "security/policy.py", "identity"),
    ("    request.dbsession (new session)", "workbench/db.py", "dbsession"),
    ("    JWT claims (cached per token)", "security/tokens.py", "claims"),
    ("    caller and project role (one query)", "security/policy.py", "identity_from_claims"),
    ("  route match", "pyramid/urldispatch.py", "__call__"),
    ("  context factory (table ref)", "records/contexts.py", "__init__"),
    ("  permits", "security/policy.py", "permits"),
    ("  Records() (data connection, model)", "records/services.py", "__init__"),
    ("    data_transaction (connect, BEGIN)", "data/unit.py", "data_transaction"),
    ("    model_for", "records/loading.py", "model_for"),
    ("  list_params (where, sort)", "data/query.py", "list_params"),
    ("  select_rows", "data/query.py", "select_rows"),
    ("    row_json", "data/query.py", "row_json"),
    ("  count_rows", "data/query.py", "count_rows"),
    ("  read_row", "data/query.py", "read_row"),
    ("  insert (RowWriter)", "data/writes.py", "insert"),
    ("    prepare (coerce values)", "data/writes.py", "prepare"),
    ("  JSON rendering", "pyramid/renderers.py", "_render"),
    ("  commit (pyramid_tm finish)", "pyramid_tm/__init__.py", "_finish"),
    ("SQLAlchemy Connection.execute", "engine/base.py", "execute"),
    ("sqlite3 cursor.execute (the database)", "~", "<method 'execute' of 'sqlite3.Cursor' objects>"),
)


def breakdown(profiler: cProfile.Profile) -> list[tuple[str, float, int]]:
    stats = pstats.Stats(profiler).stats
    requests = 0
    rows = []
    for label, filename, function in COMPONENTS:
        total = 0.0
        for (fn, _line, name), (_cc, nc, _tt, ct, _callers) in stats.items():
            if name == function and fn.endswith(filename):
                total += ct
                if label.startswith("whole app"):
                    requests = nc
        rows.append((label, total, requests))
    return [(label, total, requests) for label, total, _ in rows]


class SqlLog:
    """Every statement any engine runs, by engine URL."""

    def __init__(self):
        self.statements: list[tuple[str, str]] = []
        sa.event.listen(sa.engine.Engine, "before_cursor_execute", self._on)

    def _on(self, conn, _cursor, statement, _params, _context, _many):
        self.statements.append((conn.engine.url.database or "", statement))

    def take(self) -> list[tuple[str, str]]:
        taken, self.statements = self.statements, []
        return taken


def build_app(data_dir: str):
    os.environ["WORKBENCH_DATA_DIR"] = data_dir
    subprocess.run([str(ROOT / ".venv/bin/workbench"), "migrate"], cwd=ROOT, check=True, capture_output=True)
    from pyramid.paster import get_app

    return get_app(str(ROOT / "development.ini"), "main")


class BenchTable:
    """bench/records.py's table, made through ``app`` (a ``TestApp``) by the benchmark's user:
    its ``headers``, ``records`` path, ``project`` and ``table`` (meta), and the bodies of
    the bulk insert of ``rows`` rows (``insert_all()`` posts them)."""

    def __init__(self, app: TestApp, rows: int):
        self.app = app
        token = app.post_json(
            "/api/v1/auth/user/signup", {"email": "bench@example.com", "password": "bench password 1"}
        ).json["token"]
        self.headers = {"xc-auth": token}
        self.post_headers = {**self.headers, "Content-Type": "application/json"}
        self.project = app.post_json("/api/v1/db/meta/projects", {"title": "Bench"}, headers=self.headers).json
        self.table = app.post_json(
            f"/api/v1/db/meta/projects/{self.project['id']}/tables",
            {"table_name": "bench", "title": "Bench", "columns": COLUMNS},
            headers=self.headers,
        ).json
        self.records = f"/api/v2/tables/{self.table['id']}/records"
        rng = random.Random(7)
        self.bodies = [
            json.dumps([make_row(i, rng) for i in range(start, min(rows, start + BATCH))]).encode()
            for start in range(0, rows, BATCH)
        ]

    def insert_all(self) -> None:
        for body in self.bodies:
            self.app.post(self.records, body, headers=self.post_headers)


def profile(label: str, fn, n: int, top: int, sql: SqlLog, show_sql: bool, dump: str | None = None) -> None:
    fn(0)
    sql.take()
    fn(1)
    one = sql.take()
    profiler = cProfile.Profile()
    started = time.perf_counter()
    profiler.enable()
    for i in range(n):
        fn(i)
    profiler.disable()
    elapsed = (time.perf_counter() - started) / n * 1000
    sql.take()
    if dump:
        profiler.dump_stats(f"{dump}-{re.sub(r'[^a-z0-9]+', '_', label)}.prof")
    by_db = Counter(Path(db).name for db, _s in one)
    print(f"\n=== {label}: {elapsed:.2f} ms per request under the profiler; SQL per request: {dict(by_db)}")
    if show_sql:
        for db, statement in one:
            print(f"    [{Path(db).name}] {' '.join(statement.split())[:300]}")
    print("--- where the time goes (ms per request, cumulative, under the profiler)")
    for name, total, requests in breakdown(profiler):
        if total and requests:
            print(f"  {name:42s} {total / requests * 1000:8.3f}")
    for order in ("tottime", "cumulative"):
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).strip_dirs().sort_stats(order).print_stats(top)
        text = out.getvalue()
        print(f"--- by {order}")
        print(text[text.find("   ncalls") :].rstrip())


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=20_000)
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--only", help="profile only the reads whose name contains this")
    parser.add_argument("--sql", action="store_true", help="print each read's SQL statements")
    parser.add_argument("--dump", help="save each profile as DUMP-<read>.prof (for pstats or snakeviz)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data_dir:
        app = TestApp(build_app(data_dir))
        sql = SqlLog()
        bench = BenchTable(app, args.rows)
        headers, records, bodies, h = bench.headers, bench.records, bench.bodies, bench.post_headers

        def insert(i):
            app.post(records, bodies[i % len(bodies)], headers=h)

        if not args.only:
            profile("bulk insert of 1,000 rows", insert, 10, args.top, sql, False, args.dump)
        started = time.perf_counter()
        bench.insert_all()
        print(f"\n{args.rows:,} rows inserted in {time.perf_counter() - started:.1f} s (in-process, no profiler)")
        sql.take()
        n = args.rows
        reads = {
            "first page": f"{records}?limit=25",
            "page at offset N/2": f"{records}?limit=25&offset={n // 2}",
            "text eq filter": f"{records}?where=(Name,eq,name%20{n // 3})",
            "like filter": f"{records}?where=(Notes,like,alpha%20bravo)",
            "sort on a number": f"{records}?sort=-Qty",
            "count": f"{records}/count",
            "single record": f"{records}/{n // 2}",
        }
        for label, path in reads.items():
            if args.only and args.only not in label:
                continue
            profile(
                label,
                lambda _i, path=path: app.get(path, headers=headers),
                args.requests,
                args.top,
                sql,
                args.sql,
                args.dump,
            )


if __name__ == "__main__":
    main()
