"""Deep pages of a 1,000,000-row table under a sort, through the records API and in the raw
database, side by side in one run; and what the sort indexes cost the writes.

    .venv/bin/python -m bench.paging [--rows 1000000] [--requests 200] [--dialect sqlite|postgresql]

Starts ``pserve development.ini`` on a fresh data folder (on PostgreSQL with the projects'
tables in a fresh database on 127.0.0.1), creates a table (Name, Qty, Price, Notes) through
the meta API, loads the rows straight into the database (``executemany`` on SQLite, ``COPY``
on PostgreSQL), then adds two grid views sorted on Qty (a Number) and on Name (a text): the
engine indexes each sort when it is added, and the time of that request is the index's
build. For each sort it then times, over ``--requests`` requests on one keep-alive
connection after warm-up: a jump to position 90 % of the table (``cursor=&offset=N``), the
next page by cursor from there, the previous page, and the same keyset query run by the
raw database driver on the same database. Old-style ``offset=N`` paging and the raw
``OFFSET`` are timed a few times for comparison. Last, 20,000 rows are inserted through the
API in batches of 1,000 with the two indexes, again after the sorts (and so the indexes)
are removed, and again once they are back. Writes the "paging-<dialect>" section of bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import string
import tempfile
import time
import urllib.parse
from pathlib import Path

import sqlalchemy as sa

from bench.records import SIGNUP, Api, start_server
from bench.results import section_option, write_section
from bench.timing import summary, timed
from workbench.data.seek import STRIDE

PAGE = 25
WARMUP = 5
SLOW_ROUNDS = 3
INSERTS = 20_000
BATCH = 1_000
TARGET_P95 = 50.0
COLUMNS = [
    {"title": "Name", "column_name": "name", "uidt": "SingleLineText"},
    {"title": "Qty", "column_name": "qty", "uidt": "Number"},
    {"title": "Price", "column_name": "price", "uidt": "Decimal"},
    {"title": "Notes", "column_name": "notes", "uidt": "LongText"},
]


def make_rows(rows: int):
    rng = random.Random(42)
    letters = string.ascii_lowercase
    for i in range(1, rows + 1):
        yield (
            i,
            "".join(rng.choices(letters, k=10)),
            rng.randint(0, 1_000_000),
            round(rng.random() * 1000, 2),
            "note " * rng.randint(1, 8),
        )


def load(url: str, table_name: str, rows: int) -> float:
    started = time.perf_counter()
    engine = sa.create_engine(url)
    columns = ("id", "name", "qty", "price", "notes")
    if engine.dialect.name == "postgresql":
        with engine.begin() as conn:
            cursor = conn.connection.cursor()
            with cursor.copy(f'COPY "{table_name}" ({", ".join(columns)}) FROM STDIN') as copy:
                for row in make_rows(rows):
                    copy.write_row(row)
            conn.exec_driver_sql(f"SELECT setval(pg_get_serial_sequence('\"{table_name}\"', 'id'), {rows})")
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            conn.exec_driver_sql(f'VACUUM ANALYZE "{table_name}"')
    else:
        raw = engine.raw_connection()
        try:
            insert = f'INSERT INTO "{table_name}" ({", ".join(columns)}) VALUES (?, ?, ?, ?, ?)'
            raw.cursor().executemany(insert, make_rows(rows))
            raw.commit()
            raw.cursor().execute("ANALYZE")
            raw.commit()
        finally:
            raw.close()
    engine.dispose()
    return time.perf_counter() - started


class Raw:
    """The same queries through the database's own driver (no Workbench in between)."""

    def __init__(self, url: str, table_name: str):
        self.engine = sa.create_engine(url)
        self.conn = self.engine.raw_connection()
        self.pg = self.engine.dialect.name == "postgresql"
        self.table = table_name

    def _run(self, sql: str, args=()):
        cursor = self.conn.cursor()
        cursor.execute(sql.replace("?", "%s") if self.pg else sql, args)
        rows = cursor.fetchall()
        if self.pg:
            self.conn.rollback()  # no transaction left open between reads
        return rows

    def order(self, column: str) -> str:
        return f"{column} NULLS FIRST, id" if self.pg else f"{column}, id"

    def keyset(self, column: str, after: tuple) -> list:
        sql = f'SELECT * FROM "{self.table}" WHERE ({column}, id) > (?, ?) ORDER BY {self.order(column)} LIMIT {PAGE}'
        return self._run(sql, after)

    def offset(self, column: str, offset: int) -> list:
        sql = f'SELECT * FROM "{self.table}" ORDER BY {self.order(column)} LIMIT {PAGE} OFFSET {offset}'
        return self._run(sql)

    def key_at(self, column: str, offset: int) -> tuple:
        return tuple(
            self._run(f'SELECT {column}, id FROM "{self.table}" ORDER BY {column}, id LIMIT 1 OFFSET {offset}')[0]
        )

    def close(self):
        self.conn.close()
        self.engine.dispose()


