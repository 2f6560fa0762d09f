"""The start of a sign-in at a provider and its return.

``begin`` makes the ``state`` (prefixed with the provider's name: the web app tells which
provider a return belongs to by it), the ``nonce`` and the PKCE verifier (RFC 7636), and
keeps them in a short-lived httpOnly cookie: a JWT signed with a key derived from
``workbench.secret`` for this provider's sign-ins only. ``resume`` checks a returned
``state`` against that cookie. The endpoint that finishes the sign-in clears the cookie:
one sign-in per start.
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import secrets
from dataclasses import dataclass

import jwt
from pyramid.httpexceptions import HTTPFound

from workbench.errors import BadRequest
from workbench.mail.links import site_url
from workbench.meta.base import utcnow
from workbench.settings import as_bool
from workbench.web.base_path import cookie_path

LIFETIME = dt.timedelta(minutes=10)
#: where a provider sends the visitor back (register it with the provider)
RETURN_PAGE = "/signin"
EXPIRED = "This sign-in expired or did not start here; try again"


@dataclass(frozen=True)
class Started:
    state: str
    nonce: str
    verifier: str

    @property
    def challenge(self) -> str:
        """The PKCE challenge of the verifier (S256)."""
        digest = hashlib.sha256(self.verifier.encode()).digest()
        return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def cookie_name(provider: str) -> str:
    return f"wb_{provider}"


def _key(request, provider: str) -> bytes:
    secret = request.registry.settings["workbench.secret"]
    return hashlib.sha256(f"{provider}-sign-in:{secret}".encode()).digest()


def redirect_uri(request) -> str:
    """The address the provider sends the visitor back to: the web app's sign-in page."""
    return (site_url(request) or request.application_url).rstrip("/") + RETURN_PAGE


def begin(request, provider: str) -> tuple[Started, str]:
    """A new start and the cookie value that remembers it."""
    started = Started(
        state=f"{provider}.{secrets.token_urlsafe(24)}",
        nonce=secrets.token_urlsafe(24),
        verifier=secrets.token_urlsafe(48),
    )
    claims = {
        "state": started.state,
        "nonce": started.nonce,
        "verifier": started.verifier,
        "exp": (utcnow() + LIFETIME).replace(tzinfo=dt.UTC),
    }
    return started, jwt.encode(claims, _key(request, provider), algorithm="HS256")


def redirect(request, provider: str, location: str, cookie: str) -> HTTPFound:
    """Send the visitor to the provider, remembering the start in the provider's cookie."""
    response = HTTPFound(location=location)
    response.set_cookie(
        cookie_name(provider),
        cookie,
        max_age=int(LIFETIME.total_seconds()),
        httponly=True,
        secure=as_bool(request.registry.settings["workbench.cookie_secure"]),
        samesite="Lax",
        path=cookie_path(request),
    )
    return response


def resume(request, provider: str, state: str) -> Started:
    """The start a returned ``state`` belongs to; 400 when it is not this browser's, or has
    expired."""
    try:
        claims = jwt.decode(
            request.cookies.get(cookie_name(provider), ""), _key(request, provider), algorithms=["HS256"]
        )
    except jwt.PyJWTError:
        raise BadRequest(EXPIRED) from None
    if not state or not secrets.compare_digest(str(claims.get("state", "")).encode(), state.encode()):
        raise BadRequest(EXPIRED)
    return Started(state=claims["state"], nonce=str(claims.get("nonce", "")), verifier=str(claims.get("verifier", "")))
