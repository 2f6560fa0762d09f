"""Sorting and filtering on maintained rollups, link counts and formulas over rollups.

    .venv/bin/python -m bench.rollups [--rows 100000] [--per-row 10] [--requests 40]

Starts ``pserve development.ini`` on a fresh data folder (SQLite), builds table A (Name,
Qty) has-many B (Title, Pages) and many-to-many C (Label, Weight) through the meta API,
loads ``--rows`` A rows, ``--per-row`` times as many B rows (each linked to a random A
row, so counts differ) and 2 C links per A row straight into the SQLite file, then adds on
A, through the meta API (each timed: its helper column is built over every record): a
Count of the has-many link, rollups ``Pages sum`` and ``Pages max`` (has-many) and
``Weight sum`` (many-to-many), and the formula ``Score`` (``{Pages sum} * 2 + {Qty}``).

Each read (a page of 25 with its ``pageInfo`` count) is timed through the v2 API, and the
same in raw SQLite on the same file in the same run, twice: with the correlated sub-select
(what the read costs without a maintained column) and on the helper column. Bulk inserts
of B rows (batches of 1,000, each linked to random A rows, whose helpers are refreshed)
are timed against the same inserts into a table D linked from a table without rollups.
Writes the "rollups" section of bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sqlite3
import tempfile
import time
import urllib.parse
from pathlib import Path

import psutil
import sqlalchemy as sa

from bench.records import SIGNUP, Api, start_server
from bench.results import section_option, write_section
from bench.timing import summary, timed

WARMUP = 3
LABELS = 1_000
MM_PER_ROW = 2
GOAL_P50 = 50.0
BATCH = 1_000
BATCHES = 10


def by_title(table: dict) -> dict:
    return {c["title"]: c for c in table["columns"]}


class Bench:
    def __init__(self, api: Api, project_id: str):
        self.api, self.project_id = api, project_id

    def create(self, title, columns):
        return self.api.call(
            "POST", f"/api/v1/db/meta/projects/{self.project_id}/tables", {"title": title, "columns": columns}
        )

    def add(self, table, body):
        return self.api.call("POST", f"/api/v1/db/meta/tables/{table['id']}/columns", body)

    def get(self, table):
        return self.api.call("GET", f"/api/v1/db/meta/tables/{table['id']}")


def build_tables(bench: Bench) -> dict:
    a = bench.create("A", [{"title": "Name"}, {"title": "Qty", "uidt": "Number"}])
    b = bench.create("B", [{"title": "Title"}, {"title": "Pages", "uidt": "Number"}])
    c = bench.create("C", [{"title": "Label"}, {"title": "Weight", "uidt": "Number"}])
    a2 = bench.create("A2", [{"title": "Name"}])
    d = bench.create("D", [{"title": "Title"}, {"title": "Pages", "uidt": "Number"}])
    bench.add(a, {"title": "Bs", "uidt": "Links", "childId": b["id"], "type": "hm"})
    bench.add(a, {"title": "Cs", "uidt": "Links", "childId": c["id"], "type": "mm"})
    bench.add(a2, {"title": "Ds", "uidt": "Links", "childId": d["id"], "type": "hm"})
    return {name: bench.get(t) for name, t in (("A", a), ("B", b), ("C", c), ("A2", a2), ("D", d))}


def add_computed(bench: Bench, tables: dict) -> list[tuple[str, float]]:
    """The computed fields on A, each timed (its helper is built over every record)."""
    a, b, c = (by_title(tables[t]) for t in ("A", "B", "C"))
    bs, cs = a["Bs"]["id"], a["Cs"]["id"]
    bodies = [
        ("B count", {"uidt": "Count", "fk_relation_column_id": bs}),
        (
            "Pages sum",
            {
                "uidt": "Rollup",
                "fk_relation_column_id": bs,
                "fk_rollup_column_id": b["Pages"]["id"],
                "rollup_function": "sum",
            },
        ),
        (
            "Pages max",
            {
                "uidt": "Rollup",
                "fk_relation_column_id": bs,
                "fk_rollup_column_id": b["Pages"]["id"],
                "rollup_function": "max",
            },
        ),
        (
            "Weight sum",
            {
                "uidt": "Rollup",
                "fk_relation_column_id": cs,
                "fk_rollup_column_id": c["Weight"]["id"],
                "rollup_function": "sum",
            },
        ),
        ("Score", {"uidt": "Formula", "formula_raw": "{Pages sum} * 2 + {Qty}"}),
    ]
    timings = []
    for title, body in bodies:
        started = time.perf_counter()
        bench.add(tables["A"], {"title": title, **body})
        timings.append((title, time.perf_counter() - started))
    tables["A"] = bench.get(tables["A"])
    return timings


def load_rows(db_path: Path, tables: dict, rows: int, per_row: int) -> float:
    started = time.perf_counter()
    a, b, c, a2 = (by_title(tables[t]) for t in ("A", "B", "C", "A2"))
    fk = next(col for col in tables["B"]["columns"] if col["uidt"] == "ForeignKey")
    mm = a["Cs"]["colOptions"]
    physical = mm["physical"]
    junction = physical["tables"][mm["fk_mm_model_id"]]
    j_a, j_c = physical["columns"][mm["fk_mm_child_column_id"]], physical["columns"][mm["fk_mm_parent_column_id"]]
    name = lambda cols, title: cols[title]["column_name"]  # noqa: E731
    t_a = sa.table(tables["A"]["table_name"], sa.column("id"), sa.column(name(a, "Name")), sa.column(name(a, "Qty")))
    t_b = sa.table(
        tables["B"]["table_name"],
        sa.column("id"),
        sa.column(name(b, "Title")),
        sa.column(name(b, "Pages")),
        sa.column(fk["column_name"]),
    )
    t_c = sa.table(
        tables["C"]["table_name"], sa.column("id"), sa.column(name(c, "Label")), sa.column(name(c, "Weight"))
    )
    t_a2 = sa.table(tables["A2"]["table_name"], sa.column("id"), sa.column(name(a2, "Name")))
    t_j = sa.table(junction, sa.column(j_a), sa.column(j_c))
    rng = random.Random(42)
    engine = sa.create_engine(f"sqlite:///{db_path}")
    chunk = 50_000
    with engine.begin() as conn:
        conn.exec_driver_sql("PRAGMA foreign_keys=OFF")
        conn.execute(
            t_c.insert(),
            [
                {"id": i, name(c, "Label"): f"label {i}", name(c, "Weight"): rng.randint(1, 50)}
                for i in range(1, LABELS + 1)
            ],
        )
        conn.execute(t_a2.insert(), [{"id": i, name(a2, "Name"): f"other {i}"} for i in range(1, 1001)])
        for start in range(1, rows + 1, chunk):
            ids = range(start, min(start + chunk, rows + 1))
            conn.execute(
                t_a.insert(),
                [{"id": i, name(a, "Name"): f"name {i}", name(a, "Qty"): rng.randint(0, 1000)} for i in ids],
            )
            conn.execute(
                t_j.insert(), [{j_a: i, j_c: (i * 7 + k * 13) % LABELS + 1} for i in ids for k in range(MM_PER_ROW)]
            )
        for start in range(1, rows * per_row + 1, chunk):
            ids = range(start, min(start + chunk, rows * per_row + 1))
            conn.execute(
                t_b.insert(),
                [
                    {
                        "id": i,
                        name(b, "Title"): f"title {i}",
                        name(b, "Pages"): rng.randint(1, 500),
                        fk["column_name"]: rng.randint(1, rows),
                    }
                    for i in ids
                ],
            )
    with engine.connect() as conn:
        conn.exec_driver_sql("ANALYZE")
        conn.commit()
    engine.dispose()
    return time.perf_counter() - started


class Raw:
    """The same reads in raw SQLite on the project's file: a page of 25 keys and its count."""

    def __init__(self, db_path: Path, tables: dict):
        self.db = sqlite3.connect(db_path)
        self.db.execute("PRAGMA mmap_size=268435456")
        a, b, c = (by_title(tables[t]) for t in ("A", "B", "C"))
        fk = next(col for col in tables["B"]["columns"] if col["uidt"] == "ForeignKey")["column_name"]
        mm = a["Cs"]["colOptions"]
        physical = mm["physical"]
        junction = physical["tables"][mm["fk_mm_model_id"]]
        j_a, j_c = physical["columns"][mm["fk_mm_child_column_id"]], physical["columns"][mm["fk_mm_parent_column_id"]]
        ta, tb, tc = (q(tables[t]["table_name"]) for t in ("A", "B", "C"))
        pages, weight, qty = q(b["Pages"]["column_name"]), q(c["Weight"]["column_name"]), q(a["Qty"]["column_name"])
        self.table = ta
        self.correlated = {
            "Pages sum": f"(SELECT sum(b.{pages}) FROM {tb} b WHERE b.{q(fk)} = {ta}.id)",
            "B count": f"(SELECT count(*) FROM {tb} b WHERE b.{q(fk)} = {ta}.id)",
            "Weight sum": f"(SELECT sum(c.{weight}) FROM {tc} c JOIN {q(junction)} j ON j.{q(j_c)} = c.id "
            f"WHERE j.{q(j_a)} = {ta}.id)",
        }
        self.correlated["Score"] = f"({self.correlated['Pages sum']} * 2 + {ta}.{qty})"
        self.helper = {
            t: f"{ta}.{q(a[t]['colOptions']['maintained']['column'])}" for t in ("Pages sum", "B count", "Weight sum")
        }
        # the formula's own helper when it is kept, else computed from the rollup's
        score = (a["Score"].get("colOptions") or {}).get("maintained")
        self.helper["Score"] = (
            f"{ta}.{q(score['column'])}" if score else f"({self.helper['Pages sum']} * 2 + {ta}.{qty})"
        )

    def read(self, exprs: dict, field: str, kind: str, bound=None):
        expr = exprs[field]
        if kind == "sort":
            page = f"SELECT id FROM {self.table} ORDER BY {expr} DESC, id LIMIT 25"
            count = f"SELECT count(*) FROM {self.table}"
        else:
            page = f"SELECT id FROM {self.table} WHERE {expr} > {bound} ORDER BY id LIMIT 25"
            count = f"SELECT count(*) FROM {self.table} WHERE {expr} > {bound}"

        def run():
            self.db.execute(page).fetchall()
            self.db.execute(count).fetchone()

        return run


