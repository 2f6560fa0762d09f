"""The plugin kit's parts: names, the scaffold of each kind, what the package ships, the
errors an author meets, the kit's host files in step with the host, the types of the
scaffolds and examples, and the development build that follows changes."""

from __future__ import annotations

import ast
import configparser
import glob
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.unit.test_plugin_api_boundary import imported_modules
from workbench.plugin_kit import bundle
from workbench.plugin_kit.cli import add_commands
from workbench.plugin_kit.names import KINDS, KitError, plugin_names
from workbench.plugin_kit.project import read_project
from workbench.plugin_kit.scaffold import new_plugin, render

ROOT = Path(__file__).resolve().parents[3]
KIT = ROOT / "workbench" / "plugin_kit"
FRONTEND = ROOT / "frontend"
TSC = FRONTEND / "node_modules" / ".bin" / "tsc"
BIN = Path(sys.executable).parent


def test_names_come_from_the_plugin_name():
    names = plugin_names("due_date", "field_type")
    assert (names.package, names.dist, names.camel, names.title) == (
        "workbench_due_date",
        "workbench-due-date",
        "DueDate",
        "Due date",
    )
    assert names.variables()["path"] == "due_dates"
    assert 100 <= names.view_number < 1000
    assert names.view_number == plugin_names("due_date", "view_type").view_number


@pytest.mark.parametrize("name", ["", "Color", "1st", "my-plugin", "a" * 41, "über"])
def test_bad_names_are_refused(name):
    with pytest.raises(KitError, match="not a plugin name"):
        plugin_names(name, "field_type")


def test_unknown_kind_is_refused():
    with pytest.raises(KitError, match="unknown kind"):
        plugin_names("stars", "widget")


def test_an_unknown_placeholder_is_refused():
    assert render("{{name}} and {{ style }}", {"name": "x"}) == "x and {{ style }}"
    with pytest.raises(KitError, match="unknown placeholder"):
        render("{{nope}}", {})


def test_new_refuses_a_folder_in_use(tmp_path):
    (tmp_path / "taken.txt").write_text("mine")
    with pytest.raises(KitError, match="not an empty folder"):
        new_plugin("stars", "field_type", tmp_path)
    assert (tmp_path / "taken.txt").read_text() == "mine"


@pytest.mark.parametrize("kind", KINDS)
def test_the_scaffold_of_each_kind(tmp_path, kind):
    dest = tmp_path / "dist"
    _names, written = new_plugin("stars", kind, dest)
    found = {p.relative_to(dest).as_posix() for p in written}
    assert {
        "pyproject.toml",
        "README.md",
        ".gitignore",
        "workbench_stars/__init__.py",
        "workbench_stars/messages.json",
        "ui/index.tsx",
        "ui/package.json",
        "ui/tsconfig.json",
        "ui/workbench-plugin-api.d.ts",
        "tests/test_stars.py",
    } <= found
    for path in written:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"\{\{\w+\}\}", text), f"{path} keeps a placeholder"
    pyproject = (dest / "pyproject.toml").read_text()
    assert 'stars = "workbench_stars"' in pyproject
    assert f'"workbench-kind:{kind}"' in pyproject
    assert '"static/*"' in pyproject
    assert '"messages.json"' in pyproject
    project = read_project(dest)
    assert (project.name, project.package_dir, project.entry) == (
        "stars",
        dest / "workbench_stars",
        dest / "ui/index.tsx",
    )
    # the plugin imports nothing of Workbench but the public API
    package = dest / "workbench_stars" / "__init__.py"
    modules = [m for _line, m in imported_modules(ast.parse(package.read_text()), "workbench_stars", True)]
    assert {m for m in modules if m.startswith("workbench")} == {"workbench.plugin_api"}


def test_the_package_ships_every_file_of_the_kit():
    parser = configparser.ConfigParser()
    parser.read(ROOT / "setup.cfg")
    patterns = parser["options.package_data"]["workbench"].split()
    shipped = {
        Path(p) for pattern in patterns for p in glob.glob(str(ROOT / "workbench" / pattern)) if Path(p).is_file()
    }
    files = {p for p in KIT.rglob("*") if p.is_file() and p.suffix not in (".py", ".pyc")}
    assert files, "the kit has no files"
    assert files <= shipped, sorted(str(p) for p in files - shipped)


def _cli(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(BIN / "workbench"), *args], capture_output=True, text=True, check=False, env=env or dict(os.environ)
    )


def test_build_says_when_node_is_missing(tmp_path):
    new_plugin("stars", "field_type", tmp_path / "dist")
    env = {**os.environ, "PATH": str(tmp_path / "empty")}
    result = _cli("plugin", "build", str(tmp_path / "dist"), env=env)
    assert result.returncode == 2
    assert "needs Node.js" in result.stderr


