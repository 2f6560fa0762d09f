"""Serving the web app from Pyramid (workbench.web), on a small fake build so that these
tests do not need Node: the prerendered shell per route and language, the inlined initial
state, hashed assets with a long cache, API 404s left as JSON, and the not-built page."""

from __future__ import annotations

import json
import re

import pytest
from webtest import TestApp

from workbench.testing.app import make_app
from workbench.web.assets import choose_language

TEMPLATE = (
    '<!doctype html><html lang="<!--app-lang-->" dir="<!--app-dir-->"><head><!--app-state-->'
    '<script type="module" src="/assets/index-abc123.js"></script></head>'
    '<body><div id="root"><!--ssr-outlet--></div></body></html>'
)


def _write_build(dist, i18n):
    (dist / "assets").mkdir(parents=True)
    (dist / "shells").mkdir()
    (dist / "index.html").write_text(TEMPLATE)
    (dist / "favicon.svg").write_text("<svg/>")
    (dist / "assets" / "index-abc123.js").write_text("console.log('app')")
    shells = {
        "aaaa0000": "<main>Sign in</main>",
        "bbbb0000": "<main>Projects <script>x</script></main>",
        "cccc0000": "<main>Page not found</main>",
        "dddd0000": "<main>تسجيل الدخول</main>",
    }
    for name, html in shells.items():
        (dist / "shells" / f"{name}.html").write_text(html, encoding="utf-8")
    manifest = {
        "template": "index.html",
        "routes": [
            {"path": "/signin", "regex": "^/signin/?$"},
            {"path": "/", "regex": "^/$"},
            {"path": "/:projectType/:projectId", "regex": "^/[^/]+/[^/]+/?$"},
            {"path": "*", "regex": None, "notFound": True},
        ],
        "shells": {
            "en": ["aaaa0000", "bbbb0000", "bbbb0000", "cccc0000"],
            "ar": ["dddd0000", "bbbb0000", "bbbb0000", "cccc0000"],
        },
    }
    (dist / "shells" / "manifest.json").write_text(json.dumps(manifest))
    i18n.mkdir()
    (i18n / "en.json").write_text(json.dumps({"app.name": "Workbench", "only.en": "English only"}))
    (i18n / "ar.json").write_text(json.dumps({"app.name": "ورك بنش"}, ensure_ascii=False), encoding="utf-8")


@pytest.fixture(scope="module")
def web(tmp_path_factory):
    root = tmp_path_factory.mktemp("web")
    _write_build(root / "dist", root / "i18n")
    app = make_app(
        f"sqlite:///{root / 'meta.db'}",
        root,
        **{"workbench.web.dist": str(root / "dist"), "workbench.web.i18n": str(root / "i18n")},
    )
    yield TestApp(app)
    app.registry["db_engine"].dispose()


def _state(html: str) -> dict:
    match = re.search(r'<script nonce="[A-Za-z0-9_-]{16,}">window.__WB_STATE__=(.*?);</script>', html)
    assert match, html
    return json.loads(match.group(1))


def test_app_route_gets_its_prerendered_shell_and_initial_state(web):
    response = web.get("/signin")
    assert response.status_int == 200
    assert response.content_type == "text/html"
    assert response.headers["Cache-Control"] == "no-cache"
    assert '<div id="root"><main>Sign in</main></div>' in response.text
    assert '<html lang="en" dir="ltr">' in response.text
    state = _state(response.text)
    assert state["lang"] == "en"
    assert state["messages"]["app.name"] == "Workbench"
    assert state["theme"] == {"primaryColor": "#4351E8", "accentColor": "#FF4A8D"}
    assert state["appInfo"]["firstUser"] is True


def test_deep_link_with_params_matches_its_route(web):
    response = web.get("/nc/p_123")
    assert "<main>Projects" in response.text


