"""Security headers of the app's HTML pages.

- A Content-Security-Policy: scripts only from the site itself plus the page's inline
  initial state, which carries a nonce new on every response; styles from the site (and
  inline style attributes, which the component library sets); images also from ``data:``,
  ``blob:`` and any web address (attachments may be external links); connections to the
  site and its websocket; no plugins (``object-src 'none'``).
- Framing: no page may be framed by another site, except the shared views and forms,
  which people embed in their own pages (``frame-ancestors *``); ``X-Frame-Options:
  DENY`` says the same to browsers without CSP level 2.
- ``Referrer-Policy: same-origin``: addresses of the app never leave it in a Referer.
- ``Strict-Transport-Security`` when ``workbench.hsts_max_age`` (seconds) is set, as
  production.ini does: browsers then reach the site only over HTTPS.
"""

from __future__ import annotations

import re
import secrets

#: the public shared views and forms (``/{type}/form/{id}``, ``.../view/{id}``, with a survey)
EMBEDDABLE = re.compile(r"^/[^/]+/(?:form|view|gallery|kanban|calendar)/[^/]+(?:/survey)?/?$")


def new_nonce() -> str:
    return secrets.token_urlsafe(16)


def content_security_policy(nonce: str, embeddable: bool) -> str:
    return "; ".join(
        (
            "default-src 'self'",
            f"script-src 'self' 'nonce-{nonce}'",
            "style-src 'self' 'unsafe-inline'",
            "img-src 'self' data: blob: https: http:",
            "font-src 'self' data:",
            "connect-src 'self' ws: wss:",
            "object-src 'none'",
            "base-uri 'self'",
            "form-action 'self'",
            f"frame-ancestors {'*' if embeddable else chr(39) + 'none' + chr(39)}",
        )
    )


def page_headers(settings: dict, path: str, nonce: str) -> dict[str, str]:
    """The security headers of the HTML page at ``path``."""
    embeddable = bool(EMBEDDABLE.match(path))
    headers = {
        "Content-Security-Policy": content_security_policy(nonce, embeddable),
        "Referrer-Policy": "same-origin",
        "X-Content-Type-Options": "nosniff",
    }
    if not embeddable:
        headers["X-Frame-Options"] = "DENY"
    max_age = int(settings.get("workbench.hsts_max_age") or 0)
    if max_age > 0:
        headers["Strict-Transport-Security"] = f"max-age={max_age}; includeSubDomains"
    return headers
