"""Serving the app under a path prefix behind a proxy (``workbench.base_path``, e.g.
``/workbench``): the WSGI application moves the prefix from ``PATH_INFO`` to
``SCRIPT_NAME``, so routes match as without it and every URL the server makes
(``request.application_url``, the page's asset and bundle addresses, redirects) carries it.

A proxy may pass the prefix on (``location /workbench/ { proxy_pass http://app; }``) or
strip it (``proxy_pass http://app/;``): both work. A base path is a slash followed by
segments of letters, digits, ``.``, ``_``, ``~`` and ``-``; no trailing slash.
"""

from __future__ import annotations

import re

_BASE_PATH = re.compile(r"^(?:/[A-Za-z0-9._~-]+)+$")


class BasePathError(ValueError):
    pass


def normalise_base_path(value) -> str:
    """``""`` for none, else ``/a/b`` (surrounding slashes and spaces tidied)."""
    text = (value or "").strip().rstrip("/")
    if not text:
        return ""
    if not text.startswith("/"):
        text = "/" + text
    if not _BASE_PATH.match(text) or any(part in (".", "..") for part in text.split("/")):
        raise BasePathError(f"workbench.base_path must be a path like /workbench, not {value!r}")
    return text


class BasePathApp:
    """The WSGI application ``app`` served under ``base`` (attributes are ``app``'s)."""

    def __init__(self, app, base: str):
        self.app = app
        self.base = base

    def __getattr__(self, name):
        return getattr(self.app, name)

    def __call__(self, environ, start_response):
        base = self.base
        path = environ.get("PATH_INFO", "")
        script = environ.get("SCRIPT_NAME", "").rstrip("/")
        if path == base or path.startswith(base + "/"):
            environ["SCRIPT_NAME"] = script + base
            environ["PATH_INFO"] = path[len(base) :] or "/"
        elif not script.endswith(base):
            # The proxy took the prefix off: the URLs the server makes still carry it.
            environ["SCRIPT_NAME"] = script + base
        return self.app(environ, start_response)


_SITE_ROOT_ADDRESS = re.compile(r'\b(href|src)="(?:\./|/(?!/))')


def prefixed_html(html: str, base: str) -> str:
    """The page's HTML with its site-root addresses (``href="/..."``, ``src="/..."``, and
    the build's ``./`` ones) under ``base``; other addresses unchanged."""
    return _SITE_ROOT_ADDRESS.sub(lambda m: f'{m.group(1)}="{base}/', html)


def cookie_path(request) -> str:
    """The path the app's cookies are sent for: its base path (``/workbench``), or ``/``."""
    return request.script_name.rstrip("/") or "/"
