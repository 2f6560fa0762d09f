"""Records API speed through the v2 API, side by side with raw SQLite doing the same queries.

    .venv/bin/python -m bench.records [--rows 100000] [--requests 200]

By default it starts ``pserve development.ini`` on a fresh data folder and a free port (as
bench/startup.py does), signs up, creates a project and a table of 10 mixed columns through
the meta API, bulk-inserts ``--rows`` rows through ``POST /api/v2/tables/{id}/records`` in
batches of 1,000, then times each read (p50/p95 over ``--requests`` requests on one
keep-alive connection) and the first page with 4 concurrent clients. In the same run it
times raw SQLite doing the same queries on the project's data file
(``<data_dir>/projects/<project_id>.db``), with the app's driver settings (Python's sqlite3,
WAL, synchronous=NORMAL, one transaction per request), and writes the "records" section of
bench/RESULTS.md.

Only the HTTP API is used, so it can be pointed at another server speaking NocoDB's API:

    .venv/bin/python -m bench.records --url http://host:8080 --token JWT [--project ID]
        [--token-header xc-token] [--sqlite path/to/data.db] [--no-write]

With ``--url`` the raw column needs ``--sqlite`` (the file holding the table); without it the
raw measures are left out. Results of a ``--url`` run are printed, and written to
RESULTS.md only with ``--write``.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import math
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import psutil

from bench.results import write_section
from bench.startup import free_port

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
BATCH = 1000
WARMUP = 5
ROUNDS = 4
WORDS = ("alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet")
STATUSES = ("todo", "doing", "done")
SIGNUP = {"email": "bench@example.com", "password": "bench password 1"}
COLUMNS = [
    {"title": "Name", "column_name": "name", "uidt": "SingleLineText"},
    {"title": "Notes", "column_name": "notes", "uidt": "LongText"},
    {"title": "Qty", "column_name": "qty", "uidt": "Number"},
    {"title": "Price", "column_name": "price", "uidt": "Decimal"},
    {"title": "Done", "column_name": "done", "uidt": "Checkbox"},
    {
        "title": "Status",
        "column_name": "status",
        "uidt": "SingleSelect",
        "colOptions": {"options": [{"title": s} for s in STATUSES]},
    },
    {"title": "Due", "column_name": "due", "uidt": "Date"},
    {"title": "Seen", "column_name": "seen", "uidt": "DateTime"},
    {"title": "Mail", "column_name": "mail", "uidt": "Email"},
    {"title": "Stars", "column_name": "stars", "uidt": "Rating"},
]
# Targets of issue 3 and NocoDB 0.301.3's figures (reference/performance.md), by measure.
FAST_READS = {"first page", "page at offset N/2", "count", "single record"}
NOCODB = {
    "bulk insert": "930-980 rows/s",
    "first page": "23-26",
    "page at offset N/2": "25-31",
    "text eq filter": "57",
    "like filter": "43",
    "sort on a number": "44-48",
    "count": "14-15",
    "single record": "11",
    "first page, 4 clients": "about 48 req/s",
}


class Api:
    """A keep-alive HTTP client (one per thread)."""

    def __init__(self, base: str, token: str | None = None, token_header: str = "xc-auth"):  # noqa: S107
        parts = urllib.parse.urlsplit(base)
        self.host, self.port = parts.hostname, parts.port or 80
        self.conn = http.client.HTTPConnection(self.host, self.port, timeout=300)
        self.headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if token:
            self.headers[token_header] = token

    def raw(self, method: str, path: str, body: bytes | None = None) -> bytes:
        try:
            self.conn.request(method, path, body=body, headers=self.headers)
            res = self.conn.getresponse()
        except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
            self.conn.close()  # the server closed the idle connection: one retry on a new one
            self.conn.request(method, path, body=body, headers=self.headers)
            res = self.conn.getresponse()
        data = res.read()
        if res.status >= 400:
            raise RuntimeError(f"{method} {path}: {res.status} {data[:300]!r}")
        return data

    def call(self, method: str, path: str, body=None):
        data = self.raw(method, path, None if body is None else json.dumps(body).encode())
        return json.loads(data) if data else None


def query(path: str, params: dict | None) -> str:
    return path + ("?" + urllib.parse.urlencode(params) if params else "")


# -- data ----------------------------------------------------------------------------------
def make_row(i: int, rng: random.Random) -> dict:
    return {
        "Name": f"name {i}",
        "Notes": " ".join(rng.choice(WORDS) for _ in range(6)),
        "Qty": rng.randint(0, 1_000_000),
        "Price": round(rng.uniform(0, 1000), 2),
        "Done": rng.random() < 0.5,
        "Status": rng.choice(STATUSES),
        "Due": f"2024-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}",
        "Seen": f"2024-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d} {rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:00",
        "Mail": f"user{i}@example.com",
        "Stars": rng.randint(0, 5),
    }


# -- timing --------------------------------------------------------------------------------
@dataclass
class Timing:
    p50: float
    p95: float


def summary(samples: list[float]) -> Timing:
    samples = sorted(samples)
    return Timing(statistics.median(samples), samples[max(0, math.ceil(len(samples) * 0.95) - 1)])


class Meter:
    """Wall times of calls, and the CPU they cost: a process's (the server's) or this thread's."""

    def __init__(self, fn: Callable[[int], object], cpu: Callable[[], float]):
        self.fn, self.cpu = fn, cpu
        self.samples: list[float] = []
        self.cpu_spent = 0.0
        self.calls = 0

    def run(self, start: int, n: int) -> None:
        before = self.cpu()
        for i in range(start, start + n):
            started = time.perf_counter()
            self.fn(i)
            self.samples.append((time.perf_counter() - started) * 1000)
        self.cpu_spent += self.cpu() - before
        self.calls += n


