"""End-to-end fixtures: a real Workbench server (pserve, as `make run` starts it) on a free
port with its own data folder, and headless Debian Chromium driven by Playwright.

The browser is never downloaded: Chromium comes from the system (`apt-get install
chromium`; .ci/run does it). Screenshots go to test-artifacts/ (git-ignored)."""

from __future__ import annotations

import atexit
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
DIST = REPO / "frontend" / "dist"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _changed(env: dict[str, str], changes: dict[str, str | None]) -> dict[str, str]:
    """``env`` with ``changes`` applied: a value of None removes its variable."""
    merged = {**env, **changes}
    return {k: v for k, v in merged.items() if v is not None}


# What changes the meta database that ``workbench migrate`` makes: other plugins (their own
# migrations), another database. A server with none of them changed starts on a copy of one
# migrated data folder (the meta database and its secret), made once per test process.
_MIGRATION_CHANGERS = {"PYTHONPATH", "WORKBENCH_PLUGINS", "WORKBENCH_PLUGINS_DISABLED", "WORKBENCH_DATABASE_URL"}
_migrated: list[Path] = []
#: servers told to stop whose end the tests did not wait for
_stopping: list[subprocess.Popen] = []


@atexit.register
def _reap_stopping() -> None:
    for process in _stopping:
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _migrate(data_dir: Path, root: Path, env: dict[str, str]) -> None:
    bin_dir = Path(sys.executable).parent
    subprocess.run([str(bin_dir / "workbench"), "migrate"], cwd=root, env=env, check=True, capture_output=True)


def _copy_migrated(data_dir: Path) -> None:
    if not _migrated:
        template = Path(tempfile.mkdtemp(prefix="workbench-migrated-"))
        env = {**os.environ, "WORKBENCH_DATA_DIR": str(template)}
        env.pop("WORKBENCH_DATABASE_URL", None)
        atexit.register(shutil.rmtree, template, ignore_errors=True)
        _migrate(template, REPO, env)
        _migrated.append(template)
    shutil.copytree(_migrated[0], data_dir, dirs_exist_ok=True)


class Server:
    """``env`` adds to (or, with a value of None, removes from) the server's environment:
    ``PYTHONPATH`` to install a plugin distribution beside Workbench,
    ``WORKBENCH_PLUGINS_DISABLED`` to switch plugins off. ``root`` is the checkout served
    (its ``development.ini`` and ``frontend/dist``)."""

    def __init__(self, data_dir: Path, env: dict[str, str | None] | None = None, root: Path = REPO):
        self.data_dir = data_dir
        self.root = root
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = data_dir / "server.log"
        base = {
            **os.environ,
            "WORKBENCH_DATA_DIR": str(data_dir),
            "PORT": str(self.port),
            "HOST": "127.0.0.1",
            # A loaded test machine may take more than the default 3 s to greet a new
            # connection to a connected database.
            "WORKBENCH_SOURCES_CONNECT_TIMEOUT": "15",
        }
        base.pop("WORKBENCH_DATABASE_URL", None)
        self.env = _changed(base, env or {})
        if root == REPO and not set(env or {}) & _MIGRATION_CHANGERS and not any(data_dir.iterdir()):
            _copy_migrated(data_dir)
        else:
            _migrate(data_dir, root, self.env)
        self._start()

    def _start(self) -> None:
        bin_dir = Path(sys.executable).parent
        self._log = open(self.log_path, "ab")  # noqa: SIM115 (closed in stop())
        self.process = subprocess.Popen(
            [str(bin_dir / "pserve"), "development.ini"],
            cwd=self.root,
            env=self.env,
            stdout=self._log,
            stderr=subprocess.STDOUT,
        )
        try:
            self._wait_ready()
        except BaseException:
            # A server that never answered is stopped here: no test would stop it, and its log
            # left open would be reported against whichever test runs next.
            self.stop()
            raise

    def restart(self, env: dict[str, str | None] | None = None) -> None:
        """Stop the server and start it again on the same port and data, with ``env``
        changed as the constructor's (an admin editing the ini and restarting)."""
        self.stop()
        self.env = _changed(self.env, env or {})
        self._start()

    def _wait_ready(self) -> None:
        for _ in range(300):
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited:\n{self.log()}")
            try:
                with urllib.request.urlopen(self.url + "/api/v1/health", timeout=2):
                    return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.1)
        raise RuntimeError(f"server did not start:\n{self.log()}")

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def api(self, method: str, path: str, body=None, token: str | None = None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method)
        request.add_header("content-type", "application/json")
        if token:
            request.add_header("xc-auth", token)
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read() or b"null")

    def get_html(self, path: str, headers=None) -> tuple[int, str]:
        request = urllib.request.Request(self.url + path, headers=headers or {})
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()

    def stop(self, wait: bool = True) -> None:
        """Stop the server; without `wait`, the test goes on while it shuts down (it is
        waited for when the tests end)."""
        self.process.terminate()
        if not wait:
            self._log.close()
            # (the ones that have ended are reaped on the way)
            _stopping[:] = [process for process in _stopping if process.poll() is None]
            _stopping.append(self.process)
            return
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self._log.close()


