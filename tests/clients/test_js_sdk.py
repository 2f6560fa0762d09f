"""NocoDB's JavaScript SDK (npm nocodb-sdk, its Api class), unchanged, against a live server:
``js/scenario.mjs`` run by Node. The SDK is installed in ``js/`` from its lockfile by
``make test`` (``npm ci --ignore-scripts``: the published package's install script asks for
pnpm and the SDK needs no build)."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

JS = Path(__file__).parent / "js"
STEPS = [
    "sign up",
    "sign in",
    "me",
    "base create",
    "base list and read",
    "table create",
    "table with a taken title is refused",
    "column create",
    "column update and table read",
    "v1 create, bulk create, list, filter, sort",
    "v1 read, update, bulk update, delete, bulk delete",
    "v2 create, list, filter, sort, read, update, delete, count",
    "second table",
    "link field",
    "links",
    "views",
    "filters and sorts",
    "shared view",
    "attachment upload",
    "API tokens",
    "sign out",
]


def _require_sdk():
    missing = None
    if not shutil.which("node"):
        missing = "node is not installed"
    elif not (JS / "node_modules" / "nocodb-sdk").is_dir():
        missing = "the SDK is not installed (make test installs it: cd tests/clients/js && npm ci --ignore-scripts)"
    if missing and os.environ.get("CI"):
        pytest.fail(missing)
    if missing:
        pytest.skip(missing)


def test_js_sdk_scenario(server_url):
    _require_sdk()
    done = subprocess.run(
        ["node", "scenario.mjs", server_url], cwd=JS, capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines() == [f"ok {step}" for step in STEPS]
