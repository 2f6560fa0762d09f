"""The authorization code flow with PKCE (RFC 7636), ``state`` and ``nonce``.

``authorize`` keeps the state, nonce and code verifier in a short-lived httpOnly cookie
(a JWT signed with a key derived from ``workbench.secret`` for this use only) and sends the
visitor to the provider. The provider returns to the web app's sign-in page with ``code``
and ``state``; the app posts them to ``genTokenByCode``, which checks the state against the
cookie, exchanges the code (with the verifier and the client secret), verifies the ID token
and clears the cookie: one sign-in per start.
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import secrets
from urllib.parse import urlencode

import jwt

from workbench.plugin_api import BadRequest, site_url, utcnow

from . import discovery
from .config import OidcSettings

COOKIE = "wb_oidc"
PURPOSE = "oidc-sign-in"
LIFETIME = dt.timedelta(minutes=10)
#: where the provider sends the visitor back (register it with the provider)
RETURN_PAGE = "/signin"
STATE_PREFIX = "oidc."
EXPIRED = "This sign-in expired or did not start here; try again"
REFUSED = "The identity provider refused this sign-in; try again"
BAD_TOKEN = "The identity provider's answer could not be verified"  # noqa: S105 (a message)


def _key(request) -> bytes:
    secret = request.registry.settings["workbench.secret"]
    return hashlib.sha256(f"{PURPOSE}:{secret}".encode()).digest()


def redirect_uri(request) -> str:
    return (site_url(request) or request.application_url).rstrip("/") + RETURN_PAGE


def authorize_url(request, conf: OidcSettings) -> tuple[str, str]:
    """The provider's address to send the visitor to, and the cookie that remembers it."""
    doc = discovery.document(conf.issuer, conf.allow_http)
    # The web app tells which provider a return belongs to by the state's prefix.
    state = STATE_PREFIX + secrets.token_urlsafe(24)
    nonce = secrets.token_urlsafe(24)
    verifier = secrets.token_urlsafe(48)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    query = urlencode(
        {
            "response_type": "code",
            "client_id": conf.client_id,
            "redirect_uri": redirect_uri(request),
            "scope": conf.scope,
            "state": state,
            "nonce": nonce,
            "code_challenge": challenge,
            "code_challenge_method": "S256",
        }
    )
    claims = {"state": state, "nonce": nonce, "verifier": verifier, "exp": (utcnow() + LIFETIME).replace(tzinfo=dt.UTC)}
    cookie = jwt.encode(claims, _key(request), algorithm="HS256")
    return f"{doc['authorization_endpoint']}?{query}", cookie


def _started(request, state: str) -> dict:
    try:
        claims = jwt.decode(request.cookies.get(COOKIE, ""), _key(request), algorithms=["HS256"])
    except jwt.PyJWTError:
        raise BadRequest(EXPIRED) from None
    if not state or not secrets.compare_digest(str(claims.get("state", "")), state):
        raise BadRequest(EXPIRED)
    return claims


def _token_request(doc: dict, conf: OidcSettings, request, code: str, verifier: str) -> dict:
    body = urlencode(
        {
            "grant_type": "authorization_code",
            "code": code,
            "redirect_uri": redirect_uri(request),
            "client_id": conf.client_id,
            "client_secret": conf.client_secret,
            "code_verifier": verifier,
        }
    ).encode()
    tokens = discovery.fetch_json(
        doc["token_endpoint"],
        conf.allow_http,
        data=body,
        headers={"content-type": "application/x-www-form-urlencoded"},
        refused=REFUSED,
    )
    return tokens if isinstance(tokens, dict) else {}


def verify_id_token(doc: dict, conf: OidcSettings, id_token: str, nonce: str) -> dict:
    try:
        header = jwt.get_unverified_header(id_token)
        algorithms = [a for a in doc.get("id_token_signing_alg_values_supported", ["RS256"]) if a != "none"]
        if header.get("alg") not in algorithms or header.get("alg", "").startswith("HS"):
            raise BadRequest(BAD_TOKEN)
        key = discovery.signing_key(doc, header.get("kid"), conf.allow_http)
        if key is None:
            raise BadRequest(BAD_TOKEN)
        claims = jwt.decode(
            id_token,
            key,
            algorithms=[header["alg"]],
            audience=conf.client_id,
            issuer=doc["issuer"],
            leeway=conf.leeway,
            options={"require": ["iss", "aud", "exp", "iat", "sub"]},
        )
    except jwt.ExpiredSignatureError:
        raise BadRequest("The identity provider's answer has expired; try again") from None
    except jwt.PyJWTError:
        raise BadRequest(BAD_TOKEN) from None
    if not secrets.compare_digest(str(claims.get("nonce", "")), nonce):
        raise BadRequest(BAD_TOKEN)
    return claims


def exchange(request, conf: OidcSettings, code: str, state: str) -> dict:
    """The verified ID token's claims for the returned ``code`` and ``state``."""
    started = _started(request, state)
    if not code:
        raise BadRequest(REFUSED)
    doc = discovery.document(conf.issuer, conf.allow_http)
    tokens = _token_request(doc, conf, request, code, started["verifier"])
    if not isinstance(tokens.get("id_token"), str):
        raise BadRequest(BAD_TOKEN)
    claims = verify_id_token(doc, conf, tokens["id_token"], started["nonce"])
    if "email" not in claims and doc.get("userinfo_endpoint") and tokens.get("access_token"):
        claims = {**_userinfo(doc, conf, tokens["access_token"], claims["sub"]), **claims}
    return claims


def _userinfo(doc: dict, conf: OidcSettings, access_token: str, sub: str) -> dict:
    """The profile claims (e-mail address, names) a provider gives at its UserInfo endpoint
    rather than in the ID token; they must be about the ID token's subject."""
    info = discovery.fetch_json(
        doc["userinfo_endpoint"],
        conf.allow_http,
        headers={"authorization": f"Bearer {access_token}"},
        refused=REFUSED,
    )
    if not isinstance(info, dict) or info.get("sub") != sub:
        raise BadRequest(BAD_TOKEN)
    keys = ("email", "email_verified", "given_name", "family_name")
    return {k: info[k] for k in keys if k in info}