def _require_build_and_browser():
    if not (DIST / "shells" / "manifest.json").exists():
        pytest.skip("the frontend is not built (make test builds it)")
    if not shutil.which("chromium"):
        pytest.skip("Debian chromium is not installed (apt-get install chromium)")


@pytest.fixture
def server(tmp_path):
    """A fresh server with an empty meta database (the next sign-up is the first user)."""
    _require_build_and_browser()
    srv = Server(tmp_path)
    yield srv
    srv.stop(wait=False)


@pytest.fixture(scope="module")
def browser():
    _require_build_and_browser()
    from playwright.sync_api import expect, sync_playwright

    # The machine is shared with other test runs: wait for conditions generously.
    expect.set_options(timeout=15_000)

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=shutil.which("chromium"), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


class PageErrors:
    """Console errors and uncaught exceptions of a page (hydration mismatches show here), and
    apart from them the console's warnings."""

    def __init__(self, page):
        self.messages: list[str] = []
        self.warnings: list[str] = []
        page.on("console", self._console)
        page.on("pageerror", lambda exc: self.messages.append(f"pageerror: {exc}"))

    def _console(self, msg) -> None:
        if msg.type == "error":
            self.messages.append(msg.text)
        elif msg.type == "warning":
            where = msg.location
            self.warnings.append(f"{msg.text} ({where.get('url', '')}:{where.get('lineNumber', '')})")

    def console(self) -> list[str]:
        """Every error and warning the page has written to the console so far."""
        return self.messages + self.warnings

    def hydration(self) -> list[str]:
        words = ("hydrat", "did not match", "server rendered html", "#418", "#423", "#425")
        return [m for m in self.messages if any(w in m.lower() for w in words)]

    def uncaught(self) -> list[str]:
        return [m for m in self.messages if m.startswith("pageerror")]

    def refused_by_policy(self) -> list[str]:
        """What the page's Content-Security-Policy blocked (scripts, styles, images, ...)."""
        return [m for m in self.messages if "Content Security Policy" in m]


@pytest.fixture
def context(browser, server):
    ctx = browser.new_context(base_url=server.url, viewport={"width": 1280, "height": 800}, locale="en-US")
    yield ctx
    ctx.close()


@pytest.fixture
def page(context):
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.errors = PageErrors(page)
    yield page
    assert page.errors.uncaught() == []
    assert page.errors.hydration() == []
    assert page.errors.refused_by_policy() == []


@pytest.fixture
def shop_db(tmp_path):
    """A PostgreSQL database made with plain SQL (tests/functional/external/schemas.py's
    shop), to connect as an external source; dropped after the test."""
    from tests.functional.external.schemas import ExternalDatabase

    db = ExternalDatabase("pg", tmp_path)
    yield db
    db.drop()
