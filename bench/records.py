"""Records API speed through the v2 API, side by side with raw SQLite doing the same queries.

    .venv/bin/python -m bench.records [--rows 100000] [--requests 200] [--processes 4] [--no-pin]

By default it starts ``pserve development.ini`` on a fresh data folder and a free port (as
bench/startup.py does), signs up, creates a project and a table of 10 mixed columns through
the meta API, bulk-inserts ``--rows`` rows through ``POST /api/v2/tables/{id}/records`` in
batches of 1,000, then times each read (p50/p95 over ``--requests`` requests on one
keep-alive connection) and the first page with 4 concurrent clients. In the same run it
times raw SQLite doing the same queries on the project's data file
(``<data_dir>/projects/<project_id>.db``), with the app's driver settings (Python's sqlite3,
WAL, synchronous=NORMAL, one transaction per request), and writes the "records" section of
bench/RESULTS.md. Each read is timed on ``--processes`` servers over the same data and in as
many raw SQLite processes (bench/raw_sqlite.py), and each side's fastest process is kept:
why, in bench/timing.py.

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
import os
import random
import subprocess
import sys
import tempfile
import time
import urllib.parse
from collections.abc import Callable
from pathlib import Path

import psutil

from bench.raw_sqlite import Raw, app_connector
from bench.records_report import BATCH, Result, report, spread
from bench.results import write_section
from bench.startup import free_port
from bench.timing import WARMUP, Meter, RemoteMeter, Worker, best, concurrent, interleaved

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
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


# -- the run -------------------------------------------------------------------------------
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


def run(
    args,
    base: str,
    token: str,
    project_id: str,
    db_path: Path | None,
    server_pid: int | None,
    spawn: Callable[[], tuple[int, str]] | None = None,
) -> list[Result]:
    """The benchmark on the server at ``base``; ``spawn()`` starts one more server on the same
    data (for ``--processes``) and gives its pid and base URL."""
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
    picks = [ids[(i * 7919) % len(ids)] for i in range(args.requests + WARMUP)] if ids else []
    servers = [(server_pid, api)]
    for _ in range(args.processes - 1 if spawn else 0):
        pid, extra_base = spawn()
        servers.append((pid, Api(extra_base, token, args.token_header)))
    raw_workers = start_raw_workers(args, db_path, table, picks) if db_path else []
    if args.pinned is not None:
        pin([pid for pid, _api in servers] + [w.pid for w in raw_workers], {args.pinned})
    args.server_processes, args.raw_processes = len(servers), len(raw_workers)
    try:
        results += timed_reads(args, records, servers, raw_workers, picks)
    finally:
        for worker in raw_workers:
            worker.close()

    if args.pinned is not None:
        pin([server_pid, 0], all_cpus)  # concurrent clients need every core
    results.append(concurrent_reads(args, base, token, records, server, db_path, table))
    args.load.append(os.getloadavg()[0])
    return results


def start_raw_workers(args, db_path: Path, table: dict, picks: list) -> list[Worker]:
    spec = {"db": str(db_path), "table": table, "rows": args.rows, "picks": picks, "app_driver": args.app_driver}
    spec_path = db_path.parent / "bench-raw.json"
    spec_path.write_text(json.dumps(spec))
    workers = [
        Worker([sys.executable, "-m", "bench.raw_sqlite", str(spec_path)], cwd=ROOT) for _ in range(args.processes)
    ]
    args.raw_settings = Raw(db_path, table, app_connector(db_path) if args.app_driver else None).settings()
    return workers


def timed_reads(args, records: str, servers: list[tuple[int | None, Api]], raw_workers: list[Worker], picks: list):
    """Each read on every server process and every raw worker, interleaved; each side's
    fastest process kept (see bench/timing.py)."""
    n = args.rows
    reads = [
        ("first page", {"limit": 25}),
        ("page at offset N/2", {"limit": 25, "offset": n // 2}),
        ("text eq filter", {"where": f"(Name,eq,name {n // 3})"}),
        ("like filter", {"where": "(Notes,like,alpha bravo)"}),
        ("sort on a number", {"sort": "-Qty"}),
        ("count", "count"),
        ("single record", "one"),
    ]
    results = []
    for name, params in reads:
        ours = [Meter(api_call(api, records, params, picks), server_cpu(pid)) for pid, api in servers]
        try:
            ours[0].fn(0)
        except Exception as exc:  # an endpoint the engine does not have (yet)
            skip(results, name, exc)
            continue
        theirs = [RemoteMeter(worker, name) for worker in raw_workers]
        interleaved([*ours, *theirs], args.requests)
        ours_best, ours_cpu, ours_p50s = best(ours)
        theirs_best, raw_cpu, raw_p50s = best(theirs) if theirs else (None, None, [])
        results.append(Result(name, ours_best, theirs_best, cpu=ours_cpu if servers[0][0] else None, raw_cpu=raw_cpu,
                              p50s=(ours_p50s, raw_p50s)))  # fmt: skip
        line = f"  {name}: p50 {ours_best.p50:.2f} ms" + (f" (raw {theirs_best.p50:.2f} ms)" if theirs_best else "")
        print(line + f"; by process {spread(ours_p50s)} / raw {spread(raw_p50s)}", file=sys.stderr)
    return results


def api_call(api: Api, records: str, params, picks: list) -> Callable[[int], bytes]:
    if params == "count":
        return lambda _i: api.raw("GET", records + "/count")
    if params == "one":
        return lambda i: api.raw("GET", f"{records}/{picks[i % len(picks)]}")
    path = query(records, params)
    return lambda _i: api.raw("GET", path)


def server_cpu(pid: int | None) -> Callable[[], float]:
    process = psutil.Process(pid) if pid else None
    return lambda: cpu_ms(process)


def concurrent_reads(args, base: str, token: str, records: str, server, db_path: Path | None, table: dict) -> Result:
    path = query(records, {"limit": 25})
    name = f"first page, {args.clients} clients"
    raw = Raw(db_path, table, app_connector(db_path) if args.app_driver else None) if db_path else None

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
    except Exception as exc:
        print(f"  {name}: skipped ({exc})", file=sys.stderr)
        return Result(name, None, note=f"skipped: {str(exc)[:120]}")
    print(f"  {args.clients} clients: {ours:,.0f} req/s", file=sys.stderr)
    return Result(name, ours, theirs, cpu=ours_cpu)


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
    parser.add_argument(
        "--processes",
        type=int,
        default=4,
        help="server processes (on the same data) and raw SQLite processes timed for each read; "
        "each side's fastest is kept (default: 4; with --url, one server)",
    )
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
        extra: list[subprocess.Popen] = []

        def spawn() -> tuple[int, str]:
            more, more_base = start_server(data_dir)
            extra.append(more)
            return more.pid, more_base

        try:
            token = Api(base).call("POST", "/api/v1/auth/user/signup", SIGNUP)["token"]
            project = Api(base, token).call("POST", "/api/v1/db/meta/projects", {"title": "Bench"})
            db_path = Path(data_dir) / "projects" / f"{project['id']}.db"
            results = run(args, base, token, project["id"], db_path, proc.pid, spawn)
        finally:
            for server in (proc, *extra):
                server.terminate()
                server.wait(timeout=10)
    body = report(args, results, "Server: `pserve development.ini` (one gevent process, SQLite meta and data)")
    print(body)
    if not args.no_write:
        write_section("records", body)


if __name__ == "__main__":
    main()
