"""The plugin kit end to end, as an author and an admin use it: ``workbench plugin new`` for
each kind, ``workbench plugin build``, ``pip install`` into a throwaway environment, start a
real server there; each new plugin is listed enabled in ``/api/v1/plugins``, provides what
its kind provides in the catalogue, and its UI bundle is served from the installed package."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from tests.common.plugin_env import installed_path, make_env, pip_install
from workbench.testing.server import live_server

BIN = Path(sys.executable).parent
# plugin name -> (kind, catalogue key, the name it is listed by there)
PLUGINS = {
    "kit_stamp": ("field_type", "fieldTypes", "KitStamp"),
    "kit_board": ("view_type", "viewTypes", "kit_board"),
    "kit_lines": ("importer", "importers", "kit_lines"),
    "kit_door": ("auth_provider", "authProviders", "kit_door"),
}


def workbench(*args: str) -> str:
    result = subprocess.run([str(BIN / "workbench"), *args], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """The four plugins scaffolded, built and installed; the environment's Python."""
    root = tmp_path_factory.mktemp("authoring")
    dists = []
    for name, (kind, _key, _listed) in PLUGINS.items():
        dist = root / "src" / name
        workbench("plugin", "new", name, "--kind", kind, "--dir", str(dist))
        assert "built" in workbench("plugin", "build", str(dist))
        package = dist / f"workbench_{name}"
        assert json.loads((package / "static" / "manifest.json").read_text()) == {"apiVersion": 1}
        dists.append(dist)
    python = make_env(root / "env")
    pip_install(python, *dists)
    return python, root


def _get(base: str, path: str, token: str | None = None):
    request = urllib.request.Request(base + path, headers={"xc-auth": token} if token else {})
    with urllib.request.urlopen(request, timeout=10) as response:
        body = response.read()
        return json.loads(body) if response.headers.get_content_type() == "application/json" else body


def _signup(base: str) -> str:
    request = urllib.request.Request(
        base + "/api/v1/auth/user/signup",
        data=json.dumps({"email": "admin@example.com", "password": "correct horse battery"}).encode(),
        headers={"content-type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())["token"]


def test_new_build_install_start(installed, tmp_path):
    python, sources = installed
    for name in PLUGINS:
        # installed as an admin installs it: a copy in the environment, not the source folder
        where = installed_path(python, f"workbench_{name}")
        assert sources / "env" in where.parents
        assert (where / "static" / "index.js").is_file()
        assert (where / "messages.json").is_file()
    settings = {"kit_door.authorize_url": "https://id.example.com/a"}
    with live_server(tmp_path / "data", python=str(python), **settings) as base:
        token = _signup(base)
        listed = {p["name"]: p for p in _get(base, "/api/v1/plugins", token)["list"]}
        catalogue = _get(base, "/api/v1/catalogue", token)
        for name, (kind, key, listed_as) in PLUGINS.items():
            assert listed[name]["enabled"] is True, listed[name]
            assert listed[name]["kind"] == kind
            assert listed[name]["problems"] == []
            entry = next(e for e in catalogue[key] if e.get("uidt", e.get("name")) == listed_as)
            assert entry["plugin"] == name
            assert entry["bundle"] == name
            bundle = catalogue["bundles"][name]
            assert bundle["apiVersion"] == 1
            served = _get(base, bundle["url"])
            assert served == (installed_path(python, f"workbench_{name}") / "static" / "index.js").read_bytes()
        assert catalogue["messages"]["plugin.kit_stamp.type.KitStamp"] == "Kit stamp"
        assert next(p for p in catalogue["authProviders"] if p["name"] == "kit_door")["configured"] is True
