"""An OpenID Provider for the single sign-on tests: the oidc-provider package (a certified
implementation) started with node on 127.0.0.1 (tests/clients/oidc/provider.mjs), and a
browser-less visitor that follows its redirects back to the app's return address."""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import parse_qs, urljoin, urlsplit

import pytest
import requests

HERE = Path(__file__).resolve().parents[1] / "clients" / "oidc"
CLIENT_ID = "workbench"
CLIENT_SECRET = "a client secret long enough for the provider"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class IdentityProvider:
    def __init__(self, issuer: str):
        self.issuer = issuer

    def _post(self, path: str, body: dict) -> None:
        request = urllib.request.Request(
            self.issuer + path, data=json.dumps(body).encode(), headers={"content-type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            response.read()

    def account(self, email: str, verified: bool = True, sub: str | None = None) -> None:
        """The account the next sign-in at the provider is made as."""
        self._post("/_test/account", {"sub": sub or email, "email": email, "email_verified": verified})

    def options(self, **options) -> None:
        self._post("/_test/options", options)

    def settings(self) -> dict:
        return {
            "workbench.oidc.issuer": self.issuer,
            "workbench.oidc.client_id": CLIENT_ID,
            "workbench.oidc.client_secret": CLIENT_SECRET,
            "workbench.oidc.allow_http": "true",
        }

    def visit(self, authorize_url: str, return_url: str) -> dict:
        """Follow the provider's redirects (signing in without a form) until it sends the
        visitor back to ``return_url``; its query (``code``, ``state``, ...)."""
        url = authorize_url
        with requests.Session() as session:
            for _ in range(20):
                with session.get(url, allow_redirects=False, timeout=10) as response:
                    assert response.status_code in (302, 303), (response.status_code, response.text[:500])
                    url = urljoin(url, response.headers["location"])
                if url.startswith(return_url):
                    return {k: v[0] for k, v in parse_qs(urlsplit(url).query).items()}
        raise AssertionError("the provider never sent the visitor back")


@contextmanager
def identity_provider(redirect_uri: str):
    node = shutil.which("node")
    if node is None or not (HERE / "node_modules" / "oidc-provider").exists():
        pytest.fail("the OpenID Provider is not installed: make tests/clients/oidc/node_modules/.installed")
    port = _free_port()
    process = subprocess.Popen(
        [node, str(HERE / "provider.mjs"), str(port), CLIENT_ID, CLIENT_SECRET, redirect_uri],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        line = process.stdout.readline()
        assert line.startswith("ready"), line
        yield IdentityProvider(f"http://127.0.0.1:{port}")
    finally:
        process.terminate()
        process.wait(timeout=10)
        process.stdout.close()
