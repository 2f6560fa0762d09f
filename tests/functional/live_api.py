"""A small HTTP client for tests against a real server (``workbench.testing.server.live_server``):
JSON calls checked for their status, signing up and in, and a file upload."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
import uuid

PASSWORD = "password-123"


class Api:
    """Calls to `base_url`, signed with `token` when one is given."""

    def __init__(self, base_url: str, token: str | None = None):
        self.base_url = base_url
        self.token = token

    def send(self, method: str, path: str, data: bytes | None, content_type: str, status: int):
        """Send `data` as `content_type`; assert the answer's status and return its JSON body."""
        headers = {"Content-Type": content_type, **({"xc-auth": self.token} if self.token else {})}
        req = urllib.request.Request(self.base_url + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(req, timeout=30) as res:
                code, body = res.status, res.read()
        except urllib.error.HTTPError as exc:
            with exc:
                code, body = exc.code, exc.read()
        assert code == status, body
        return json.loads(body or b"null")

    def call(self, method: str, path: str, body=None, status: int = 200):
        data = None if body is None else json.dumps(body).encode()
        return self.send(method, path, data, "application/json", status)

    def upload(self, path: str, name: str, content: bytes, status: int = 201):
        """POST `content` as the multipart field ``file`` named `name`."""
        boundary = uuid.uuid4().hex
        body = (
            (
                f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{name}"\r\n'
                f"Content-Type: text/csv\r\n\r\n"
            ).encode()
            + content
            + f"\r\n--{boundary}--\r\n".encode()
        )
        return self.send("POST", path, body, f"multipart/form-data; boundary={boundary}", status)

    def signup(self, email: str) -> Api:
        return self._signed_in("signup", email)

    def signin(self, email: str) -> Api:
        return self._signed_in("signin", email)

    def _signed_in(self, action: str, email: str) -> Api:
        token = self.call("POST", f"/api/v1/auth/user/{action}", {"email": email, "password": PASSWORD})["token"]
        return Api(self.base_url, token)
