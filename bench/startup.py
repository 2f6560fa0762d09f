"""Start-up time and memory: from launching ``pserve development.ini`` to the first
successful request, and the server's resident memory once it has answered.

    .venv/bin/python -m bench.startup [--runs 7]

Each run uses a fresh data folder (so the meta database is created and migrated by the
run, as on a first start) and a free port. NocoDB's figures on the same kind of machine
are in docs/performance.md (launch to healthy 5.5-6.9 s, 313 MB after start).
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import psutil

from bench.results import write_section

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
NOCODB_START_S = (5.5, 6.9)
NOCODB_RSS_MB = 313


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def one_run(migrate_first: bool) -> tuple[float, float]:
    with tempfile.TemporaryDirectory() as data_dir:
        env = {**os.environ, "PORT": str(free_port()), "WORKBENCH_DATA_DIR": data_dir}
        if migrate_first:
            subprocess.run([str(BIN / "workbench"), "migrate"], cwd=ROOT, env=env, check=True, capture_output=True)
        url = f"http://127.0.0.1:{env['PORT']}/api/v1/health"
        started = time.perf_counter()
        proc = subprocess.Popen(
            [str(BIN / "pserve"), "development.ini"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            while True:
                try:
                    with urllib.request.urlopen(url, timeout=1) as res:
                        if res.status == 200:
                            break
                except OSError:
                    if proc.poll() is not None:
                        raise RuntimeError("server exited") from None
                    time.sleep(0.005)
            elapsed = time.perf_counter() - started
            process = psutil.Process(proc.pid)
            rss = sum(p.memory_info().rss for p in [process, *process.children(recursive=True)])
            return elapsed, rss / 1024 / 1024
        finally:
            proc.terminate()
            proc.wait(timeout=10)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    one_run(True)  # warm the OS file cache, as a second start would find it
    results = [one_run(True) for _ in range(args.runs)]
    times = sorted(t for t, _ in results)
    rss = sorted(m for _, m in results)
    t50, tmax = statistics.median(times), times[-1]
    m50 = statistics.median(rss)
    body = f"""## Start-up and memory (`.venv/bin/python -m bench.startup --runs {args.runs}`)

Launch of `pserve development.ini` (SQLite, one gevent process, migrated meta database)
to the first `200` from `GET /api/v1/health`, then the server's resident memory.

| measure | Workbench (median of {args.runs}) | worst run | target | NocoDB (docs/performance.md) | ratio to NocoDB |
|---|---|---|---|---|---|
| launch to first successful request | {t50:.2f} s | {tmax:.2f} s | < 2 s | {NOCODB_START_S[0]}-{NOCODB_START_S[1]} s | {t50 / NOCODB_START_S[0]:.2f}x |
| resident memory after start | {m50:.0f} MB | {rss[-1]:.0f} MB | < 120 MB | {NOCODB_RSS_MB} MB | {m50 / NOCODB_RSS_MB:.2f}x |
"""
    write_section("startup", body)
    print(body)


if __name__ == "__main__":
    main()
