"""The base path the app is served under behind a proxy: the setting's rules, the WSGI
application moving the prefix into SCRIPT_NAME (passed on or stripped by the proxy), and the
page's addresses put under it."""

from __future__ import annotations

import pytest

from workbench.settings import SettingsError, load_settings
from workbench.web.base_path import BasePathApp, BasePathError, normalise_base_path, prefixed_html


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("", ""),
        ("/", ""),
        (None, ""),
        ("/workbench", "/workbench"),
        ("workbench/", "/workbench"),
        (" /a/b.c_d~e-f/ ", "/a/b.c_d~e-f"),
    ],
)
def test_base_paths_are_tidied(value, expected):
    assert normalise_base_path(value) == expected


@pytest.mark.parametrize("value", ["/a b", "/a/../b", "/./a", "//evil.example", "/a?b", "/a#b", "/<script>", "/a//b"])
def test_bad_base_paths_are_refused(value):
    with pytest.raises(BasePathError):
        normalise_base_path(value)


def test_the_setting_and_its_environment_override(tmp_path):
    assert load_settings({}, here=str(tmp_path), environ={})["workbench.base_path"] == ""
    ini = load_settings({"workbench.base_path": "/tools/wb/"}, here=str(tmp_path), environ={})
    assert ini["workbench.base_path"] == "/tools/wb"
    environ = {"WORKBENCH_BASE_PATH": "/workbench"}
    env = load_settings({"workbench.base_path": "/x"}, here=str(tmp_path), environ=environ)
    assert env["workbench.base_path"] == "/workbench"
    with pytest.raises(SettingsError, match="base_path"):
        load_settings({"workbench.base_path": "/a/../b"}, here=str(tmp_path), environ={})


def _seen(path: str, script: str = "") -> tuple[str, str]:
    seen = {}

    def app(environ, start_response):
        seen.update(script=environ["SCRIPT_NAME"], path=environ["PATH_INFO"])
        return []

    BasePathApp(app, "/workbench")({"PATH_INFO": path, "SCRIPT_NAME": script}, None)
    return seen["script"], seen["path"]


def test_the_prefix_moves_into_script_name():
    assert _seen("/workbench/api/v1/health") == ("/workbench", "/api/v1/health")
    assert _seen("/workbench/") == ("/workbench", "/")
    assert _seen("/workbench") == ("/workbench", "/")
    # A proxy that strips the prefix: the URLs the server makes still carry it.
    assert _seen("/api/v1/health") == ("/workbench", "/api/v1/health")
    # Not a prefix of a longer segment, and never added twice.
    assert _seen("/workbenchx/a") == ("/workbench", "/workbenchx/a")
    assert _seen("/a", script="/workbench") == ("/workbench", "/a")


def test_the_pages_addresses_go_under_the_base_path():
    html = (
        '<link href="./assets/a.css"><script src="/assets/a.js"></script><a href="/signin">x</a>'
        '<a href="https://x.org/">y</a><a href="//cdn.x/">z</a>'
    )
    assert prefixed_html(html, "/wb") == (
        '<link href="/wb/assets/a.css"><script src="/wb/assets/a.js"></script><a href="/wb/signin">x</a>'
        '<a href="https://x.org/">y</a><a href="//cdn.x/">z</a>'
    )
    assert prefixed_html('<script src="./assets/a.js"></script>', "") == '<script src="/assets/a.js"></script>'
