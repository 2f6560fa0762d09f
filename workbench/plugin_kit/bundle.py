"""Building a plugin's UI bundle with Node.js: ``js/build.mjs`` with vite, once
(``workbench plugin build``) or on every change (``workbench plugin dev``)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import workbench
from workbench.plugin_kit.names import KitError
from workbench.plugin_kit.project import PluginProject

KIT = Path(__file__).resolve().parent
BUILD_SCRIPT = KIT / "js" / "build.mjs"
TYPES = KIT / "types" / "workbench-plugin-api.d.ts"
#: what the build needs from npm
BUILD_PACKAGES = ("vite", "@vitejs/plugin-react")
#: the Node.js versions vite runs on
NODE_MINIMUM = (20, 19)
#: the node_modules of a Workbench source checkout (its frontend's), when there is one
HOST_NODE_MODULES = Path(workbench.__file__).resolve().parent.parent / "frontend" / "node_modules"
#: another folder with vite and @vitejs/plugin-react installed, to build without npm install
NODE_MODULES_ENV = "WORKBENCH_PLUGIN_NODE_MODULES"
_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def node() -> str:
    """The ``node`` program, refused when missing or too old."""
    found = shutil.which("node")
    if not found:
        raise KitError(
            "building a plugin's UI bundle needs Node.js "
            f"{'.'.join(map(str, NODE_MINIMUM))} or later and npm: install them and run the command again"
        )
    out = subprocess.run([found, "--version"], capture_output=True, text=True, check=False).stdout.strip()
    match = re.match(r"v(\d+)\.(\d+)", out)
    if not match or (int(match[1]), int(match[2])) < NODE_MINIMUM:
        raise KitError(
            f"Node.js {out or '(unknown version)'} is too old to build a plugin's UI bundle: "
            f"{'.'.join(map(str, NODE_MINIMUM))} or later is needed"
        )
    return found


def _has_build_packages(folder: Path) -> bool:
    return all((folder / name / "package.json").is_file() for name in BUILD_PACKAGES)


def node_modules(project: PluginProject, install: bool = True) -> Path:
    """Where vite is found: the plugin's ``ui/node_modules``, the folder the
    ``WORKBENCH_PLUGIN_NODE_MODULES`` variable names, a Workbench checkout's frontend, or
    else the plugin's ``ui/`` after ``npm install``."""
    candidates = [project.ui_dir / "node_modules"]
    if os.environ.get(NODE_MODULES_ENV):
        candidates.append(Path(os.environ[NODE_MODULES_ENV]))
    candidates.append(HOST_NODE_MODULES)
    for folder in candidates:
        if _has_build_packages(folder):
            return folder
    if not install:
        raise KitError(f"vite is not installed in {project.ui_dir}: run npm install there")
    npm = shutil.which("npm")
    if not npm:
        raise KitError("building a plugin's UI bundle needs npm (it comes with Node.js): install it and run again")
    if not (project.ui_dir / "package.json").is_file():
        raise KitError(f"{project.ui_dir} has no package.json to install the build's packages from")
    print(f"installing the UI build's packages in {project.ui_dir} (npm install)")
    result = subprocess.run([npm, "install", "--no-audit", "--no-fund"], cwd=project.ui_dir, check=False)
    if result.returncode != 0 or not _has_build_packages(project.ui_dir / "node_modules"):
        raise KitError(f"npm install in {project.ui_dir} failed")
    return project.ui_dir / "node_modules"


def refresh_types(project: PluginProject) -> bool:
    """Keep ``ui/workbench-plugin-api.d.ts`` the declarations of this Workbench's plugin API;
    True when it was written."""
    target = project.ui_dir / TYPES.name
    current = TYPES.read_text(encoding="utf-8")
    if target.is_file() and target.read_text(encoding="utf-8") == current:
        return False
    if project.ui_dir.is_dir():
        target.write_text(current, encoding="utf-8")
        return True
    return False


def _command(project: PluginProject, watch: bool) -> list[str]:
    command = [
        node(),
        str(BUILD_SCRIPT),
        "--entry",
        str(project.entry),
        "--out",
        str(project.static_dir),
        "--node-modules",
        str(node_modules(project)),
    ]
    return [*command, "--watch"] if watch else command


def build(project: PluginProject) -> Path:
    """Build ``<package>/static/index.js`` and its ``manifest.json``; the bundle's path."""
    refresh_types(project)
    env = {**os.environ, "NO_COLOR": "1", "FORCE_COLOR": "0"}
    result = subprocess.run(_command(project, watch=False), capture_output=True, text=True, check=False, env=env)
    if result.returncode != 0:
        said = _ANSI.sub("", (result.stderr or result.stdout).strip())
        raise KitError(f"the UI bundle of {project.name} did not build:\n{said}")
    bundle = project.static_dir / "index.js"
    if not bundle.is_file():
        raise KitError(f"the build wrote no {bundle}")
    return bundle


def watch(project: PluginProject) -> subprocess.Popen:
    """Start a build that rebuilds the bundle on every change of its sources (the caller
    waits for it and stops it)."""
    refresh_types(project)
    return subprocess.Popen(_command(project, watch=True))
