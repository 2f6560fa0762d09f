"""Other requests while clients send wrong passwords: ``GET /api/v1/health`` and a page of
records, timed with no attack and while 8 clients send wrong passwords as fast as the server
answers them.

    .venv/bin/python -m bench.signin_attack [--requests 200] [--clients 8] [--no-write]

Each scenario starts ``pserve`` on a copy of ``development.ini`` (one gevent process,
SQLite) with a fresh data folder and the library's default Argon2 cost, signs up, creates a
table of 1,000 records, then times each request (p50/p95 over ``--requests`` on one
keep-alive connection) with no attack and while the attackers, each on its own keep-alive
connection, post wrong passwords for one account; quiet and attacked slices alternate in 4
rounds on the same server. Scenarios:

- the rate limits off (``workbench.rate_limit.enabled = false``): every wrong password is
  checked, so this measures what password checks cost the other requests;
- the default rate limits: after 10 failures the account, and after 100 the address, is
  refused with 429 without a check;
- the rate limits off with a hashing thread per core (``workbench.password.hash_threads``
  = the number of cores) instead of the default (one less than the cores, at least 1): the
  checks then take every core from the event loop.

The ratio is the attacked p50 over the quiet p50 of the same request on the same server.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

from bench.records import Api
from bench.results import write_section
from bench.startup import free_port
from bench.timing import summary
from workbench.accounts.hashing import default_threads

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
SIGNUP = {"email": "bench@example.com", "password": "bench password 1"}
WRONG = {"email": "bench@example.com", "password": "not the password"}
ROWS = 1000


@contextlib.contextmanager
def server(settings: dict[str, str]):
    """``pserve`` on a copy of development.ini with ``settings`` added to the app's section."""
    with tempfile.TemporaryDirectory() as data_dir:
        ini = (ROOT / "development.ini").read_text()
        extra = "".join(f"{key} = {value}\n" for key, value in settings.items())
        ini = ini.replace("[app:main]\n", f"[app:main]\n{extra}", 1)
        ini_path = Path(data_dir) / "bench.ini"
        ini_path.write_text(ini.replace("%(here)s/var", data_dir))
        env = {**os.environ, "PORT": str(free_port()), "WORKBENCH_DATA_DIR": data_dir}
        subprocess.run([str(BIN / "workbench"), "migrate"], cwd=ROOT, env=env, check=True, capture_output=True)
        proc = subprocess.Popen(
            [str(BIN / "pserve"), str(ini_path)], cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        base = f"http://127.0.0.1:{env['PORT']}"
        try:
            for _ in range(600):
                with contextlib.suppress(OSError), urllib.request.urlopen(base + "/api/v1/health", timeout=1):
                    break
                if proc.poll() is not None:
                    raise RuntimeError(proc.stderr.read().decode())
                time.sleep(0.05)
            yield base
        finally:
            proc.terminate()
            proc.wait(timeout=20)
            proc.stderr.close()


def prepare(base: str) -> tuple[str, str]:
    """Sign up, make a table of ``ROWS`` records; the token and the page's path."""
    token = Api(base).call("POST", "/api/v1/auth/user/signup", SIGNUP)["token"]
    api = Api(base, token)
    project = api.call("POST", "/api/v1/db/meta/projects", {"title": "Bench"})
    columns = [{"title": "Name", "column_name": "name", "uidt": "SingleLineText"}]
    columns.append({"title": "Qty", "column_name": "qty", "uidt": "Number"})
    table = api.call("POST", f"/api/v1/db/meta/projects/{project['id']}/tables", {"title": "T", "columns": columns})
    records = f"/api/v2/tables/{table['id']}/records"
    api.call("POST", records, [{"Name": f"name {i}", "Qty": i} for i in range(ROWS)])
    return token, records + "?limit=25"


class Attack:
    """``clients`` threads posting wrong passwords while ``on`` is set; counts answers by
    status."""

    def __init__(self, base: str, clients: int):
        self.base, self.clients = base, clients
        self.on = threading.Event()
        self.done = threading.Event()
        self.statuses: dict[int, int] = {}
        self.seconds = 0.0
        self.lock = threading.Lock()
        self.threads = [threading.Thread(target=self.run) for _ in range(clients)]
        for thread in self.threads:
            thread.start()

    def run(self) -> None:
        api = Api(self.base)
        body = json.dumps(WRONG).encode()
        while not self.done.is_set():
            if not self.on.wait(0.05):
                continue
            api.conn.request("POST", "/api/v1/auth/user/signin", body=body, headers=api.headers)
            res = api.conn.getresponse()
            res.read()
            with self.lock:
                self.statuses[res.status] = self.statuses.get(res.status, 0) + 1

    @contextlib.contextmanager
    def running(self):
        self.on.set()
        time.sleep(0.5)  # under way before anything is timed
        started = time.perf_counter()
        try:
            yield
        finally:
            self.seconds += time.perf_counter() - started
            self.on.clear()
            time.sleep(0.5)  # the last answers are in before the quiet slice

    def close(self) -> None:
        self.done.set()
        for thread in self.threads:
            thread.join()


def timed(api: Api, path: str, n: int, into: list[float]) -> None:
    for _ in range(n):
        started = time.perf_counter()
        api.raw("GET", path)
        into.append((time.perf_counter() - started) * 1000)


def scenario(name: str, settings: dict, clients: int, requests: int, rounds: int = 4) -> dict:
    """Quiet and attacked slices alternate on one server, so both see the same machine."""
    samples = {key: [] for key in ("health", "read", "quiet health", "quiet read")}
    with server(settings) as base:
        token, page = prepare(base)
        probe = Api(base, token)
        for path in ("/api/v1/health", page):
            timed(probe, path, 5, [])  # warm-up
        attack = Attack(base, clients)
        try:
            for r in range(rounds):
                n = requests * (r + 1) // rounds - requests * r // rounds
                timed(probe, "/api/v1/health", n, samples["quiet health"])
                timed(probe, page, n, samples["quiet read"])
                with attack.running():
                    timed(probe, "/api/v1/health", n, samples["health"])
                    timed(probe, page, n, samples["read"])
        finally:
            attack.close()
    result = {key: summary(values) for key, values in samples.items()}
    result.update(name=name, statuses=dict(attack.statuses), seconds=attack.seconds)
    print(
        f"{name}: health {result['quiet health'].p50:.2f} -> {result['health'].p50:.2f} ms, "
        f"read {result['quiet read'].p50:.2f} -> {result['read'].p50:.2f} ms, answers {result['statuses']}",
        flush=True,
    )
    return result


def describe(statuses: dict[int, int], seconds: float) -> str:
    if not statuses:
        return ""
    total = sum(statuses.values())
    parts = ", ".join(f"{count:,} x {status}" for status, count in sorted(statuses.items()))
    return f"{total / seconds:,.0f}/s ({parts})"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    off = {"workbench.rate_limit.enabled": "false"}
    cores = os.cpu_count() or 1
    runs = [
        scenario("rate limits off", off, args.clients, args.requests),
        scenario("default rate limits", {}, args.clients, args.requests),
        scenario(
            f"rate limits off, {cores} hashing threads (one per core)",
            {**off, "workbench.password.hash_threads": str(cores)},
            args.clients,
            args.requests,
        ),
    ]

    def row(r: dict) -> str:
        cells = [r["name"]]
        for what in ("health", "read"):
            quiet, hit = r["quiet " + what], r[what]
            cells += [f"{quiet.p50:.2f}", f"{hit.p50:.2f}", f"{hit.p95:.2f}", f"{hit.p50 / quiet.p50:.2f}x"]
        cells.append(describe(r["statuses"], r["seconds"]))
        return "| " + " | ".join(cells) + " |"

    rows = "\n".join(row(r) for r in runs)
    load = os.getloadavg()[0]
    body = f"""## Requests during a password-guessing attack (`.venv/bin/python -m bench.signin_attack`)

Server: `pserve` on `development.ini` (one gevent process, SQLite), Argon2id at the
library's default cost (time 3, 64 MiB, 4 lanes). Each scenario on a fresh server: health
(`GET /api/v1/health`) and a page of 25 of 1,000 records (`GET /api/v2/tables/{{id}}/records`),
each timed over {args.requests} requests on one keep-alive connection with no attack, and as
many while {args.clients} clients post wrong passwords for one account as fast as they are
answered; the quiet and attacked slices alternate in 4 rounds on the same server, so both
see the same machine. Password checks run on native threads (`workbench.accounts.hashing`:
{default_threads()} by default here, {cores} in the last scenario), never on the event loop.
"ratio" is the attacked p50 over the quiet p50. Load average at the end: {load:.1f} ({cores}
cores; above {cores} the times include waiting for a CPU, as other work shares the machine).

| scenario | health p50 quiet ms | attacked | attacked p95 | ratio | records p50 quiet ms | attacked | attacked p95 | ratio | wrong sign-ins answered |
|---|---|---|---|---|---|---|---|---|---|
{rows}
"""
    print(body)
    if not args.no_write:
        write_section("signin_attack", body)


if __name__ == "__main__":
    main()