def test_build_says_what_is_not_a_plugin(tmp_path):
    result = _cli("plugin", "build", str(tmp_path))
    assert result.returncode == 2
    assert "has no pyproject.toml" in result.stderr
    new_plugin("stars", "importer", tmp_path / "dist")
    (tmp_path / "dist" / "ui" / "index.tsx").unlink()
    result = _cli("plugin", "build", str(tmp_path / "dist"))
    assert result.returncode == 2
    assert "has no index.tsx" in result.stderr


def test_a_build_error_is_reported(tmp_path):
    if not shutil.which("node") or not (FRONTEND / "node_modules" / "vite").is_dir():
        pytest.skip("node and the frontend's packages are not installed (make install)")
    new_plugin("stars", "field_type", tmp_path / "dist")
    index = tmp_path / "dist" / "ui" / "index.tsx"
    index.write_text(index.read_text() + 'export { NotShared } from "@blueprintjs/core";\n')
    result = _cli("plugin", "build", str(tmp_path / "dist"))
    assert result.returncode == 2
    assert "NotShared" in result.stderr
    assert "\x1b[" not in result.stderr


def test_the_kit_files_are_in_step_with_the_host():
    if not shutil.which("node") or not TSC.exists():
        pytest.skip("node and the frontend's packages are not installed (make install)")
    result = subprocess.run(
        ["node", "scripts/plugin-kit.mjs", "--check"], cwd=FRONTEND, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr


def test_scaffolds_and_examples_type_check(tmp_path):
    """Every kind's scaffold and every example compile against the shipped declarations of
    @workbench/plugin-api and the host's libraries."""
    if not TSC.exists():
        pytest.skip("the frontend's packages are not installed (make install)")
    for kind in KINDS:
        new_plugin(f"kit_{kind}", kind, tmp_path / kind)
    modules = FRONTEND / "node_modules"
    config = {
        "extends": str(ROOT / "examples" / "color" / "ui" / "tsconfig.json"),
        "compilerOptions": {
            "types": [],
            "paths": {
                "@workbench/plugin-api": [str(KIT / "types" / "workbench-plugin-api.d.ts")],
                "*": [f"{modules}/@types/*", f"{modules}/*"],
            },
        },
        "include": [f"{ROOT}/examples/*/ui/*.ts", f"{ROOT}/examples/*/ui/*.tsx", f"{tmp_path}/*/ui/*.tsx"],
    }
    (tmp_path / "tsconfig.json").write_text(__import__("json").dumps(config))
    result = subprocess.run(
        [str(TSC), "--noEmit", "-p", str(tmp_path / "tsconfig.json")], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_examples_import_only_the_public_api():
    for path in sorted((ROOT / "examples").glob("*/workbench_*/**/*.py")):
        package = path.relative_to(path.parents[len(path.relative_to(ROOT / "examples").parts) - 2]).parts[0]
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for line, module in imported_modules(tree, package, path.name == "__init__.py"):
            if module == "workbench" or module.startswith("workbench."):
                assert module == "workbench.plugin_api", f"{path}:{line} imports {module}"


def test_dev_rebuilds_the_bundle_on_every_change(tmp_path):
    if not shutil.which("node") or not (FRONTEND / "node_modules" / "vite").is_dir():
        pytest.skip("node and the frontend's packages are not installed (make install)")
    new_plugin("stars", "field_type", tmp_path / "dist")
    project = read_project(tmp_path / "dist")
    process = bundle.watch(project)
    try:
        first = _wait_for(project.static_dir / "index.js", lambda text: "stars" in text)
        index = project.ui_dir / "index.tsx"
        index.write_text(index.read_text().replace('id: "stars"', 'id: "stars", apiVersion: 1 /* twinkle */'))
        _wait_for(project.static_dir / "index.js", lambda text: text != first and "apiVersion: 1" in text)
        assert process.poll() is None, "the development build stopped after a rebuild"
    finally:
        process.terminate()
        process.wait(timeout=10)


def _wait_for(path: Path, done, timeout: float = 60) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        text = path.read_text(encoding="utf-8") if path.is_file() else ""
        if text and done(text):
            return text
        time.sleep(0.2)
    raise AssertionError(f"{path} was not (re)built in {timeout} s")


def test_the_commands_are_registered():
    import argparse

    parser = argparse.ArgumentParser()
    add_commands(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["plugin", "new", "stars", "--kind", "view_type", "--dir", "x"])
    assert (args.name, args.kind, args.dir) == ("stars", "view_type", Path("x"))
