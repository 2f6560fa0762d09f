"""Read and write throughput of 1, 2 and 4 processes behind nginx, on PostgreSQL with the
Redis bus, driven by ``wrk``.

    .venv/bin/python -m bench.scale [--processes 1 2 4] [--seconds 10] [--rounds 2] [--connections 16] [--no-write]

Needs Debian's ``nginx``, ``wrk`` and ``pgbench``, PostgreSQL on 127.0.0.1:5432 (user
postgres) and Redis on 127.0.0.1:6379. Creates two fresh databases (meta and data), runs
``workbench migrate`` once, then for each process count starts that many ``pserve
production.ini`` processes (``WORKBENCH_DATABASE_URL``, ``WORKBENCH_DATA_URL``,
``WORKBENCH_BUS_URL`` set) behind nginx running deploy/nginx.conf (one nginx worker), and
measures for ``--seconds`` each:

- read: ``GET /api/v2/tables/{id}/records?limit=25`` (a page of bench/records.py's table of
  10 columns, 10,000 rows, with its count);
- write: ``POST`` of one such record (a transaction on the data database and a realtime
  event published on Redis).

The raw database is measured in the same run with ``pgbench`` on the statements a read
page makes (the page and its count), with as many client connections as ``wrk`` holds.
The counts take turns ``--rounds`` times and each keeps its best figures, so that all see
the same load from the rest of the machine. Ratios: each count's throughput over one
process's, and a read page's over pgbench's.
The "scale" section of bench/RESULTS.md gets the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import secrets
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import sqlalchemy as sa

from bench.records import BIN, ROOT, SIGNUP, Api, create_table, make_row
from bench.results import write_section
from workbench.testing.databases import PG_SERVER, create_database, drop_database
from workbench.testing.proxy import free_port, nginx_proxy

ROWS = 10_000
#: what 2 processes should read at, against one
GOAL = 1.4
REDIS = "redis://127.0.0.1:6379/13"
POST_LUA = """wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '%s'
"""


def _env(meta: str, data: str, folder: str, port: int) -> dict:
    return {
        **os.environ,
        "WORKBENCH_DATABASE_URL": meta,
        "WORKBENCH_DATA_URL": data,
        "WORKBENCH_BUS_URL": REDIS,
        "WORKBENCH_SECRET": "bench-" + "s" * 40,
        "WORKBENCH_DATA_DIR": folder,
        "WORKBENCH_SIGNUP": "open",
        "PORT": str(port),
    }


def start(meta: str, data: str, folder: str, count: int) -> list[tuple[subprocess.Popen, int]]:
    started = []
    for _ in range(count):
        port = free_port()
        proc = subprocess.Popen(
            [str(BIN / "pserve"), "production.ini"],
            cwd=ROOT,
            env=_env(meta, data, folder, port),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        started.append((proc, port))
    for proc, port in started:
        deadline = time.monotonic() + 120
        while True:
            try:
                Api(f"http://127.0.0.1:{port}").call("GET", "/api/v1/health")
                break
            except (OSError, RuntimeError):
                if proc.poll() is not None or time.monotonic() > deadline:
                    stop(started)
                    raise RuntimeError("a server did not start") from None
                time.sleep(0.05)
    return started


def stop(started) -> None:
    for proc, _port in started:
        proc.terminate()
    for proc, _port in started:
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def wrk(url: str, token: str, seconds: int, connections: int, script: Path | None = None) -> dict:
    argv = ["wrk", "-t1", f"-c{connections}", f"-d{seconds}s", "--latency", "-H", f"xc-auth: {token}"]
    if script:
        argv += ["-s", str(script)]
    out = subprocess.run([*argv, url], capture_output=True, text=True, check=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return {
        "seconds": seconds,
        "rps": rate,
        "p50": _ms(re.search(r"50%\s+([\d.]+\w+)", out).group(1)),
        "p99": _ms(re.search(r"99%\s+([\d.]+\w+)", out).group(1)),
        "errors": int(errors.group(1)) if errors else 0,
    }


def cpu_ticks(pids) -> dict[int, int]:
    """User and system CPU time each process has used so far, in clock ticks."""
    found = {}
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # ended meanwhile
        found[pid] = int(fields[11]) + int(fields[12])
    return found


def backends(names: list[str]) -> list[int]:
    """The PostgreSQL server processes connected to the databases ``names``."""
    engine = sa.create_engine(PG_SERVER)
    try:
        with engine.connect() as connection:
            statement = sa.text("SELECT pid FROM pg_stat_activity WHERE datname = ANY(:names)")
            return list(connection.scalars(statement, {"names": names}))
    finally:
        engine.dispose()


def _spent(before: dict[int, int], after: dict[int, int]) -> float:
    """CPU seconds spent between the two readings (processes started meanwhile in full)."""
    ticks = sum(after[pid] - before.get(pid, 0) for pid in after)
    return ticks / os.sysconf("SC_CLK_TCK")


def measured(pids: list[int], databases: list[str], *wrk_args) -> dict:
    """``wrk(*wrk_args)``'s figures with the CPU milliseconds per request of the servers
    and of PostgreSQL's processes serving their databases."""
    servers, postgres = cpu_ticks(pids), cpu_ticks(backends(databases))
    figures = wrk(*wrk_args)
    requests = max(figures["rps"] * figures["seconds"], 1)
    figures["cpu"] = _spent(servers, cpu_ticks(pids)) * 1000 / requests
    figures["pg_cpu"] = _spent(postgres, cpu_ticks(backends(databases))) * 1000 / requests
    return figures


