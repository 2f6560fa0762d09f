"""Secrets the server must read back (not only compare), kept encrypted in the meta
database: Fernet (AES-128-CBC with HMAC-SHA256) under a key derived with HKDF-SHA256 from
``workbench.secret`` (the environment's ``WORKBENCH_SECRET``) and the secret's purpose, so
each kind of secret has its own key. A copy of the database without the app's secret does
not give them away; a changed ``workbench.secret`` makes them unreadable."""

from __future__ import annotations

import base64
from functools import lru_cache

from cryptography.fernet import Fernet, InvalidToken
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF


@lru_cache(maxsize=16)
def _fernet(app_secret: str, purpose: str) -> Fernet:
    key = HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=f"workbench:{purpose}".encode()).derive(
        app_secret.encode()
    )
    return Fernet(base64.urlsafe_b64encode(key))


def seal(app_secret: str, purpose: str, plaintext: str) -> str:
    return _fernet(app_secret, purpose).encrypt(plaintext.encode()).decode()


def unseal(app_secret: str, purpose: str, sealed: str | None) -> str | None:
    """The plaintext, or None when ``sealed`` is empty or was not sealed with this key."""
    if not sealed:
        return None
    try:
        return _fernet(app_secret, purpose).decrypt(sealed.encode()).decode()
    except (InvalidToken, ValueError):
        return None
