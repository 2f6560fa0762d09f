"""Views of the web app: hashed assets and the HTML page of every app route."""

import json
import mimetypes
import re

from pyramid.response import FileResponse, Response
from pyramid.security import NO_PERMISSION_REQUIRED
from pyramid.view import notfound_view_config, view_config

from workbench.plugins.catalogue import catalogue
from workbench.settings import as_bool
from workbench.web import plugins as plugin_ui
from workbench.web.assets import LANG_COOKIE, choose_language, direction
from workbench.web.base_path import prefixed_html
from workbench.web.headers import new_nonce, page_headers
from workbench.web.session_hint import SESSION_HINT, session_hint

DEFAULT_THEME = {"primaryColor": "#4351E8", "accentColor": "#FF4A8D"}
YEAR = 365 * 24 * 3600

# Paths that belong to the API and the server, never to the app: they keep the JSON 404.
NOT_APP_PATHS = r"^/(?!(?:api|ws|auth|assets|plugins-ui|download|dltemp)(?:/|$))"
_SAFE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")

NOT_BUILT = """The Workbench web app has not been built yet.

Run `make run` in the repository: it installs the frontend's packages, builds it and starts
the server. (The API under /api/ works without it.)
"""


@view_config(route_name="web.assets", request_method=("GET", "HEAD"), permission=NO_PERMISSION_REQUIRED)
def asset(request):
    """A file of ``dist/assets``: names carry a content hash, so they never change."""
    web = request.registry["web_assets"]
    parts = request.matchdict["subpath"]
    if len(parts) != 1 or not _SAFE_NAME.match(parts[0]):
        return _plain_not_found()
    path = web.assets_dir / parts[0]
    if not path.is_file():
        return _plain_not_found()
    response = FileResponse(str(path), request=request, content_type=_content_type(path.name))
    response.cache_control = f"public, max-age={YEAR}, immutable"
    return response


@view_config(route_name="web.plugin_ui", request_method=("GET", "HEAD"), permission=NO_PERMISSION_REQUIRED)
def plugin_asset(request):
    """A file of an enabled plugin's UI bundle (``<plugin package>/static``)."""
    folder = plugin_ui.static_dirs(request.registry["plugins"].infos).get(request.matchdict["plugin"])
    parts = request.matchdict["subpath"]
    if folder is None or not parts or not all(_SAFE_NAME.match(p) for p in parts):
        return _plain_not_found()
    path = folder.joinpath(*parts)
    if not path.is_file():
        return _plain_not_found()
    response = FileResponse(str(path), request=request, content_type=_content_type(path.name))
    # The manifest's URLs carry the bundle's version; other files are revalidated.
    response.cache_control = f"public, max-age={YEAR}, immutable" if request.params.get("v") else "no-cache"
    return response


@notfound_view_config(request_method=("GET", "HEAD"), path_info=NOT_APP_PATHS)
def app_page(request):
    """The app's HTML page for ``request.path``: prerendered shell plus initial state."""
    web = request.registry["web_assets"]
    build = web.build()
    if build is None:
        response = Response(NOT_BUILT, status=503, content_type="text/plain", charset="utf-8")
        response.cache_control = "no-store"
        return response
    static = _root_file(web, request.path_info)
    if static is not None:
        response = FileResponse(str(static), request=request, content_type=_content_type(static.name))
        response.cache_control = "public, max-age=3600"
        return response

    lang = choose_language(request.cookies.get(LANG_COOKIE), request.headers.get("Accept-Language"), build.langs)
    index, known = build.match(request.path_info)
    bundles = plugin_ui.bundle_entries(request.registry["plugins"].infos)
    state = {
        "appInfo": _app_info(request),
        "lang": lang,
        "messages": web.messages(lang),
        "theme": dict(DEFAULT_THEME),
        "plugins": plugin_ui.bundles(request, bundles),
        # The path the app is served under ("" at the site's root): routes, API calls,
        # bundles and the websocket go under it.
        "basePath": request.script_name,
    }
    if as_bool(request.registry.settings.get("workbench.plugins.watch")):
        state["pluginsWatch"] = True
    # The page is the same for every visitor: the catalogue's public part (docs/catalogue.md),
    # serialised once per language.
    encoded = catalogue(request.registry).encoded(lang, bundles, _script_json)
    state_json = f'{_script_json(state)[:-1]},"catalogue":{encoded}}}'
    nonce = new_nonce()
    script = (
        f'<script nonce="{nonce}">{session_hint(request.script_name) if request.script_name else SESSION_HINT}</script>'
        f'<script nonce="{nonce}">window.__WB_STATE__={state_json};</script>'
    )
    base = request.script_name
    shell = build.shell(lang, index)
    html = (
        prefixed_html(build.template, base)
        .replace("<!--app-lang-->", lang.replace("_", "-"), 1)
        .replace("<!--app-dir-->", direction(lang), 1)
        .replace("<!--app-state-->", script, 1)
        .replace("<!--ssr-outlet-->", prefixed_html(shell, base) if base else shell, 1)
    )
    response = Response(html, status=200 if known else 404, content_type="text/html", charset="utf-8")
    response.headers.update(page_headers(request.registry.settings, request.path_info, nonce))
    response.cache_control = "no-cache"
    response.vary = ("Accept-Language", "Cookie")
    return response


def _app_info(request):
    from workbench.info.views import app_info

    return app_info(request)


def _script_json(value) -> str:
    """JSON safe inside a <script> element."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return (
        text.replace("<", "\\u003c")
        .replace(">", "\\u003e")
        .replace("&", "\\u0026")
        .replace("\u2028", "\\u2028")
        .replace("\u2029", "\\u2029")
    )


def _root_file(web, path_info: str):
    """A top-level file of dist (favicon and the like), never the template or a folder."""
    name = path_info.lstrip("/")
    if "/" in name or not _SAFE_NAME.match(name or "-") or name in ("index.html",) or name.startswith("."):
        return None
    path = web.dist / name
    return path if path.is_file() else None


def _content_type(name: str) -> str:
    if name.endswith(".js"):
        return "text/javascript"
    return mimetypes.guess_type(name)[0] or "application/octet-stream"


def _plain_not_found():
    from workbench.errors import json_error

    return json_error(None, 404, "Not found")
