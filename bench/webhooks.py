"""Bulk inserts into a table with an active webhook, beside a table without one.

    .venv/bin/python -m bench.webhooks [--rows 10000] [--rounds 5] [--delay 0.1] [--no-write]

Starts ``pserve development.ini`` on a fresh data folder (as bench/records.py does) and a
receiver on 127.0.0.1 that answers each call after ``--delay`` seconds. Two tables of the
records benchmark's 10 mixed columns: one with an active ``bulkInsert`` hook (a URL
notifier to the receiver), one with none. Each round inserts ``--rows`` rows into each
table through ``POST /api/v2/tables/{id}/records`` in batches of 1,000, the two tables
taking turns batch by batch so that both see the same load; a round's time is the sum of
its batches' times per table, and the best round of each side is kept. The ratio is the
hooked table's time over the other's (the goal: at most 1.20). It then waits until the
receiver has every event and reports how long after the last insert the last one came.
The "webhooks" section of bench/RESULTS.md gets the figures.
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from bench.records import BATCH, SIGNUP, Api, create_table, make_row, start_server
from bench.results import write_section

GOAL = 1.20


class Receiver:
    def __init__(self, delay: float):
        self.events: list[dict] = []
        self.last = 0.0
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                time.sleep(delay)
                receiver.events.append(json.loads(body))
                receiver.last = time.perf_counter()
                self.send_response(200)
                self.send_header("Content-Length", "2")
                self.end_headers()
                self.wfile.write(b"ok")

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_port}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


def batches(rows: int, seed: int) -> list[bytes]:
    rng = random.Random(seed)
    return [
        json.dumps([make_row(i, rng) for i in range(start, min(rows, start + BATCH))]).encode()
        for start in range(0, rows, BATCH)
    ]


def run(args) -> dict:
    receiver = Receiver(args.delay)
    with tempfile.TemporaryDirectory(prefix="wb-bench-hooks-") as data_dir:
        proc, base = start_server(data_dir)
        try:
            token = Api(base).call("POST", "/api/v1/auth/user/signup", SIGNUP)["token"]
            api = Api(base, token)
            project = api.call("POST", "/api/v1/db/meta/projects", {"title": "Bench hooks"})
            hooked = create_table(api, project["id"])
            api.call(
                "POST",
                f"/api/v2/meta/tables/{hooked['id']}/hooks",
                {
                    "title": "Every bulk insert",
                    "event": "after",
                    "operation": "bulkInsert",
                    "notification": {"type": "URL", "payload": {"method": "POST", "path": receiver.url}},
                },
            )
            plain = api.call(
                "POST",
                f"/api/v1/db/meta/projects/{project['id']}/tables",
                {"table_name": "plain", "title": "Plain", "columns": hooked_columns(hooked)},
            )
            paths = {"hook": f"/api/v2/tables/{hooked['id']}/records", "none": f"/api/v2/tables/{plain['id']}/records"}
            best = {"hook": float("inf"), "none": float("inf")}
            for round_ in range(args.rounds):
                spent = {"hook": 0.0, "none": 0.0}
                order = ("hook", "none") if round_ % 2 == 0 else ("none", "hook")
                for a, b in zip(batches(args.rows, round_), batches(args.rows, round_ + 100), strict=True):
                    for side, body in zip(order, (a, b), strict=True):
                        started = time.perf_counter()
                        api.raw("POST", paths[side], body)
                        spent[side] += time.perf_counter() - started
                for side in best:
                    best[side] = min(best[side], spent[side])
                print(f"  round {round_ + 1}: hook {spent['hook']:.3f} s, none {spent['none']:.3f} s")
            inserted = time.perf_counter()
            expected = args.rounds * len(batches(args.rows, 0))
            deadline = time.monotonic() + 120
            while len(receiver.events) < expected and time.monotonic() < deadline:
                time.sleep(0.05)
            rows_sent = sum(e["data"]["rows_inserted"] for e in receiver.events)
            return {
                "best": best,
                "events": len(receiver.events),
                "expected": expected,
                "rows_sent": rows_sent,
                "drained_after": max(receiver.last - inserted, 0.0),
            }
        finally:
            proc.terminate()
            proc.wait()
            receiver.server.shutdown()


def hooked_columns(table: dict) -> list:
    keep = ("title", "uidt", "dtxp", "meta", "colOptions")
    return [{k: c[k] for k in keep if c.get(k) is not None} for c in table["columns"] if not c.get("pk")]


def report(args, found: dict) -> str:
    best = found["best"]
    ratio = best["hook"] / best["none"]
    rate = lambda s: f"{args.rows / s:,.0f} rows/s"  # noqa: E731
    return "\n".join(
        [
            "## Webhooks: bulk inserts with an active hook (`.venv/bin/python -m bench.webhooks`)",
            "",
            f"`pserve development.ini` (SQLite); {args.rows:,} rows inserted in batches of {BATCH:,} through",
            "`POST /api/v2/tables/{id}/records` into a table with an active `bulkInsert` hook (a URL",
            f"notifier to a receiver on 127.0.0.1 answering after {args.delay * 1000:.0f} ms) and into a table",
            "without hooks, batch by batch in turns; best of "
            f"{args.rounds} rounds per side. Each batch's event goes to the outbox in the",
            "batch's own transaction and is delivered by the worker while the inserts go on.",
            "",
            "| measure | with the hook | without | ratio | goal | met |",
            "|---|---|---|---|---|---|",
            f"| {args.rows:,} rows in bulk | {best['hook']:.3f} s ({rate(best['hook'])}) | "
            f"{best['none']:.3f} s ({rate(best['none'])}) | {ratio:.2f}x | ≤ {GOAL:.2f}x | "
            f"{'yes' if ratio <= GOAL else 'no'} |",
            "",
            f"Events delivered: {found['events']} of {found['expected']} ({found['rows_sent']:,} rows in their"
            f" payloads), the last {found['drained_after']:.2f} s after the last insert.",
        ]
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--delay", type=float, default=0.1)
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    found = run(args)
    text = report(args, found)
    print(text)
    if not args.no_write:
        write_section("webhooks", text)


if __name__ == "__main__":
    main()
