"""The example plugins under examples/ (each made with the plugin kit) build with
``workbench plugin build`` and pass their own test suites, run as their authors run them:
pytest in the distribution's folder, with the package importable from it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
BIN = Path(sys.executable).parent
NAMES = ("color", "timeline", "ics")


def test_every_example_is_listed():
    assert sorted(p.name for p in EXAMPLES.iterdir() if (p / "pyproject.toml").is_file()) == sorted(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_example_builds_and_passes_its_tests(name):
    folder = EXAMPLES / name
    built = subprocess.run(
        [str(BIN / "workbench"), "plugin", "build", str(folder)], capture_output=True, text=True, check=False
    )
    assert built.returncode == 0, built.stdout + built.stderr
    static = folder / f"workbench_{name}" / "static"
    assert json.loads((static / "manifest.json").read_text()) == {"apiVersion": 1}
    assert 'globalThis.__wbShared["react/jsx-runtime"]' in (static / "index.js").read_text()
    env = {**os.environ, "PYTHONPATH": str(folder)}
    tested = subprocess.run(
        [sys.executable, "-m", "pytest", "-q"],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert tested.returncode == 0, tested.stdout[-4000:] + tested.stderr[-2000:]
    assert " passed" in tested.stdout
