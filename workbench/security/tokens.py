"""Access tokens (JWT), refresh tokens and API tokens.

Access tokens are JWTs signed with ``workbench.secret`` through pyramid-jwt, short
lived (``workbench.jwt.expiration`` seconds; one without ``exp`` is refused), carrying the user id as a string ``sub``
and the user's ``token_version`` (bumped on password change and on sign-out, killing old
tokens at once in every process: the version is read from the meta database on every request).
Refresh and API tokens are random; only their SHA-256 is stored.
"""

import hashlib
import logging
import secrets
import time

import jwt
from pyramid_jwt import JWTAuthenticationPolicy

from workbench.lru import LRU

API_TOKEN_PREFIX = "wbt_"  # noqa: S105 (a prefix, not a secret)
JWT_ALGORITHM = "HS256"
log = logging.getLogger(__name__)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_refresh_token() -> str:
    return secrets.token_hex(40)


def new_api_token() -> str:
    return API_TOKEN_PREFIX + secrets.token_urlsafe(30)


def looks_like_jwt(token: str) -> bool:
    return token.count(".") == 2 and not token.startswith(API_TOKEN_PREFIX)


class ClaimsCache:
    """Verified claims by token string, so a client sending the same JWT on every request
    pays for one signature check, not one per request.

    Bounded (least recently used out first) and brief (``ttl`` seconds); a hit still
    honours the token's ``exp`` and ``nbf``. Only the signature check is saved: the
    caller's ``token_version`` and ``blocked`` are read from the database on every
    request, so a password change or a block still refuses old tokens at once."""

    def __init__(self, size: int = 1024, ttl: float = 60.0):
        self.ttl = ttl
        self._items: LRU[str, tuple[float, dict]] = LRU(size)

    def get(self, token: str) -> dict | None:
        now = time.time()
        item = self._items.get(token)
        if item is None:
            return None
        checked_at, claims = item
        exp, nbf = claims.get("exp"), claims.get("nbf")
        if now - checked_at > self.ttl or (exp is not None and exp <= now) or (nbf is not None and nbf > now):
            self._items.pop(token)
            return None
        return dict(claims)

    def put(self, token: str, claims: dict) -> None:
        self._items.put(token, (time.time(), dict(claims)))

    def clear(self) -> None:
        self._items.clear()


class JWTCodec:
    """Reads JWTs from ``xc-auth``, ``Authorization: JWT`` and ``Authorization: Bearer``
    (tried in that order), and writes them (with pyramid-jwt's token format)."""

    def __init__(self, secret: str, expiration: int):
        self.expiration = expiration
        self._secret = secret
        self._writer = JWTAuthenticationPolicy(
            secret, algorithm=JWT_ALGORITHM, expiration=expiration, http_header="xc-auth", auth_type=None
        )
        self.cache = ClaimsCache()

    def create(self, user_id: str, **claims) -> str:
        return self._writer.create_token(str(user_id), **claims)

    def claims(self, request) -> dict:
        headers = request.headers
        candidates = [headers.get("xc-auth")]
        scheme, _, token = headers.get("Authorization", "").partition(" ")
        token = token.strip()
        if scheme in ("JWT", "Bearer") and looks_like_jwt(token):
            candidates.append(token)
        for token in candidates:
            if token:
                claims = self.decode(token)
                if claims.get("sub"):
                    return claims
        return {}

    def decode(self, token: str) -> dict:
        """Claims of a raw token (the websocket may send it in a message), or ``{}``."""
        claims = self.cache.get(token)
        if claims is not None:
            return claims
        try:
            # A token that never expires is refused, however it was signed.
            claims = jwt.decode(token, self._secret, algorithms=[JWT_ALGORITHM], options={"require": ["exp", "sub"]})
        except jwt.InvalidTokenError as exc:
            log.info("Invalid JWT: %s", exc)
            return {}
        if claims.get("sub"):
            self.cache.put(token, claims)
        return claims