def test_language_from_accept_language_with_rtl_and_english_fallback(web):
    response = web.get("/signin", headers={"Accept-Language": "fr;q=0.9, ar-EG;q=0.8"})
    assert '<html lang="ar" dir="rtl">' in response.text
    assert "تسجيل الدخول" in response.text
    messages = _state(response.text)["messages"]
    assert messages["app.name"] == "ورك بنش"
    assert messages["only.en"] == "English only"


def test_saved_language_cookie_wins(web):
    web.set_cookie("wb_lang", "ar")
    try:
        response = web.get("/signin", headers={"Accept-Language": "en"})
    finally:
        web.reset()
    assert _state(response.text)["lang"] == "ar"


def test_unknown_app_path_gets_the_404_shell(web):
    response = web.get("/no/such/page/here", status=404)
    assert response.content_type == "text/html"
    assert "Page not found" in response.text


def test_api_paths_keep_the_json_404(web):
    for path in ("/api/v1/nope", "/api/nope", "/api", "/ws/x"):
        response = web.get(path, status=404)
        assert response.content_type == "application/json", path
        assert response.json == {"msg": "Not found"}


def test_non_get_requests_are_not_answered_with_html(web):
    response = web.post("/signin", status=404)
    assert response.content_type == "application/json"


def test_hashed_assets_are_cached_for_a_year(web):
    response = web.get("/assets/index-abc123.js")
    assert response.text == "console.log('app')"
    assert response.content_type == "text/javascript"
    assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    web.get("/assets/missing.js", status=404)
    web.get("/assets/../index.html", status=404)


def test_root_files_are_served_but_not_the_template(web):
    assert web.get("/favicon.svg").text == "<svg/>"
    response = web.get("/index.html", status=404)
    assert "<!--ssr-outlet-->" not in response.text


def test_state_cannot_break_out_of_its_script_element(web):
    response = web.get("/")
    state_script = re.search(r"<script nonce=[^>]*>window.__WB_STATE__=.*?</script>", response.text).group(0)
    assert "</" not in state_script[state_script.index(">") + 1 : -len("</script>")]


def _nonce(html: str) -> str:
    return re.search(r'<script nonce="([A-Za-z0-9_-]+)">window.__WB_STATE__', html).group(1)


def test_pages_carry_security_headers_with_a_new_nonce_each_time(web):
    first, second = web.get("/signin"), web.get("/signin")
    nonce = _nonce(first.text)
    assert nonce != _nonce(second.text)
    policy = dict(part.split(" ", 1) for part in first.headers["Content-Security-Policy"].split("; "))
    assert policy["script-src"] == f"'self' 'nonce-{nonce}'"
    assert policy["default-src"] == "'self'"
    assert policy["object-src"] == "'none'"
    assert policy["frame-ancestors"] == "'none'"
    assert first.headers["X-Frame-Options"] == "DENY"
    assert first.headers["Referrer-Policy"] == "same-origin"
    assert first.headers["X-Content-Type-Options"] == "nosniff"
    assert "Strict-Transport-Security" not in first.headers
    # unknown paths (the 404 shell) are pages too
    assert "frame-ancestors 'none'" in web.get("/nope/nope/nope/nope", status=404).headers["Content-Security-Policy"]


@pytest.mark.parametrize(
    "path",
    ["/nc/form/abc123", "/nc/form/abc123/survey", "/nc/view/abc", "/base/gallery/x/", "/nc/kanban/k", "/nc/calendar/c"],
)
def test_shared_views_and_forms_may_be_embedded(web, path):
    response = web.get(path, status="*")
    assert "frame-ancestors *" in response.headers["Content-Security-Policy"]
    assert "X-Frame-Options" not in response.headers


@pytest.mark.parametrize("path", ["/nc/p_123/view/Orders", "/nc/p_123/table/Orders", "/account", "/"])
def test_other_pages_may_not_be_embedded(web, path):
    response = web.get(path, status="*")
    assert "frame-ancestors 'none'" in response.headers["Content-Security-Policy"]
    assert response.headers["X-Frame-Options"] == "DENY"


