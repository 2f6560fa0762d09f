"""A real Workbench server in a child process, for tests that need real HTTP and websockets.

    with live_server(tmp_path) as base_url:
        requests.get(base_url + "/api/v1/health")

The child runs ``python -m workbench.testing.server`` (gevent, monkey-patched first, the
same handler as production), on a free port on 127.0.0.1, with its own data folder and
meta database, and is stopped when the block ends.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path


@contextlib.contextmanager
def live_server(
    data_dir: Path, db_url: str | None = None, env: dict | None = None, python: str | None = None, **settings
):
    """``env`` adds to the child's environment (``WORKBENCH_BUS_URL``, say); ``python`` is the
    interpreter to run it with (another environment's, with plugins installed there);
    ``settings`` are app settings."""
    with server_process(data_dir, db_url, env, python, **settings) as (_proc, base_url):
        yield base_url


@contextlib.contextmanager
def server_process(
    data_dir: Path, db_url: str | None = None, env: dict | None = None, python: str | None = None, **settings
):
    """``live_server``, yielding the child process too (``(proc, base_url)``): tests that
    kill it."""
    data_dir.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, **(env or {})}
    config = {"data_dir": str(data_dir), "db_url": db_url or f"sqlite:///{data_dir / 'meta.db'}", "settings": settings}
    proc = subprocess.Popen(
        [python or sys.executable, "-m", "workbench.testing.server", json.dumps(config)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        line = proc.stdout.readline()
        if not line.startswith("listening "):
            raise RuntimeError(f"server did not start: {line}{proc.stderr.read()}")
        base_url = f"http://127.0.0.1:{int(line.split()[1])}"
        _wait_healthy(base_url)
        yield proc, base_url
    finally:
        stop_process(proc)
        proc.stdout.close()
        proc.stderr.close()


def stop_process(proc: subprocess.Popen, grace: float = 10) -> None:
    """Ask `proc` to end, and kill it if it has not within `grace` seconds."""
    if proc.poll() is not None:
        return
    proc.terminate()
    try:
        proc.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def _wait_healthy(base_url: str, attempts: int = 100) -> None:
    for _ in range(attempts):
        try:
            with urllib.request.urlopen(base_url + "/api/v1/health", timeout=2) as res:  # noqa: S310
                if res.status == 200:
                    return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"{base_url} never became healthy")


def _serve(config: dict) -> None:
    from workbench.serve import make_server, serve_until_stopped  # patches gevent first
    from workbench.testing.app import make_app

    app = make_app(config["db_url"], Path(config["data_dir"]), **config["settings"])
    server = make_server(app, "127.0.0.1", 0)
    server.init_socket()
    print(f"listening {server.server_port}", flush=True)
    serve_until_stopped(server, app)


if __name__ == "__main__":
    _serve(json.loads(sys.argv[1]))