def interleaved(meters: list[Meter], n: int, rounds: int = ROUNDS) -> None:
    """``n`` timed calls of each meter, alternating in ``rounds`` slices so that every meter
    sees the same share of whatever else the machine is doing."""
    for meter in meters:
        for i in range(WARMUP):
            meter.fn(i)
    done = 0
    for r in range(rounds):
        size = n * (r + 1) // rounds - done
        for meter in meters:
            meter.run(done, size)
        done += size


def concurrent(make_worker: Callable[[], Callable[[int], object]], clients: int, per_client: int) -> float:
    """Requests per second of ``clients`` threads, each doing ``per_client`` calls."""
    errors: list[BaseException] = []
    workers = [make_worker() for _ in range(clients)]
    for w in workers:
        w(0)  # open the connection before the clock starts
    barrier = threading.Barrier(clients + 1)

    def run(work):
        barrier.wait()
        try:
            for i in range(per_client):
                work(i)
        except Exception as exc:  # reported below
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(w,)) for w in workers]
    for t in threads:
        t.start()
    barrier.wait()
    started = time.perf_counter()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - started
    if errors:
        raise errors[0]
    return clients * per_client / elapsed


# -- raw SQLite ----------------------------------------------------------------------------
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


# -- the run -------------------------------------------------------------------------------
@dataclass
class Result:
    name: str
    ours: Timing | float | None
    raw: Timing | float | None = None
    note: str = ""
    cpu: float | None = None  # server CPU milliseconds per request (or per 1,000 rows inserted)
    raw_cpu: float | None = None  # raw SQLite CPU milliseconds per request


def cpu_ms(process: psutil.Process | None) -> float:
    if process is None:
        return 0.0
    times = process.cpu_times()
    return (times.user + times.system) * 1000


def create_table(api: Api, project_id: str) -> dict:
    body = {"table_name": "bench", "title": "Bench", "columns": COLUMNS}
    table = api.call("POST", f"/api/v1/db/meta/projects/{project_id}/tables", body)
    if not table.get("columns"):
        table = api.call("GET", f"/api/v1/db/meta/tables/{table['id']}")
    return table


