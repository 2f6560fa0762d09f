"""Records API cost in CPU instructions per request: steady on a busy machine, where
wall and CPU times swing with whatever else runs.

    .venv/bin/python -m bench.instructions [--rows 2000] [--requests 20]

Runs the app of ``development.ini`` in-process (the WSGI app called directly: no server,
no client, no sockets) under ``valgrind --tool=callgrind``, with instrumentation off while
it starts and fills the table of bench/records.py, then on for: two bulk inserts of 1,000
rows, and each read of bench/records.py (after 10 warm-up calls), each counted apart
(``callgrind_control --dump``). Prints millions of instructions per request (per 1,000
rows for the insert). Needs valgrind (Debian: ``apt-get install valgrind``); takes a few
minutes. ``--write`` records the numbers in their section of bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

from bench.results import write_section

CHILD = "WORKBENCH_BENCH_CALLGRIND"


def _dump(label: str) -> None:
    subprocess.run(["callgrind_control", f"--dump={label}", str(os.getpid())], check=True, capture_output=True)


def child(rows: int, requests: int) -> None:
    """Inside valgrind: build, fill, then count each phase."""
    from webtest import TestApp

    from bench.profile_records import build_app
    from bench.records import BATCH, COLUMNS, make_row

    wsgi = build_app(tempfile.mkdtemp())
    app = TestApp(wsgi)
    signup = {"email": "bench@example.com", "password": "bench password 1"}
    token = app.post_json("/api/v1/auth/user/signup", signup).json["token"]
    headers = {"xc-auth": token}
    project = app.post_json("/api/v1/db/meta/projects", {"title": "Bench"}, headers=headers).json
    body = {"table_name": "bench", "title": "Bench", "columns": COLUMNS}
    table = app.post_json(f"/api/v1/db/meta/projects/{project['id']}/tables", body, headers=headers).json
    records = f"/api/v2/tables/{table['id']}/records"
    rng = random.Random(7)
    total = rows + 2 * BATCH
    bodies = [json.dumps([make_row(i, rng) for i in range(s, s + BATCH)]).encode() for s in range(0, total, BATCH)]
    post = {**headers, "Content-Type": "application/json"}
    for data in bodies[:-2]:
        app.post(records, data, headers=post)
    subprocess.run(["callgrind_control", "-i", "on", str(os.getpid())], check=True, capture_output=True)
    _dump("start")
    for data in bodies[-2:]:
        app.post(records, data, headers=post)
    _dump("bulk insert")
    n = rows
    reads = {
        "first page": f"{records}?limit=25",
        "page at offset N/2": f"{records}?limit=25&offset={n // 2}",
        "text eq filter": f"{records}?where=(Name,eq,name%20{n // 3})",
        "like filter": f"{records}?where=(Notes,like,alpha%20bravo)",
        "sort on a number": f"{records}?sort=-Qty",
        "count": f"{records}/count",
        "single record": f"{records}/{n // 2}",
        "health": "/api/v1/health",
    }

    def call(path: str) -> None:
        route, _, query = path.partition("?")
        environ = {
            "REQUEST_METHOD": "GET",
            "PATH_INFO": route,
            "QUERY_STRING": query,
            "SERVER_NAME": "localhost",
            "SERVER_PORT": "80",
            "SERVER_PROTOCOL": "HTTP/1.1",
            "HTTP_XC_AUTH": token,
            "wsgi.url_scheme": "http",
            "wsgi.input": io.BytesIO(b""),
            "wsgi.errors": sys.stderr,
            "wsgi.version": (1, 0),
            "wsgi.multithread": False,
            "wsgi.multiprocess": False,
            "wsgi.run_once": False,
        }
        status = []
        b"".join(wsgi(environ, lambda s, _h, _e=None: status.append(s)))
        if not status[0].startswith("200"):
            raise RuntimeError(f"{path}: {status[0]}")

    for label, path in reads.items():
        for _ in range(10):
            call(path)
        _dump(f"warm {label}")
        for _ in range(requests):
            call(path)
        _dump(label)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=2000)
    parser.add_argument("--requests", type=int, default=20)
    parser.add_argument("--write", action="store_true", help="write its section of bench/RESULTS.md")
    args = parser.parse_args()
    if os.environ.get(CHILD):
        child(args.rows, args.requests)
        return
    root = Path(__file__).resolve().parents[1]
    with tempfile.TemporaryDirectory() as out:
        command = [
            "valgrind",
            "--tool=callgrind",
            "--instr-atstart=no",
            "--dump-instr=no",
            f"--callgrind-out-file={out}/cg.%p",
            sys.executable,
            "-m",
            "bench.instructions",
            f"--rows={args.rows}",
            f"--requests={args.requests}",
        ]
        env = {**os.environ, CHILD: "1", "PYTHONHASHSEED": "0"}
        subprocess.run(command, cwd=root, env=env, check=True, capture_output=True)
        results = []
        for dump in sorted(Path(out).glob("cg.*.*"), key=lambda p: int(p.suffix[1:])):
            text = dump.read_text(errors="replace")
            label = next(line for line in text.splitlines() if line.startswith("desc: Trigger:"))
            label = label.removeprefix("desc: Trigger:").strip().removeprefix("dump ").strip()
            count = int(next(line for line in text.splitlines() if line.startswith("summary:")).split()[1])
            if label in ("start", "Program termination") or label.startswith("warm "):
                continue
            per = count / 2 if label == "bulk insert" else count / args.requests
            unit = "per 1,000 rows" if label == "bulk insert" else "per request"
            results.append((label, per / 1e6, unit))
    for label, millions, unit in results:
        print(f"{label:24s} {millions:10.2f} M instructions {unit}")
    if args.write:
        write_section("records-instructions", report(args, results))


def report(args, results) -> str:
    command = ".venv/bin/python -m bench.instructions --write"
    if args.rows != 2000:
        command += f" --rows {args.rows}"
    if args.requests != 20:
        command += f" --requests {args.requests}"
    lines = [
        f"## Records API in CPU instructions (`{command}`)",
        "",
        "The app of `development.ini` called in-process (no server, no sockets) under callgrind:",
        f"a table of bench/records.py's 10 columns filled with {args.rows:,} rows, then two bulk",
        f"inserts of 1,000 rows and each read, {args.requests} times after 10 warm-up calls (`health`:",
        "`GET /api/v1/health`, the cost of a request without data work). Instruction",
        "counts hardly move with the load of a shared machine, so they compare runs and changes",
        "where wall times cannot.",
        "",
        "| measure | millions of instructions | |",
        "|---|---|---|",
    ]
    lines += [f"| {label} | {millions:.2f} | {unit} |" for label, millions, unit in results]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    main()
