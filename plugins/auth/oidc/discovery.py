"""The provider's discovery document and signing keys, fetched over HTTP and kept for a
while (keys again at once when a token names a key not yet known: the provider rotated)."""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request
from urllib.parse import urlsplit

import jwt

from workbench.plugin_api import BadRequest

CACHE_SECONDS = 3600
TIMEOUT = 10
UNREACHABLE = "The identity provider cannot be reached; try again later"

_lock = threading.Lock()
_documents: dict[str, tuple[float, dict]] = {}
_keys: dict[str, tuple[float, dict]] = {}


def allowed_url(url: str, allow_http: bool) -> bool:
    scheme = urlsplit(url).scheme
    return scheme == "https" or (allow_http and scheme == "http")


def fetch_json(url: str, allow_http: bool, *, data: bytes | None = None, headers=None, refused: str = UNREACHABLE):
    """GET (or, with ``data``, POST) ``url`` and read its JSON answer; an error status is
    ``refused``, no answer is ``UNREACHABLE``."""
    if not allowed_url(url, allow_http):
        raise BadRequest(UNREACHABLE)
    request = urllib.request.Request(url, data=data, headers={"accept": "application/json", **(headers or {})})  # noqa: S310 (scheme checked above)
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:  # noqa: S310 (scheme checked above)
            return json.loads(response.read())
    except urllib.error.HTTPError as error:
        error.close()
        raise BadRequest(refused) from None
    except (OSError, ValueError):
        raise BadRequest(UNREACHABLE) from None


def document(issuer: str, allow_http: bool) -> dict:
    with _lock:
        cached = _documents.get(issuer)
    if cached and cached[0] > time.monotonic():
        return cached[1]
    doc = fetch_json(issuer + "/.well-known/openid-configuration", allow_http)
    # The document must be the issuer's own (OpenID Connect Discovery, section 4.3).
    if doc.get("issuer", "").rstrip("/") != issuer:
        raise BadRequest(UNREACHABLE)
    with _lock:
        _documents[issuer] = (time.monotonic() + CACHE_SECONDS, doc)
    return doc


def signing_key(doc: dict, kid: str | None, allow_http: bool):
    """The public key named ``kid`` in the provider's JWKS (fetched again once if unknown)."""
    url = doc["jwks_uri"]
    for fresh in (False, True):
        with _lock:
            cached = _keys.get(url)
        if fresh or not cached or cached[0] <= time.monotonic():
            cached = (time.monotonic() + CACHE_SECONDS, fetch_json(url, allow_http))
            with _lock:
                _keys[url] = cached
        keys = [k for k in cached[1].get("keys", []) if k.get("use", "sig") == "sig"]
        match = [k for k in keys if kid is None or k.get("kid") == kid]
        if match:
            return jwt.PyJWK(match[0]).key
    return None


def forget() -> None:
    """Drop what is cached (tests; a changed configuration)."""
    with _lock:
        _documents.clear()
        _keys.clear()
