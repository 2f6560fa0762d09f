"""Provider-shaped servers for the sign-in tests, started on 127.0.0.1: Google's (discovery
document, authorization, token endpoint issuing ID tokens signed with an RSA key made here,
UserInfo, JWKS) and GitHub's (authorization, token endpoint, ``/user`` and
``/user/emails``). Each behaves as its provider does where the app depends on it: a code is
single use and bound to the client, the return address and the PKCE challenge."""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
import threading
import time
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlencode, urljoin, urlsplit

import jwt
import requests
from cryptography.hazmat.primitives.asymmetric import rsa

CLIENT_ID = "workbench-client"
CLIENT_SECRET = "a client secret of the provider-shaped server"


def _rsa_jwk(kid: str):
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    public = json.loads(jwt.algorithms.RSAAlgorithm.to_jwk(key.public_key()))
    return key, {**public, "kid": kid, "use": "sig", "alg": "RS256"}


class ProviderServer:
    """What both kinds share: the account the next sign-in is made as, single-use codes, and
    a browser-less visit of the authorization endpoint."""

    def __init__(self):
        self.account = {"email": "ada@example.com", "verified": True, "name": "Ada Lovelace", "sub": "1"}
        self.codes: dict[str, dict] = {}
        self.tokens: dict[str, dict] = {}
        self.options = {"clock_offset": 0, "forge_jwks": False}
        self.seen: list[str] = []
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"

    def sign_in_as(self, email: str, verified: bool = True, **extra) -> None:
        self.account = {"email": email, "verified": verified, "name": "Ada Lovelace", "sub": email, **extra}

    def visit(self, authorize_url: str) -> dict:
        """Follow the authorization endpoint's redirect back to the app; its query."""
        response = requests.get(authorize_url, allow_redirects=False, timeout=10)
        assert response.status_code == 302, (response.status_code, response.text[:300])
        return {k: v[0] for k, v in parse_qs(urlsplit(response.headers["location"]).query).items()}

    # -- the endpoints

    def authorize(self, query: dict) -> tuple[int, dict, str]:
        if query.get("client_id") != CLIENT_ID or not query.get("redirect_uri"):
            return 400, {}, "unknown client"
        code = secrets.token_urlsafe(16)
        self.codes[code] = {**query, "account": dict(self.account)}
        back = {"code": code, "state": query.get("state", "")}
        return 302, {"location": urljoin(query["redirect_uri"], "?" + urlencode(back))}, ""

    def redeem(self, form: dict) -> dict | None:
        """The grant of a code, once: bound to the client, its secret, the return address
        and (when the start sent one) the PKCE challenge."""
        grant = self.codes.pop(form.get("code", ""), None)
        if grant is None:
            return None
        if form.get("client_id") != CLIENT_ID or form.get("client_secret") != CLIENT_SECRET:
            return None
        if form.get("redirect_uri") != grant["redirect_uri"]:
            return None
        if "code_challenge" in grant:
            verifier = form.get("code_verifier", "")
            digest = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
            if digest != grant["code_challenge"]:
                return None
        access_token = secrets.token_urlsafe(24)
        self.tokens[access_token] = grant
        return grant | {"access_token": access_token}

    def handle(self, method: str, path: str, query: dict, form: dict, headers) -> tuple[int, dict, object]:
        raise NotImplementedError

    def _handler(self):
        provider = self

        class Handler(BaseHTTPRequestHandler):
            def _answer(self, method: str) -> None:
                parts = urlsplit(self.path)
                query = {k: v[0] for k, v in parse_qs(parts.query).items()}
                length = int(self.headers.get("content-length") or 0)
                form = {k: v[0] for k, v in parse_qs(self.rfile.read(length).decode()).items()} if length else {}
                provider.seen.append(f"{method} {parts.path}")
                status, headers, body = provider.handle(method, parts.path, query, form, self.headers)
                data = body.encode() if isinstance(body, str) else json.dumps(body).encode()
                self.send_response(status)
                for name, value in {"content-type": "application/json", **headers}.items():
                    self.send_header(name, value)
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self):
                self._answer("GET")

            def do_POST(self):
                self._answer("POST")

            def log_message(self, *args):
                pass

        return Handler

    def _bearer(self, headers) -> dict | None:
        scheme, _, token = (headers.get("authorization") or "").partition(" ")
        return self.tokens.get(token) if scheme.lower() == "bearer" else None

    @contextmanager
    def running(self):
        thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        thread.start()
        try:
            yield self
        finally:
            self._server.shutdown()
            self._server.server_close()
            thread.join(timeout=10)


