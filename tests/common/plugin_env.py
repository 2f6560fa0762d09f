"""A throwaway Python environment with plugin distributions ``pip install``-ed into it, as an
admin installs them beside Workbench.

The environment is a virtualenv made with ``--system-site-packages`` that also sees the
packages of the one running the tests (Workbench itself, editable, and its dependencies), so
creating it and installing into it is quick and needs no network: pip runs with
``--no-index --no-build-isolation``, and a plugin's dependency on ``workbench`` is met by the
Workbench it sees.
"""

from __future__ import annotations

import subprocess
import sys
import sysconfig
from pathlib import Path


def make_env(folder: Path) -> Path:
    """A new virtualenv in ``folder``; its Python."""
    subprocess.run(
        [sys.executable, "-m", "venv", "--without-pip", "--system-site-packages", str(folder)],
        check=True,
        capture_output=True,
    )
    python = folder / "bin" / "python"
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    # the test run's own packages, .pth files (the editable Workbench) included
    host = sysconfig.get_paths()["purelib"]
    (Path(site) / "workbench_host.pth").write_text(f"import site; site.addsitedir({host!r})\n", encoding="utf-8")
    return python


def pip_install(python: Path, *distributions: Path) -> str:
    """``pip install`` the distribution folders into the environment of ``python``; pip's output."""
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "--disable-pip-version-check",
            "--no-index",
            "--no-build-isolation",
            *map(str, distributions),
        ],
        check=False,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def installed_path(python: Path, module: str) -> Path:
    """Where the environment of ``python`` imports ``module`` from."""
    out = subprocess.run(
        [str(python), "-c", f"import {module}, pathlib; print(pathlib.Path({module}.__file__).parent)"],
        check=True,
        capture_output=True,
        text=True,
    )
    return Path(out.stdout.strip())


def pip_install_target(folder: Path, *distributions: Path) -> Path:
    """``pip install --target folder`` the distribution folders (packages and their
    dist-info, entry points included): a server with ``folder`` on its ``PYTHONPATH`` has
    them installed beside Workbench."""
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--disable-pip-version-check",
            "--no-index",
            "--no-build-isolation",
            "--no-deps",
            "--target",
            str(folder),
            *map(str, distributions),
        ],
        check=False,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return folder