def _ms(text: str) -> float:
    value, unit = re.match(r"([\d.]+)(\w+)", text).groups()
    return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60000.0}[unit]


def pgbench(data: str, table: str, seconds: int, connections: int, folder: Path) -> float:
    """Transactions per second of the statements a read page makes, straight on PostgreSQL."""
    script = folder / "page.sql"
    script.write_text(f'SELECT * FROM "{table}" ORDER BY id LIMIT 25;\nSELECT count(*) FROM "{table}";\n')
    url = sa.make_url(data)
    argv = ["pgbench", "-n", "-h", url.host, "-p", str(url.port or 5432), "-U", url.username or "postgres"]
    argv += [f"-c{connections}", "-j1", f"-T{seconds}", "-f", str(script), url.database]
    out = subprocess.run(argv, capture_output=True, text=True, check=True).stdout
    return float(re.search(r"tps = ([\d.]+)", out).group(1))


def seed(base: str) -> tuple[str, dict]:
    token = Api(base).call("POST", "/api/v1/auth/user/signup", SIGNUP)["token"]
    api = Api(base, token)
    project = api.call("POST", "/api/v1/db/meta/projects", {"title": "Bench"})
    table = create_table(api, project["id"])
    import random

    rng = random.Random(3)
    for start_at in range(0, ROWS, 1000):
        api.call(
            "POST",
            f"/api/v2/tables/{table['id']}/records",
            [make_row(i, rng) for i in range(start_at, start_at + 1000)],
        )
    return token, table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--processes", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--rounds", type=int, default=2, help="the counts take turns this many times; best kept")
    parser.add_argument("--no-write", action="store_true", help="print, do not record in bench/RESULTS.md")
    args = parser.parse_args()
    for tool in ("wrk", "nginx", "pgbench"):
        if shutil.which(tool) is None and not Path(f"/usr/sbin/{tool}").exists():
            raise SystemExit(f"{tool} is needed: apt-get install {tool if tool != 'pgbench' else 'postgresql-client'}")
    folder = Path(tempfile.mkdtemp(prefix="bench-scale-"))
    meta, data = create_database("postgresql", folder), create_database("postgresql", folder)
    rows, load = [], [os.getloadavg()[0]]
    try:
        env = _env(meta, data, str(folder / "data"), 0)
        subprocess.run(
            [str(BIN / "workbench"), "-c", "production.ini", "migrate"],
            cwd=ROOT,
            env=env,
            check=True,
            capture_output=True,
        )
        body = json.dumps(make_row(0, __import__("random").Random(5)))
        post = folder / "post.lua"
        post.write_text(POST_LUA % body.replace("'", "\\'"))
        token = table = None
        best: dict[int, list[dict]] = {}
        for _round in range(args.rounds):
            for count in args.processes:
                started = start(meta, data, str(folder / "data"), count)
                try:
                    with nginx_proxy(
                        [port for _proc, port in started], folder / f"nginx-{count}-{secrets.token_hex(2)}"
                    ) as proxy:
                        if token is None:
                            token, table = seed(proxy)
                        records = f"{proxy}/api/v2/tables/{table['id']}/records"
                        wrk(records + "?limit=25", token, 2, args.connections)  # warm-up: caches, pools
                        pids = [proc.pid for proc, _port in started]
                        names = [sa.make_url(url).database for url in (meta, data)]
                        read = measured(pids, names, records + "?limit=25", token, args.seconds, args.connections)
                        write = measured(pids, names, records, token, args.seconds, args.connections, post)
                finally:
                    stop(started)
                print(count, read, write, flush=True)
                kept = best.setdefault(count, [read, write])
                kept[0] = max(kept[0], read, key=lambda f: f["rps"])
                kept[1] = max(kept[1], write, key=lambda f: f["rps"])
        rows = [(count, *best[count]) for count in args.processes]
        raw = pgbench(data, table["table_name"], args.seconds, args.connections, folder)
        load.append(os.getloadavg()[0])
    finally:
        drop_database(meta)
        drop_database(data)
        shutil.rmtree(folder, ignore_errors=True)
    text = report(args, rows, raw, load)
    print(text)
    if not args.no_write:
        write_section("scale", text)