class GoogleServer(ProviderServer):
    """Google's OpenID Connect endpoints; the issuer is the server's own address."""

    def __init__(self):
        super().__init__()
        self.key, self.jwk = _rsa_jwk("google-key-1")
        _, self.forged_jwk = _rsa_jwk("google-key-1")

    def settings(self) -> dict:
        return {
            "workbench.google.issuer": self.url,
            "workbench.google.client_id": CLIENT_ID,
            "workbench.google.client_secret": CLIENT_SECRET,
            "workbench.google.allow_http": "true",
        }

    def id_token(self, grant: dict, **changes) -> str:
        now = int(time.time()) + self.options["clock_offset"]
        account = grant["account"]
        claims = {
            "iss": self.url,
            "aud": CLIENT_ID,
            "sub": account["sub"],
            "iat": now,
            "exp": now + 3600,
            "email": account["email"],
            "email_verified": account["verified"],
            "given_name": "Ada",
            "family_name": "Lovelace",
            "nonce": grant.get("nonce"),
            **changes,
        }
        return jwt.encode(claims, self.key, algorithm="RS256", headers={"kid": self.jwk["kid"]})

    def handle(self, method, path, query, form, headers):
        if path == "/.well-known/openid-configuration":
            return (
                200,
                {},
                {
                    "issuer": self.url,
                    "authorization_endpoint": self.url + "/o/oauth2/v2/auth",
                    "token_endpoint": self.url + "/token",
                    "userinfo_endpoint": self.url + "/v1/userinfo",
                    "jwks_uri": self.url + "/oauth2/v3/certs",
                    "id_token_signing_alg_values_supported": ["RS256"],
                },
            )
        if path == "/o/oauth2/v2/auth" and method == "GET":
            return self.authorize(query)
        if path == "/oauth2/v3/certs":
            return 200, {}, {"keys": [self.forged_jwk if self.options["forge_jwks"] else self.jwk]}
        if path == "/token" and method == "POST":
            grant = self.redeem(form)
            if grant is None:
                return 400, {}, {"error": "invalid_grant", "error_description": "Bad Request"}
            return (
                200,
                {},
                {
                    "access_token": grant["access_token"],
                    "token_type": "Bearer",
                    "expires_in": 3599,
                    "id_token": self.id_token(grant),
                },
            )
        if path == "/v1/userinfo":
            grant = self._bearer(headers)
            if grant is None:
                return 401, {}, {"error": "invalid_request"}
            account = grant["account"]
            return 200, {}, {"sub": account["sub"], "email": account["email"], "email_verified": account["verified"]}
        return 404, {}, {"error": "not found"}


class GitHubServer(ProviderServer):
    """GitHub's OAuth endpoints and the two API calls the app makes."""

    def settings(self) -> dict:
        return {
            "workbench.github.authorize_url": self.url + "/login/oauth/authorize",
            "workbench.github.token_url": self.url + "/login/oauth/access_token",
            "workbench.github.api_url": self.url + "/api",
            "workbench.github.client_id": CLIENT_ID,
            "workbench.github.client_secret": CLIENT_SECRET,
            "workbench.github.allow_http": "true",
        }

    def sign_in_as(self, email: str, verified: bool = True, **extra) -> None:
        """``extra_emails``: the account's other addresses (verified, not primary)."""
        super().sign_in_as(email, verified, **extra)

    def handle(self, method, path, query, form, headers):
        if path == "/login/oauth/authorize" and method == "GET":
            return self.authorize(query)
        if path == "/login/oauth/access_token" and method == "POST":
            if "application/json" not in (headers.get("accept") or ""):
                return 200, {"content-type": "application/x-www-form-urlencoded"}, "error=json_not_asked"
            grant = self.redeem(form)
            if grant is None:
                # As GitHub does: 200 with an error.
                return 200, {}, {"error": "bad_verification_code", "error_description": "The code is incorrect."}
            return (
                200,
                {},
                {"access_token": grant["access_token"], "token_type": "bearer", "scope": "read:user,user:email"},
            )
        grant = self._bearer(headers)
        if path.startswith("/api/") and grant is None:
            return 401, {}, {"message": "Bad credentials"}
        if path == "/api/user":
            account = grant["account"]
            return 200, {}, {"login": "ada", "id": 1, "name": account["name"], "email": None}
        if path == "/api/user/emails":
            account = grant["account"]
            emails = [
                {"email": other, "primary": False, "verified": True, "visibility": None}
                for other in account.get("extra_emails", ())
            ]
            emails.append(
                {"email": account["email"], "primary": True, "verified": account["verified"], "visibility": "private"}
            )
            return 200, {}, emails
        return 404, {}, {"message": "Not Found"}


@contextmanager
def google_server():
    with GoogleServer().running() as server:
        yield server


@contextmanager
def github_server():
    with GitHubServer().running() as server:
        yield server
