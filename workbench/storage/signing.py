"""Signed, expiring download links for stored files, so an ``<img src>`` or a plain link
works without the caller's token.

A file object read through the records API carries ``signedPath``
(``api/v1/db/storage/dltemp/<expires>/<signature>/<key>``, relative to the site root like ``path``); the
``storage.signed`` route serves it to anyone holding it until ``expires`` (Unix time). The
signature is an HMAC-SHA256 of the expiry and the key, with a key derived from
``workbench.secret``, so a link cannot be forged, stretched or pointed at another file.
Links live ``workbench.attachments.signed_url_ttl`` seconds (default 7200) plus at most
``BUCKET`` seconds: expiries are rounded up to a bucket so a page read twice gives the same
links and browsers can cache the images. A backend that signs its own URLs (object stores)
gives ``signedUrl`` instead.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import math
import time

from workbench.storage import keys

SIGNED_PREFIX = "api/v1/db/storage/dltemp/"
DEFAULT_TTL = 7200
BUCKET = 600


class InvalidSignature(ValueError):
    """The link was tampered with or has expired (the message says which)."""


class Signer:
    def __init__(self, secret: str, ttl: int = DEFAULT_TTL, clock=time.time):
        self._key = hmac.new(secret.encode(), b"workbench attachment links", hashlib.sha256).digest()
        self.ttl = ttl
        self.clock = clock

    @classmethod
    def from_settings(cls, settings: dict) -> Signer:
        ttl = int(settings.get("workbench.attachments.signed_url_ttl") or DEFAULT_TTL)
        if ttl <= 0:
            raise ValueError("workbench.attachments.signed_url_ttl must be a positive number of seconds")
        return cls(settings["workbench.secret"], ttl)

    def expiry(self) -> int:
        return math.ceil((self.clock() + self.ttl) / BUCKET) * BUCKET

    def signature(self, key: str, expires: int) -> str:
        digest = hmac.new(self._key, f"{expires}/{key}".encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()

    def signed_path(self, key: keys.Key, expires: int | None = None) -> str:
        expires = self.expiry() if expires is None else expires
        return f"{SIGNED_PREFIX}{expires}/{self.signature(str(key), expires)}/{key}"

    def check(self, key: keys.Key, expires: str, signature: str) -> None:
        """Raise ``InvalidSignature`` unless ``signature`` signs ``key`` until ``expires``
        and that time has not passed."""
        if not expires.isdigit() or len(expires) > 12:
            raise InvalidSignature("Invalid download link")
        expected = self.signature(str(key), int(expires))
        if not hmac.compare_digest(expected.encode(), signature.encode()):
            raise InvalidSignature("Invalid download link")
        if int(expires) < self.clock():
            raise InvalidSignature("This download link has expired")