def q(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


READS = [
    ("sort on a rollup (has-many sum)", "Pages sum", "sort", None),
    ("filter on a rollup (has-many sum > 3,000)", "Pages sum", "filter", 3000),
    ("sort on a link count", "B count", "sort", None),
    ("filter on a link count (> 15)", "B count", "filter", 15),
    ("sort on a rollup (many-to-many sum)", "Weight sum", "sort", None),
    ("sort on a formula over a rollup", "Score", "sort", None),
    ("filter on a formula over a rollup (> 6,000)", "Score", "filter", 6000),
]


def api_read(api: Api, tables: dict, field: str, kind: str, bound):
    params = {"limit": 25, "sort": f"-{field}"} if kind == "sort" else {"limit": 25, "where": f"({field},gt,{bound})"}
    url = f"/api/v2/tables/{tables['A']['id']}/records?" + urllib.parse.urlencode(params)
    return lambda: api.raw("GET", url)


def bulk_inserts(api: Api, tables: dict, rows: int) -> tuple[float, float]:
    """Seconds for BATCHES batches of BATCH rows into B (rollups refreshed) and into D (none),
    in turns, best of each side."""
    rng = random.Random(9)
    fk_b = next(col for col in tables["B"]["columns"] if col["uidt"] == "ForeignKey")["title"]
    fk_d = next(col for col in tables["D"]["columns"] if col["uidt"] == "ForeignKey")["title"]
    urls = {t: f"/api/v2/tables/{tables[t]['id']}/records" for t in ("B", "D")}
    times = {"B": [], "D": []}
    for _ in range(BATCHES):
        for table, fk, parents in (("B", fk_b, rows), ("D", fk_d, 1000)):
            body = json.dumps(
                [{"Title": "new", "Pages": rng.randint(1, 500), fk: rng.randint(1, parents)} for _ in range(BATCH)]
            ).encode()
            started = time.perf_counter()
            api.raw("POST", urls[table], body)
            times[table].append(time.perf_counter() - started)
    return sum(times["B"]), sum(times["D"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--per-row", type=int, default=10)
    parser.add_argument("--requests", type=int, default=40, help="timed requests per read")
    parser.add_argument("--no-write", action="store_true", help="print only, leave bench/RESULTS.md alone")
    parser.add_argument("--section", help="the section of bench/RESULTS.md to write (a new one is added at its end)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data_dir:
        proc, base = start_server(data_dir)
        try:
            token = Api(base).call("POST", "/api/v1/auth/user/signup", SIGNUP)["token"]
            api = Api(base, token)
            project = api.call("POST", "/api/v1/db/meta/projects", {"title": "Bench"})
            bench = Bench(api, project["id"])
            tables = build_tables(bench)
            db_path = Path(data_dir) / "projects" / f"{project['id']}.db"
            load_seconds = load_rows(db_path, tables, args.rows, args.per_row)
            print(f"loaded in {load_seconds:.1f} s", flush=True)
            builds = add_computed(bench, tables)
            print("built:", builds, flush=True)
            raw = Raw(db_path, tables)
            slow = max(5, args.requests // 8)
            results = []
            for name, field, kind, bound in READS:
                api_samples = timed(api_read(api, tables, field, kind, bound), args.requests, WARMUP)
                helper_samples = timed(raw.read(raw.helper, field, kind, bound), args.requests, WARMUP)
                correlated_samples = timed(raw.read(raw.correlated, field, kind, bound), slow, WARMUP)
                row = (name, summary(api_samples), summary(helper_samples), summary(correlated_samples))
                results.append(row)
                print(name, *(f"{t.p50:.2f}" for t in row[1:]), flush=True)
            with_rollups, without = bulk_inserts(api, tables, args.rows)
            args.load = os.getloadavg()[0]
            server_mb = psutil.Process(proc.pid).memory_info().rss / 2**20
        finally:
            proc.terminate()
            proc.wait(timeout=10)
    body = report(args, load_seconds, builds, results, with_rollups, without, server_mb)
    print(body)
    if not args.no_write:
        write_section(args.section or "rollups", body)


def report(args, load_seconds, builds, results, with_rollups, without, server_mb) -> str:
    rows, linked = args.rows, args.rows * args.per_row
    met = all(api.p50 < GOAL_P50 for _name, api, _helper, _correlated in results)
    lines = [
        f"## Maintained rollups and counts (`.venv/bin/python -m bench.rollups --rows {rows} --per-row {args.per_row} "
        f"--requests {args.requests}{section_option(args)}`)",
        "",
        f"`pserve development.ini` (SQLite). Table A ({rows:,} rows) has-many B ({linked:,} rows, each linked to a "
        f"random A row) and many-to-many C ({LABELS:,} rows, {MM_PER_ROW} links per A row), loaded straight into "
        f"the SQLite file ({load_seconds:.1f} s). On A, added through the meta API afterwards: a Count of the "
        "has-many link, rollups `Pages sum`, `Pages max` (has-many) and `Weight sum` (many-to-many), and the "
        "formula `Score` (`{Pages sum} * 2 + {Qty}`). Each count and rollup, and the formula over them, is kept "
        "in an indexed helper column of A, refreshed in each write's transaction; sorts and filters read it.",
        "",
        "Each read is a page of 25 records with its `pageInfo` count, through `GET /api/v2/tables/{A}/records` "
        f"(p50/p95 over {args.requests} requests after {WARMUP} warm-up ones, one keep-alive connection), "
        "beside raw SQLite on the same file in the same run (a page of 25 keys and the count, from Python's "
        "`sqlite3`): on the helper column, and with the correlated sub-select that the read costs without one "
        f"({max(5, args.requests // 8)} requests). Times in milliseconds.",
        "",
        "| read | API p50 | API p95 | raw, helper column p50 | API / raw | raw, correlated sub-select p50 |",
        "|---|---|---|---|---|---|",
    ]
    for name, api, helper, correlated in results:
        ratio = api.p50 / helper.p50 if helper.p50 else float("nan")
        lines.append(
            f"| {name} | {api.p50:.2f} | {api.p95:.2f} | {helper.p50:.2f} | {ratio:.1f}x | {correlated.p50:.2f} |"
        )
    lines += [
        "",
        f"Goal, every read under {GOAL_P50:g} ms p50 through the API: {'**met**' if met else '**not met**'}.",
        "",
        "Building a helper over every record when its field is added (the field's whole `POST` through the meta "
        "API): " + ", ".join(f"{title} {seconds:.2f} s" for title, seconds in builds) + ".",
        "",
        f"Bulk inserts, {BATCHES} batches of {BATCH:,} B rows each linked to a random A row (each batch refreshes "
        f"the helpers of up to {BATCH:,} A records, one UPDATE per 500 of them): {with_rollups:.2f} s "
        f"({BATCHES * BATCH / with_rollups:,.0f} rows/s), against {without:.2f} s ({BATCHES * BATCH / without:,.0f} "
        f"rows/s) for the same batches into D, linked from a table without rollups: **{with_rollups / without:.2f}x**. "
        f"Server memory at the end {server_mb:.0f} MB; load average {args.load:.1f} on {os.cpu_count()} cores.",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