def report(args, rows, raw: float, load: list[float]) -> str:
    base_read, base_write = rows[0][1]["rps"], rows[0][2]["rps"]
    lines = [
        "## Several processes behind nginx (`.venv/bin/python -m bench.scale`)",
        "",
        f"`pserve production.ini` processes on PostgreSQL (meta and data) with the Redis bus, behind "
        f"nginx running deploy/nginx.conf (one worker); `wrk -t1 -c{args.connections} -d{args.seconds}s`, "
        f"best of {args.rounds} rounds in which the process counts take turns. "
        f"Read: a page of 25 records with its count, of a 10-column table of {ROWS:,} rows; write: one "
        "record inserted per request (a realtime event published on Redis). Raw database: `pgbench` on "
        f"the page's two statements, {args.connections} connections. Load average {load[0]:.1f} at the "
        f"start, {load[-1]:.1f} at the end ({os.cpu_count()} cores, shared with PostgreSQL, Redis, nginx, "
        "wrk and other work on this machine).",
        "",
        "| processes | read req/s | vs 1 | read p50 / p99 ms | read CPU ms/req server + PG | write req/s | vs 1 "
        "| write p50 / p99 ms | write CPU ms/req server + PG | errors |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for count, read, write in rows:
        lines.append(
            f"| {count} | {read['rps']:,.0f} | {read['rps'] / base_read:.2f}x | {read['p50']:.1f} / {read['p99']:.1f} "
            f"| {read['cpu']:.1f} + {read['pg_cpu']:.1f} | {write['rps']:,.0f} | {write['rps'] / base_write:.2f}x "
            f"| {write['p50']:.1f} / {write['p99']:.1f} | {write['cpu']:.1f} + {write['pg_cpu']:.1f} "
            f"| {read['errors'] + write['errors']} |"
        )
    best = max(r[1]["rps"] for r in rows)
    two = next((r[1]["rps"] / base_read for r in rows if r[0] == 2), None)
    if two is not None:
        met = "met" if two >= GOAL else "not met"
        lines += ["", f"Goal, 2 processes reading at least {GOAL}x one: {met} in this run ({two:.2f}x)."]
    lines += [
        "",
        f"Raw PostgreSQL, the read page's statements: {raw:,.0f} pages/s; the best read above is {best / raw:.2f}x of it.",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
