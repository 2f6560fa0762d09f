"""OpenID Connect: the provider's discovery document and signing keys (fetched and kept for
a while; keys again at once when a token names a key not yet known: the provider rotated
them), the ID token's checks, and the authorization code exchange.
"""

from __future__ import annotations

import secrets
import threading
import time
from urllib.parse import urlencode

import jwt

from workbench.accounts.sso.fetch import REFUSED, UNREACHABLE, fetch_json
from workbench.accounts.sso.settings import ProviderSettings
from workbench.accounts.sso.start import Started, redirect_uri
from workbench.errors import BadRequest

CACHE_SECONDS = 3600
BAD_TOKEN = "The identity provider's answer could not be verified"  # noqa: S105 (a message)
EXPIRED_TOKEN = "The identity provider's answer has expired; try again"  # noqa: S105 (a message)

_lock = threading.Lock()
_documents: dict[str, tuple[float, dict]] = {}
_keys: dict[str, tuple[float, dict]] = {}


def document(issuer: str, allow_http: bool) -> dict:
    """The issuer's discovery document (``{issuer}/.well-known/openid-configuration``)."""
    with _lock:
        cached = _documents.get(issuer)
    if cached and cached[0] > time.monotonic():
        return cached[1]
    doc = fetch_json(issuer + "/.well-known/openid-configuration", allow_http)
    # The document must be the issuer's own (OpenID Connect Discovery, section 4.3).
    if not isinstance(doc, dict) or str(doc.get("issuer", "")).rstrip("/") != issuer:
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
            found = fetch_json(url, allow_http)
            cached = (time.monotonic() + CACHE_SECONDS, found if isinstance(found, dict) else {})
            with _lock:
                _keys[url] = cached
        keys = [k for k in cached[1].get("keys", []) if isinstance(k, dict) and k.get("use", "sig") == "sig"]
        match = [k for k in keys if kid is None or k.get("kid") == kid]
        if match:
            try:
                return jwt.PyJWK(match[0]).key
            except jwt.PyJWTError:
                return None
    return None


def forget() -> None:
    """Drop what is cached (tests; a changed configuration)."""
    with _lock:
        _documents.clear()
        _keys.clear()


def authorize_url(request, conf: ProviderSettings, started: Started) -> str:
    """The provider's address to send the visitor to (code flow with PKCE, state, nonce)."""
    doc = document(conf.url("issuer"), conf.allow_http)
    query = urlencode(
        {
            "response_type": "code",
            "client_id": conf.client_id,
            "redirect_uri": redirect_uri(request),
            "scope": conf.scope,
            "state": started.state,
            "nonce": started.nonce,
            "code_challenge": started.challenge,
            "code_challenge_method": "S256",
        }
    )
    return f"{doc['authorization_endpoint']}?{query}"


def token_request(request, conf: ProviderSettings, url: str, code: str, started: Started) -> dict:
    """Exchange ``code`` (with the PKCE verifier and the client's secret) at ``url``."""
    body = urlencode(
        {
            "grant_type": "authorization_code",
            "code": code,
            "redirect_uri": redirect_uri(request),
            "client_id": conf.client_id,
            "client_secret": conf.client_secret,
            "code_verifier": started.verifier,
        }
    ).encode()
    tokens = fetch_json(
        url,
        conf.allow_http,
        data=body,
        headers={"content-type": "application/x-www-form-urlencoded"},
        refused=REFUSED,
    )
    return tokens if isinstance(tokens, dict) else {}


def verify_id_token(doc: dict, conf: ProviderSettings, id_token: str, nonce: str, issuers=()) -> dict:
    """The claims of ``id_token`` once its signature (an asymmetric algorithm, a key of the
    provider's JWKS), issuer (the document's, or one of ``issuers``), audience (the client
    id), times and nonce are right."""
    try:
        header = jwt.get_unverified_header(id_token)
        algorithms = [a for a in doc.get("id_token_signing_alg_values_supported", ["RS256"]) if a != "none"]
        alg = str(header.get("alg", ""))
        if alg not in algorithms or alg.startswith("HS"):
            raise BadRequest(BAD_TOKEN)
        key = signing_key(doc, header.get("kid"), conf.allow_http)
        if key is None:
            raise BadRequest(BAD_TOKEN)
        claims = jwt.decode(
            id_token,
            key,
            algorithms=[alg],
            audience=conf.client_id,
            issuer=[doc["issuer"], *issuers],
            leeway=conf.leeway,
            options={"require": ["iss", "aud", "exp", "iat", "sub"]},
        )
    except jwt.ExpiredSignatureError:
        raise BadRequest(EXPIRED_TOKEN) from None
    except jwt.PyJWTError:
        raise BadRequest(BAD_TOKEN) from None
    if not nonce or not secrets.compare_digest(str(claims.get("nonce", "")).encode(), nonce.encode()):
        raise BadRequest(BAD_TOKEN)
    return claims


def exchange(request, conf: ProviderSettings, code: str, started: Started, issuers=()) -> dict:
    """The verified ID token's claims for the returned ``code``, completed with the e-mail
    address and names of the UserInfo endpoint when the token does not carry them."""
    doc = document(conf.url("issuer"), conf.allow_http)
    tokens = token_request(request, conf, doc["token_endpoint"], code, started)
    if not isinstance(tokens.get("id_token"), str):
        raise BadRequest(BAD_TOKEN)
    claims = verify_id_token(doc, conf, tokens["id_token"], started.nonce, issuers)
    if "email" not in claims and doc.get("userinfo_endpoint") and tokens.get("access_token"):
        claims = {**_userinfo(doc, conf, tokens["access_token"], claims["sub"]), **claims}
    return claims


def _userinfo(doc: dict, conf: ProviderSettings, access_token: str, sub: str) -> dict:
    """The profile claims a provider gives at its UserInfo endpoint rather than in the ID
    token; they must be about the ID token's subject."""
    info = fetch_json(
        doc["userinfo_endpoint"],
        conf.allow_http,
        headers={"authorization": f"Bearer {access_token}"},
        refused=REFUSED,
    )
    if not isinstance(info, dict) or info.get("sub") != sub:
        raise BadRequest(BAD_TOKEN)
    keys = ("email", "email_verified", "given_name", "family_name")
    return {k: info[k] for k in keys if k in info}


def identity(claims: dict) -> dict:
    """The account's e-mail address, whether the provider verified it, and names."""
    return {
        "email": claims.get("email", ""),
        "verified": claims.get("email_verified") is True,
        "firstname": claims.get("given_name"),
        "lastname": claims.get("family_name"),
    }


def exchanged_identity(request, conf: ProviderSettings, code: str, started: Started, issuers=()) -> dict:
    """The identity the provider vouches for with the returned ``code`` (``exchange``, then
    ``identity``): an OpenID Connect provider's ``exchange`` for ``add_views``."""
    return identity(exchange(request, conf, code, started, issuers))