def test_hsts_when_configured(tmp_path):
    _write_build(tmp_path / "dist", tmp_path / "i18n")
    app = make_app(
        f"sqlite:///{tmp_path / 'meta.db'}",
        tmp_path,
        **{
            "workbench.web.dist": str(tmp_path / "dist"),
            "workbench.web.i18n": str(tmp_path / "i18n"),
            "workbench.hsts_max_age": "31536000",
        },
    )
    try:
        headers = TestApp(app).get("/signin").headers
        assert headers["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains"
    finally:
        app.registry["db_engine"].dispose()


def test_not_built_gives_a_plain_page_saying_how_to_build(tmp_path):
    app = make_app(f"sqlite:///{tmp_path / 'meta.db'}", tmp_path, **{"workbench.web.dist": str(tmp_path / "none")})
    try:
        response = TestApp(app).get("/", status=503)
        assert response.content_type == "text/plain"
        assert "make run" in response.text
        assert TestApp(app).get("/api/v1/nope", status=404).json == {"msg": "Not found"}
    finally:
        app.registry["db_engine"].dispose()


@pytest.mark.parametrize(
    ("cookie", "header", "expected"),
    [
        (None, None, "en"),
        (None, "de-DE,de;q=0.9,en;q=0.8", "de"),
        (None, "xx, pt-BR;q=0.5", "pt_BR"),
        (None, "en;q=0.1, ja;q=0.9", "ja"),
        (None, "zh-TW", "zh-Hant"),
        (None, "nb", "no"),
        ("fa", "de", "fa"),
        ("klingon", "tlh, *", "en"),
    ],
)
def test_choose_language(cookie, header, expected):
    supported = ["ar", "de", "en", "fa", "ja", "no", "pt", "pt_BR", "zh-Hans", "zh-Hant"]
    assert choose_language(cookie, header, supported) == expected


def test_plugin_ui_bundles_are_listed_and_served(tmp_path, monkeypatch):
    from types import SimpleNamespace

    from workbench.web import plugins as plugin_ui

    package = tmp_path / "wb_ui_sample"
    (package / "static").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "static" / "index.js").write_text("export default {id: 'sample'}")
    (tmp_path / "wb_ui_plain").mkdir()
    (tmp_path / "wb_ui_plain" / "__init__.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    infos = [
        SimpleNamespace(name="sample", module="wb_ui_sample", enabled=True),
        SimpleNamespace(name="plain", module="wb_ui_plain", enabled=True),
        SimpleNamespace(name="off", module="wb_ui_sample", enabled=False),
        SimpleNamespace(name="gone", module="wb_ui_missing:thing", enabled=True),
    ]
    assert plugin_ui.static_dirs(infos) == {"sample": package / "static"}

    _write_build(tmp_path / "dist", tmp_path / "i18n")
    app = make_app(
        f"sqlite:///{tmp_path / 'meta.db'}",
        tmp_path,
        **{"workbench.web.dist": str(tmp_path / "dist"), "workbench.web.i18n": str(tmp_path / "i18n")},
    )
    try:
        app.registry["plugins"].infos[:] = infos
        web = TestApp(app)
        [bundle] = _state(web.get("/").text)["plugins"]
        assert bundle["id"] == "sample"
        assert re.fullmatch(r"/plugins-ui/sample/index\.js\?v=\d+", bundle["url"])
        response = web.get(bundle["url"])
        assert response.text == "export default {id: 'sample'}"
        assert response.content_type == "text/javascript"
        assert "immutable" in response.headers["Cache-Control"]
        web.get("/plugins-ui/plain/index.js", status=404)
        web.get("/plugins-ui/off/index.js", status=404)
        web.get("/plugins-ui/sample/../__init__.py", status=404)
    finally:
        app.registry["db_engine"].dispose()