def bulk_insert(api: Api, records: str, rows: int) -> tuple[float, list]:
    rng = random.Random(7)
    bodies = [
        json.dumps([make_row(i, rng) for i in range(start, min(rows, start + BATCH))]).encode()
        for start in range(0, rows, BATCH)
    ]
    ids: list = []
    started = time.perf_counter()
    for body in bodies:
        ids += [next(iter(k.values())) for k in json.loads(api.raw("POST", records, body))]
    return rows / (time.perf_counter() - started), ids


def skip(results: list[Result], name: str, exc: BaseException) -> None:
    print(f"  {name}: skipped ({exc})", file=sys.stderr)
    results.append(Result(name, None, note=f"skipped: {str(exc)[:120]}"))


def pin(pids: list[int], cpus: set[int]) -> None:
    for pid in pids:
        with contextlib.suppress(OSError):
            os.sched_setaffinity(pid, cpus)


def quietest_cpu() -> int:
    usage = psutil.cpu_percent(interval=0.5, percpu=True)
    return min(range(len(usage)), key=usage.__getitem__)


def run(args, base: str, token: str, project_id: str, db_path: Path | None, server_pid: int | None) -> list[Result]:
    all_cpus = os.sched_getaffinity(0)
    args.pinned = None
    args.load = [os.getloadavg()[0]]
    if server_pid and args.pin and len(all_cpus) > 1:
        # Server and client on one CPU: they take turns (the client waits for each answer),
        # and the server's work and the raw queries run on the same core, whatever the
        # other cores are busy with.
        args.pinned = quietest_cpu()
        pin([server_pid, 0], {args.pinned})
    api = Api(base, token, args.token_header)
    table = create_table(api, project_id)
    records = f"/api/v2/tables/{table['id']}/records"
    results: list[Result] = []
    server = psutil.Process(server_pid) if server_pid else None
    before = cpu_ms(server)
    rate, ids = bulk_insert(api, records, args.rows)
    results.append(Result("bulk insert", rate, cpu=(cpu_ms(server) - before) / args.rows * BATCH if server else None))
    print(f"  bulk insert: {rate:,.0f} rows/s", file=sys.stderr)
    if server_pid:
        rss = psutil.Process(server_pid).memory_info().rss / 1024 / 1024
        results.append(Result("server memory after the insert", rss))

    if db_path and not db_path.exists():
        print(f"  no SQLite file at {db_path}: raw measures left out", file=sys.stderr)
        db_path = None
    raw = Raw(db_path, table, app_connector(db_path) if args.app_driver else None) if db_path else None
    args.raw_settings = raw.settings() if raw else ""
    n = args.rows
    name_value = f"name {n // 3}"
    picks = [ids[(i * 7919) % len(ids)] for i in range(args.requests + WARMUP)] if ids else []
    reads = [
        ("first page", {"limit": 25}, lambda r, _i: r.page()),
        ("page at offset N/2", {"limit": 25, "offset": n // 2}, lambda r, _i: r.page(offset=n // 2)),
        (
            "text eq filter",
            {"where": f"(Name,eq,{name_value})"},
            lambda r, _i: r.page(f"{r.col('Name')} = ?", (name_value,)),
        ),
        (
            "like filter",
            {"where": "(Notes,like,alpha bravo)"},
            lambda r, _i: r.page(f"{r.col('Notes')} LIKE ? ESCAPE '\\'", ("%alpha bravo%",)),
        ),
        ("sort on a number", {"sort": "-Qty"}, lambda r, _i: r.page(order=f"{r.col('Qty')} DESC")),
        ("count", "count", lambda r, _i: r.count()),
        ("single record", "one", lambda r, i: r.one(picks[i % len(picks)])),
    ]
    for name, params, raw_call in reads:
        if params == "count":
            path = records + "/count"

            def call(_i, path=path):
                return api.raw("GET", path)
        elif params == "one":

            def call(i):
                return api.raw("GET", f"{records}/{picks[i % len(picks)]}")
        else:
            path = query(records, params)

            def call(_i, path=path):
                return api.raw("GET", path)

        ours = Meter(call, (lambda: cpu_ms(server)) if server else (lambda: 0.0))
        try:
            call(0)
        except Exception as exc:  # an endpoint the engine does not have (yet)
            skip(results, name, exc)
            continue
        meters = [ours]
        if raw:
            meters.append(Meter(lambda i, f=raw_call: f(raw, i), lambda: time.thread_time() * 1000))
        interleaved(meters, args.requests)
        ours_cpu = ours.cpu_spent / ours.calls if server else None
        theirs = summary(meters[1].samples) if raw else None
        raw_cpu = meters[1].cpu_spent / meters[1].calls if raw else None
        ours = summary(ours.samples)
        results.append(Result(name, ours, theirs, cpu=ours_cpu, raw_cpu=raw_cpu))
        print(f"  {name}: p50 {ours.p50:.2f} ms" + (f" (raw {theirs.p50:.2f} ms)" if theirs else ""), file=sys.stderr)

    if args.pinned is not None:
        pin([server_pid, 0], all_cpus)  # concurrent clients need every core
    path = query(records, {"limit": 25})

    def api_worker():
        client = Api(base, token, args.token_header)
        return lambda _i: client.raw("GET", path)

    def raw_worker():
        conn = raw.connect()
        return lambda _i: raw.page(conn=conn)

    per_client = max(50, args.requests)
    try:
        before = cpu_ms(server)
        ours = concurrent(api_worker, args.clients, per_client)
        ours_cpu = (cpu_ms(server) - before) / (args.clients * (per_client + 1)) if server else None
        theirs = concurrent(raw_worker, args.clients, per_client) if raw else None
        results.append(Result(f"first page, {args.clients} clients", ours, theirs, cpu=ours_cpu))
        print(f"  {args.clients} clients: {ours:,.0f} req/s", file=sys.stderr)
    except Exception as exc:
        skip(results, f"first page, {args.clients} clients", exc)
    args.load.append(os.getloadavg()[0])
    return results


# -- the report ----------------------------------------------------------------------------
def verdict(ok: bool) -> str:
    return "yes" if ok else "**no**"


def fmt(value: float | None, spec: str = ".2f", unit: str = "") -> str:
    return "" if value is None else f"{value:{spec}}{unit}"


def table_markdown(results: list[Result], clients: int, server: str = "Workbench") -> str:
    head = (
        "measure",
        f"{server} p50",
        "p95",
        "raw SQLite p50",
        "p95",
        "above raw",
        "ratio",
        "server CPU / req",
        "raw CPU / req",
        "target",
        "met",
        "NocoDB p50",
    )
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in results:
        nocodb = NOCODB.get(r.name.replace(f"{clients} clients", "4 clients"), "")
        cells: list[str]
        if r.ours is None:
            cells = [r.name, r.note, *[""] * 9, nocodb]
        elif r.name == "bulk insert":
            cpu = fmt(r.cpu, ".0f", " ms / 1,000 rows")
            ok = verdict(r.ours >= 30_000)
            cells = [r.name, f"{r.ours:,.0f} rows/s", "", "", "", "", "", cpu, "", "≥ 30,000 rows/s", ok, nocodb]
        elif r.name.startswith("server memory"):
            cells = [r.name, f"{r.ours:.0f} MB", *[""] * 9, "785 MB peak"]
        elif isinstance(r.ours, float):
            raw = fmt(r.raw, ",.0f", " req/s")
            ratio = f"{r.raw / r.ours:.1f}x" if r.raw else ""
            ok = verdict(r.ours >= 500)
            cpu = fmt(r.cpu)
            cells = [r.name, f"{r.ours:,.0f} req/s", "", raw, "", "", ratio, cpu, "", "≥ 500 req/s", ok, nocodb]
        else:
            target, checks = "raw + 2 ms", []
            if r.raw:
                checks.append(r.ours.p50 <= r.raw.p50 + 2)
            if r.name in FAST_READS:
                target += ", < 5 ms"
                checks.append(r.ours.p50 < 5)
            above = f"{r.ours.p50 - r.raw.p50:+.2f} ms" if r.raw else ""
            ratio = f"{r.ours.p50 / r.raw.p50:.1f}x" if r.raw else ""
            raw50, raw95 = (fmt(r.raw.p50), fmt(r.raw.p95)) if r.raw else ("", "")
            cells = [r.name, fmt(r.ours.p50), fmt(r.ours.p95), raw50, raw95, above, ratio, fmt(r.cpu),
                     fmt(r.raw_cpu), target, verdict(all(checks)) if checks else "n/a", nocodb]  # fmt: skip
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def command(args) -> str:
    parts = [".venv/bin/python -m bench.records"]
    if args.rows != 100_000:
        parts.append(f"--rows {args.rows}")
    if args.requests != 200:
        parts.append(f"--requests {args.requests}")
    if args.clients != 4:
        parts.append(f"--clients {args.clients}")
    if not args.pin:
        parts.append("--no-pin")
    return " ".join(parts)


def report(args, results: list[Result], target: str) -> str:
    pinned = ""
    if getattr(args, "pinned", None) is not None:
        pinned = (
            f"; the server and this client share CPU {args.pinned} (the quietest at the start) for all but "
            "the concurrent clients, so the server's work and the raw queries run on the same core"
        )
    raw_settings = getattr(args, "raw_settings", "") or "not measured"
    load = getattr(args, "load", None)
    if load:
        cores = os.cpu_count()
        pinned += (
            f". The machine's load average was {load[0]:.1f} at the start and {load[-1]:.1f} at the end "
            f"({cores} cores): above {cores}, the times here include waiting for a CPU"
        )
    return f"""## Records API, v2 (`{command(args)}`)

{target}. A table of 10 mixed columns (SingleLineText, LongText, Number, Decimal, Checkbox,
SingleSelect, Date, DateTime, Email, Rating) in the project's embedded SQLite source;
{args.rows:,} rows inserted through `POST /api/v2/tables/{{id}}/records` in batches of {BATCH:,}.

- Reads, each timed over {args.requests} requests (after {WARMUP} warm-up ones) on one keep-alive
  connection, in milliseconds: the first page of 25 (`limit=25`), `offset={args.rows // 2:,}`,
  `where=(Name,eq,name {args.rows // 3})`, `where=(Notes,like,alpha bravo)` (about 5% of the rows
  match), `sort=-Qty`, `/count`, and `/{{id}}` (ids spread over the table).
- Raw SQLite: the same SQL as the app (checked statement by statement with
  `bench.profile_records --sql`) on the project's data file, in the same run, with the app's
  driver settings ({raw_settings}); one `BEGIN` ... `COMMIT` per request; the page, then the
  `count(*)` that `pageInfo` needs when the page is full or not the first (as the API decides).
- Each read alternates with its raw query in {ROUNDS} slices, so both see the same load from the
  rest of the machine{pinned}. "server CPU / req" is the server process's CPU time per request and
  "raw CPU / req" the client thread's per raw query: steadier than wall times on a busy machine.
- "above raw" is our p50 minus the raw p50; "ratio" ours over raw. The {args.clients}-client row is the
  total requests/s of {args.clients} keep-alive clients asking for the first page, next to
  {args.clients} raw threads (ratio = raw / ours). Targets from issue 3; NocoDB 0.301.3's figures
  (SQLite, 100k rows, same kind of machine) from reference/performance.md.
- Where a request's time goes: `.venv/bin/python -m bench.profile_records` (cProfile in-process,
  SQL per request, time by component).

{table_markdown(results, args.clients, "server" if args.url else "Workbench")}
{"" if args.url else CHANGES}"""


CHANGES = """
What changed in the app since the previous recording (2026-11-22), in CPU instructions per
request (callgrind, the app called in-process by `bench.instructions` on a table of 2,000
rows; the load of the machine hardly moves them): first page 6.39 M to 4.56 M (-29%), page
at offset 6.45 M to 4.68 M, text eq filter 6.82 M to 5.62 M, like filter 13.25 M to
11.51 M, sort 11.09 M to 9.22 M, count 3.26 M to 2.21 M (-32%), single record 3.29 M to
2.19 M (-33%), health 2.25 M to 1.19 M (-47%); bulk insert 319.5 M to 175.8 M per 1,000
rows (-45%). The serving path outside the app (below) is not in these counts.

- Serving: request headers parsed by a small parser of our own instead of `http.client`'s,
  which runs `email`'s feed parser (about 12% of a health request's server CPU); the same
  limits (64 KiB lines, 100 headers: 400 beyond).
- Every request: zope.sqlalchemy's seven session events listened to once on the session
  factory (each event finds the request's transaction manager in the session's `info`)
  rather than on every new session; the request methods and properties put on one request
  class at start-up rather than on a class Pyramid derives for every request; routes tried
  only among those whose literal leading segments fit the path (4 us instead of 27 us to
  match a v2 records path among 187 routes).
- Records: DateTime and Time shown through `isoformat`'s timespec; bulk insert on SQLite
  compiles its INSERT once per table and column set and hands the driver tuples, converting
  only dates and datetimes (by `isoformat`, the exact text of SQLite's default storage
  format) instead of a parameter dict and a bind processor per value; a batch's timestamps
  formatted once; whole numbers and floats coerced at once; a select's option titles kept
  as a set for the batch.
- Not changed: the server (one gevent pywsgi process with gevent-websocket's handler).
"""


# -- entry point ---------------------------------------------------------------------------
def start_server(data_dir: str) -> tuple[subprocess.Popen, str]:
    port = free_port()
    env = {**os.environ, "PORT": str(port), "WORKBENCH_DATA_DIR": data_dir}
    subprocess.run([str(BIN / "workbench"), "migrate"], cwd=ROOT, env=env, check=True, capture_output=True)
    proc = subprocess.Popen(
        [str(BIN / "pserve"), "development.ini"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120  # a loaded machine can take that long to start it
    while time.monotonic() < deadline:
        try:
            Api(base).call("GET", "/api/v1/health")
            return proc, base
        except (OSError, RuntimeError):
            if proc.poll() is not None:
                break
            time.sleep(0.02)
    proc.terminate()
    raise RuntimeError("the server did not start")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--requests", type=int, default=200, help="timed requests per read")
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--url", help="a running server (default: start Workbench on a fresh data folder)")
    parser.add_argument("--token", help="with --url: the auth token (default: sign up as bench@example.com)")
    parser.add_argument("--token-header", default="xc-auth", help="xc-auth (a JWT) or xc-token (an API token)")
    parser.add_argument("--project", help="with --url: an existing project id (default: create one)")
    parser.add_argument("--sqlite", type=Path, help="with --url: the SQLite file holding the table (raw column)")
    parser.add_argument("--write", action="store_true", help="with --url: write the RESULTS.md section too")
    parser.add_argument("--no-write", action="store_true", help="print only, leave bench/RESULTS.md alone")
    parser.add_argument(
        "--pin",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="run the started server and this client on one CPU for the single-client measures (default: on)",
    )
    args = parser.parse_args()

    args.app_driver = not args.url
    if args.url:
        if not args.token:
            args.token = Api(args.url).call("POST", "/api/v1/auth/user/signup", SIGNUP)["token"]
        api = Api(args.url, args.token, args.token_header)
        project_id = args.project or api.call("POST", "/api/v1/db/meta/projects", {"title": "Bench"})["id"]
        results = run(args, args.url, args.token, project_id, args.sqlite, None)
        body = report(args, results, f"Server: {args.url}")
        print(body)
        if args.write and not args.no_write:
            write_section("records", body)
        return

    with tempfile.TemporaryDirectory() as data_dir:
        proc, base = start_server(data_dir)
        try:
            token = Api(base).call("POST", "/api/v1/auth/user/signup", SIGNUP)["token"]
            project = Api(base, token).call("POST", "/api/v1/db/meta/projects", {"title": "Bench"})
            db_path = Path(data_dir) / "projects" / f"{project['id']}.db"
            results = run(args, base, token, project["id"], db_path, proc.pid)
        finally:
            proc.terminate()
            proc.wait(timeout=10)
    body = report(args, results, "Server: `pserve development.ini` (one gevent process, SQLite meta and data)")
    print(body)
    if not args.no_write:
        write_section("records", body)


if __name__ == "__main__":
    main()
