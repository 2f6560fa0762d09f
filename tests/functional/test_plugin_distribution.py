"""A third-party plugin distribution, really installed, is discovered, used and disabled.

The distribution is built and installed with pip into a throwaway folder; each check runs
in a fresh interpreter with that folder on its path, exactly as if the plugin had been
``pip install``-ed beside Workbench.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent

PLUGIN_SOURCE = '''
"""A throwaway third-party field type: a star rating stored as an integer."""

from workbench.hookspecs import hookimpl

__version__ = "1.2.3"


class Stars:
    name = "Stars"
    title = "Stars"

    def to_api(self, value):
        return "\u2605" * int(value or 0)


@hookimpl
def register_field_types():
    return [Stars]
'''

PYPROJECT = """
[build-system]
requires = ["setuptools>=68"]
build-backend = "setuptools.build_meta"

[project]
name = "workbench-test-stars"
version = "1.2.3"
keywords = ["workbench-plugin", "workbench-kind:field_type", "workbench-requires:field_numbers"]

[project.entry-points."workbench.plugins"]
stars = "wb_test_stars"

[tool.setuptools]
packages = ["wb_test_stars"]
"""

CHECK = textwrap.dedent("""
    import json, sys
    from workbench.plugins import load_plugins
    from workbench.testing.client import Client
    from workbench.testing.plugins import app_with_plugins
    import pathlib, tempfile

    disabled = sys.argv[1]
    settings = {"workbench.plugins.disabled": disabled}
    plugin_set = load_plugins(settings)
    infos = {i.name: i.as_dict() for i in plugin_set.infos}
    result = {"infos": infos, "imported": "wb_test_stars" in sys.modules,
              "field_types": plugin_set.registries["field_types"].names()}
    if "Stars" in plugin_set.registries["field_types"]:
        stars = plugin_set.registries["field_types"].get("Stars")
        result["rendered"] = stars().to_api(3)
    app = app_with_plugins(pathlib.Path(tempfile.mkdtemp()), **settings)
    client = Client(app)
    token = client.signup("owner@example.com")
    result["api"] = client.get("/api/v1/plugins", headers=client.auth(token)).json["list"]
    print(json.dumps(result))
""")


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    src = tmp_path_factory.mktemp("workbench-test-stars")
    (src / "pyproject.toml").write_text(PYPROJECT)
    (src / "wb_test_stars").mkdir()
    (src / "wb_test_stars" / "__init__.py").write_text(PLUGIN_SOURCE)
    target = tmp_path_factory.mktemp("site")
    subprocess.run(
        [
            str(BIN / "pip"),
            "install",
            "--quiet",
            "--disable-pip-version-check",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            "--target",
            str(target),
            str(src),
        ],
        check=True,
        capture_output=True,
        text=True,
    )
    assert (target / "wb_test_stars" / "__init__.py").exists()
    return target


def _env(site: Path) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(site), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    env["PYTHONWARNINGS"] = "ignore::DeprecationWarning"
    return env


def _check(site: Path, disabled: str) -> dict:
    out = subprocess.run(
        [sys.executable, "-c", CHECK, disabled], env=_env(site), cwd=ROOT, check=True, capture_output=True, text=True
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_installed_plugin_is_discovered_and_usable(site):
    result = _check(site, "")
    assert result["infos"]["stars"] == {
        "name": "stars",
        "version": "1.2.3",
        "kind": "field_type",
        "enabled": True,
        "module": "wb_test_stars",
        "provides": {
            "fieldTypes": ["Stars"],
            "viewTypes": [],
            "importers": [],
            "authProviders": [],
            "formulaFunctions": [],
            "storageBackends": [],
            "mailers": [],
            "notifiers": [],
            "databaseClients": [],
        },
        "requires": ["field_numbers"],
        "problems": [],
    }
    assert "Stars" in result["field_types"]
    assert result["rendered"] == "\u2605\u2605\u2605"
    listed = {p["name"]: p for p in result["api"]}
    assert listed["stars"]["enabled"] is True
    assert listed["password"]["kind"] == "auth_provider"


def test_disabled_plugin_is_not_even_imported(site):
    result = _check(site, "stars")
    assert result["imported"] is False
    assert "Stars" not in result["field_types"]
    assert result["infos"]["stars"]["enabled"] is False
    listed = {p["name"]: p for p in result["api"]}
    assert listed["stars"]["enabled"] is False
    assert listed["stars"]["kind"] == "field_type"  # declared in its metadata, known without import


def test_a_disabled_dependency_leaves_the_plugin_out_without_importing_it(site):
    result = _check(site, "field_numbers field_links field_lookup_rollup field_formula")
    assert result["imported"] is False
    assert "Stars" not in result["field_types"]
    stars = result["infos"]["stars"]
    assert (stars["enabled"], stars["requires"]) == (False, ["field_numbers"])
    assert stars["problems"] == ["needs plugin 'field_numbers', which is disabled"]


def test_cli_lists_plugins(site, tmp_path):
    ini = tmp_path / "test.ini"
    ini.write_text(
        f"[app:main]\nuse = egg:workbench\nworkbench.data_dir = {tmp_path}\nworkbench.plugins.disabled = stars\n"
    )
    out = subprocess.run(
        [str(BIN / "workbench"), "-c", str(ini), "plugins"], env=_env(site), check=True, capture_output=True, text=True
    ).stdout
    table = out.split("\n\n")[0].splitlines()
    lines = {line.split()[0]: line.split() for line in table[1:]}
    assert table[0].split() == ["NAME", "VERSION", "KIND", "ENABLED", "PROVIDES"]
    assert lines["stars"] == ["stars", "1.2.3", "field_type", "no", "-"]
    assert "stars needs field_numbers" in out
    assert lines["password"][3:] == ["yes", "password"]