def measure(api: Api, raw: Raw, records: str, view: dict, field: str, column: str, rows: int, n: int) -> dict:
    depth = rows * 9 // 10
    base = {"viewId": view["id"], "limit": PAGE}

    def url(**extra):
        return records + "?" + urllib.parse.urlencode({**base, **extra})

    jump = url(cursor="", offset=depth)
    started = time.perf_counter()
    first = api.call("GET", jump)
    anchors_ms = (time.perf_counter() - started) * 1000
    info = first["pageInfo"]
    following = url(cursor=info["nextCursor"])
    # The same page with the sort given in the query instead of by the view (no view to load).
    by_sort = records + "?" + urllib.parse.urlencode({"sort": field, "limit": PAGE, "cursor": info["nextCursor"]})
    previous = url(cursor=info["prevCursor"])
    expected = raw.offset(column, depth)
    got = [r["Id"] for r in first["list"]]
    exact = got == [r[0] for r in expected]
    for target in (jump, following, previous, by_sort):
        for _ in range(WARMUP):
            api.raw("GET", target)
    after = raw.key_at(column, depth + PAGE - 1)
    for _ in range(WARMUP):
        raw.keyset(column, after)
    result = {"field": field, "anchors_ms": anchors_ms, "exact": exact}
    # Interleaved in slices: every side sees the same load from the rest of the machine.
    plain = records + "/1"
    for _ in range(WARMUP):
        api.raw("GET", plain)
    samples = {"jump": [], "next": [], "prev": [], "raw": [], "plain": [], "by_sort": []}
    for _ in range(4):
        samples["by_sort"] += timed(lambda: api.raw("GET", by_sort), n // 4)
        samples["plain"] += timed(lambda: api.raw("GET", plain), n // 4)
        samples["jump"] += timed(lambda: api.raw("GET", jump), n // 4)
        samples["next"] += timed(lambda: api.raw("GET", following), n // 4)
        samples["prev"] += timed(lambda: api.raw("GET", previous), n // 4)
        samples["raw"] += timed(lambda: raw.keyset(column, after), n // 4)
    result.update({name: summary(values) for name, values in samples.items()})
    result["old_offset"] = summary(timed(lambda: api.raw("GET", url(offset=depth)), SLOW_ROUNDS))
    result["raw_offset"] = summary(timed(lambda: raw.offset(column, depth), SLOW_ROUNDS))
    print(json.dumps({k: (v.p95 if hasattr(v, "p95") else v) for k, v in result.items()}), flush=True)
    return result


def insert_rate(api: Api, records: str, start: int) -> float:
    rng = random.Random(start)
    bodies = [
        json.dumps(
            [
                {"Name": "".join(rng.choices(string.ascii_lowercase, k=10)), "Qty": rng.randint(0, 10**6)}
                for _ in range(BATCH)
            ]
        ).encode()
        for _ in range(INSERTS // BATCH)
    ]
    started = time.perf_counter()
    for body in bodies:
        api.raw("POST", records, body)
    return INSERTS / (time.perf_counter() - started)


def run(args, data_url: str | None, data_dir: str) -> dict:
    if data_url:
        os.environ["WORKBENCH_DATA_URL"] = data_url
    proc, base = start_server(data_dir)
    try:
        token = Api(base).call("POST", "/api/v1/auth/user/signup", SIGNUP)["token"]
        api = Api(base, token)
        project = api.call("POST", "/api/v1/db/meta/projects", {"title": "Bench"})
        body = {"table_name": "paging", "title": "Paging", "columns": COLUMNS}
        table = api.call("POST", f"/api/v1/db/meta/projects/{project['id']}/tables", body)
        table = api.call("GET", f"/api/v1/db/meta/tables/{table['id']}")
        by_title = {c["title"]: c for c in table["columns"]}
        url = data_url or f"sqlite:///{Path(data_dir) / 'projects' / (project['id'] + '.db')}"
        load_s = load(url, table["table_name"], args.rows)
        print(f"loaded {args.rows:,} rows in {load_s:.1f} s", flush=True)
        views, index_ms = {}, {}
        for field in ("Qty", "Name"):
            view = api.call("POST", f"/api/v1/db/meta/tables/{table['id']}/grids", {"title": f"By {field}"})
            started = time.perf_counter()
            api.call("POST", f"/api/v1/db/meta/views/{view['id']}/sorts", {"fk_column_id": by_title[field]["id"]})
            index_ms[field] = (time.perf_counter() - started) * 1000
            views[field] = view
        raw = Raw(url, table["table_name"])
        records = f"/api/v2/tables/{table['id']}/records"
        try:
            results = [
                measure(api, raw, records, views[f], f, by_title[f]["column_name"], args.rows, args.requests)
                for f in ("Qty", "Name")
            ]
        finally:
            raw.close()
        # With the indexes, without them, and with them again: the machine's load drifts.
        with_indexes = [insert_rate(api, records, 1)]
        for view in views.values():
            for sort in api.call("GET", f"/api/v1/db/meta/views/{view['id']}/sorts")["list"]:
                api.call("DELETE", f"/api/v1/db/meta/sorts/{sort['id']}")
        without = insert_rate(api, records, 2)
        for field, view in views.items():
            api.call("POST", f"/api/v1/db/meta/views/{view['id']}/sorts", {"fk_column_id": by_title[field]["id"]})
        with_indexes.append(insert_rate(api, records, 3))
        with_indexes = sum(with_indexes) / len(with_indexes)
        print(f"inserts/s with the indexes {with_indexes:,.0f}, without {without:,.0f}", flush=True)
        return {
            "load_s": load_s,
            "index_ms": index_ms,
            "results": results,
            "with": with_indexes,
            "without": without,
            "load": os.getloadavg()[0],
        }
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        os.environ.pop("WORKBENCH_DATA_URL", None)


def report(args, dialect: str, found: dict) -> str:
    name = "SQLite" if dialect == "sqlite" else "PostgreSQL"
    depth = args.rows * 9 // 10
    lines = [
        f"## Deep pages under a sort, {name} (`.venv/bin/python -m bench.paging --dialect {dialect} "
        f"--rows {args.rows} --requests {args.requests}{section_option(args)}`)",
        "",
        f"`pserve development.ini`, the table's {args.rows:,} rows ({name}, loaded straight into the "
        f"database in {found['load_s']:.1f} s). Two grid views sorted on Qty (Number) and on Name "
        "(text); adding each sort built its index in "
        + " and ".join(f"{ms / 1000:.1f} s ({f})" for f, ms in found["index_ms"].items())
        + f". Pages of {PAGE} through `GET /api/v2/tables/{{id}}/records?viewId=...` with every field; "
        f"times in milliseconds over {args.requests} requests each, on one keep-alive connection, "
        "the API and the raw driver taking turns in slices. The raw figure is the keyset query "
        f"`WHERE (key, id) > (?, ?) ORDER BY key, id LIMIT {PAGE}` run by the driver on the same "
        "database with the same index.",
        "",
        "| sort | read | p50 | p95 | raw p50 | raw p95 | p95 / raw p95 |",
        "|---|---|---|---|---|---|---|",
    ]
    met = True
    for r in found["results"]:
        raw = r["raw"]
        for label, key in (
            (f"jump to position {depth:,} (`cursor=&offset={depth}`)", "jump"),
            ("next page from there (`cursor=<nextCursor>`)", "next"),
            ("previous page (`cursor=<prevCursor>`)", "prev"),
            (f"next page, sort in the query instead of the view (`sort={r['field']}&cursor=...`)", "by_sort"),
        ):
            t = r[key]
            met = met and t.p95 < TARGET_P95
            lines.append(
                f"| {r['field']} | {label} | {t.p50:.2f} | {t.p95:.2f} | {raw.p50:.2f} | {raw.p95:.2f} | "
                f"{t.p95 / raw.p95:.1f}x |"
            )
        t = r["plain"]
        lines.append(
            f"| {r['field']} | for scale: one record by its key (`GET .../records/1`) | "
            f"{t.p50:.2f} | {t.p95:.2f} | {raw.p50:.2f} | {raw.p95:.2f} | {t.p95 / raw.p95:.1f}x |"
        )
        lines.append(
            f"| {r['field']} | old paging `offset={depth}` (with `totalRows`), {SLOW_ROUNDS} requests | "
            f"{r['old_offset'].p50:.0f} | {r['old_offset'].p95:.0f} | {r['raw_offset'].p50:.0f} | "
            f"{r['raw_offset'].p95:.0f} | {r['old_offset'].p95 / r['raw_offset'].p95:.1f}x |"
        )
    anchors = ", ".join(f"{r['field']} {r['anchors_ms']:.0f} ms" for r in found["results"])
    exact = all(r["exact"] for r in found["results"])
    lines += [
        "",
        f"The old-paging row's raw figure is the driver's `ORDER BY key, id LIMIT {PAGE} OFFSET {depth}` "
        f"over the same index. The first jump of each sort read its positions (every {STRIDE:,}th key up to "
        f"the position) in {anchors}; the jumped-to page {'matched' if exact else 'did NOT match'} the raw "
        "OFFSET's rows. The one-record row measures what any records request costs here (routing, the "
        "session, the table's meta, JSON): most of the cursor reads' distance to the raw query is that; "
        "the view (its fields, sorts and filters) is kept in memory between requests, checked by one short "
        "statement.",
        "",
        f"Goal, every cursor read under {TARGET_P95:g} ms p95: {'**met**' if met else '**not met**'} "
        f"(load average {found['load']:.1f} on {os.cpu_count()} cores at the end).",
        "",
        f"Cost of the two sort indexes on writes: {INSERTS:,} rows inserted through the API in batches "
        f"of {BATCH:,}: {found['with']:,.0f} rows/s with them (the mean of a run before the sorts were "
        f"removed and one after they were added again), {found['without']:,.0f} rows/s without them: "
        f"{found['without'] / found['with']:.2f}x slower with them. Imports were not timed here; they "
        "insert rows the same way, so each indexed row costs them the same index updates.",
    ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--dialect", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--no-write", action="store_true", help="print only, leave bench/RESULTS.md alone")
    parser.add_argument("--section", help="the section of bench/RESULTS.md to write (a new one is added at its end)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data_dir:
        data_url = None
        if args.dialect == "postgresql":
            from workbench.testing.databases import create_database, drop_database

            data_url = create_database("postgresql", Path(data_dir))
        try:
            found = run(args, data_url, data_dir)
        finally:
            if data_url:
                drop_database(data_url)
    body = report(args, args.dialect, found)
    print(body)
    if not args.no_write:
        write_section(args.section or f"paging-{args.dialect}", body)


if __name__ == "__main__":
    main()
