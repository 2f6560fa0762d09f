"""Access tokens (JWT), refresh tokens and API tokens.

Access tokens are JWTs signed with ``workbench.secret`` through pyramid-jwt, short
lived (``workbench.jwt.expiration`` seconds), carrying the user id as a string ``sub``
and the user's ``token_version`` (bumped on password change, killing old tokens).
Refresh and API tokens are random; only their SHA-256 is stored.
"""

import hashlib
import secrets

import jwt
from pyramid_jwt import JWTAuthenticationPolicy

API_TOKEN_PREFIX = "wbt_"  # noqa: S105 (a prefix, not a secret)
JWT_ALGORITHM = "HS256"


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_refresh_token() -> str:
    return secrets.token_hex(40)


def new_api_token() -> str:
    return API_TOKEN_PREFIX + secrets.token_urlsafe(30)


def looks_like_jwt(token: str) -> bool:
    return token.count(".") == 2 and not token.startswith(API_TOKEN_PREFIX)


class JWTCodec:
    """Reads JWTs from ``xc-auth``, ``Authorization: JWT`` and ``Authorization: Bearer``.

    pyramid-jwt's policy reads one header each; one reader per accepted header.
    """

    def __init__(self, secret: str, expiration: int):
        self.expiration = expiration
        self._secret = secret
        make = lambda header, auth_type: JWTAuthenticationPolicy(  # noqa: E731
            secret, algorithm=JWT_ALGORITHM, expiration=expiration, http_header=header, auth_type=auth_type
        )
        self._writer = make("xc-auth", None)
        self._readers = [make("xc-auth", None), make("Authorization", "JWT"), make("Authorization", "Bearer")]

    def create(self, user_id: str, **claims) -> str:
        return self._writer.create_token(str(user_id), **claims)

    def claims(self, request) -> dict:
        for reader in self._readers:
            if reader.http_header == "Authorization":
                auth = request.headers.get("Authorization", "")
                scheme, _, token = auth.partition(" ")
                if scheme != reader.auth_type or not looks_like_jwt(token.strip()):
                    continue
            claims = reader.get_claims(request)
            if claims.get("sub"):
                return claims
        return {}

    def decode(self, token: str) -> dict:
        """Claims of a raw token (the websocket may send it in a message), or ``{}``."""
        try:
            return jwt.decode(token, self._secret, algorithms=[JWT_ALGORITHM])
        except jwt.InvalidTokenError:
            return {}
