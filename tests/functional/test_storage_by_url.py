"""Upload by URL: files fetched from a local HTTP server, which is only reachable when the
settings allow its network ("ip not allowed" otherwise)."""

from __future__ import annotations

import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import ClassVar

import pytest

BY_URL = "/api/v1/db/storage/upload-by-url"
BY_URL_V2 = "/api/v2/storage/upload-by-url"
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64


class Handler(BaseHTTPRequestHandler):
    routes: ClassVar[dict] = {
        "/logo.png": (200, "image/png", PNG),
        "/report": (200, "application/pdf", b"%PDF-1.4\n..."),
        "/big.bin": (200, "application/octet-stream", b"\x00" * 5000),
    }

    def do_GET(self):
        if self.path == "/to-metadata":
            self.send_response(302)
            self.send_header("Location", "http://169.254.169.254/latest/meta-data/")
            self.end_headers()
            return
        if self.path == "/to-logo":
            self.send_response(301)
            self.send_header("Location", "/logo.png")
            self.end_headers()
            return
        if self.path == "/slow":
            self.send_response(200)
            self.send_header("Content-Length", "100")
            self.end_headers()
            for _ in range(100):
                self.wfile.write(b"x")
                self.wfile.flush()
                time.sleep(0.05)
            return
        status, ctype, body = self.routes.get(self.path, (404, "text/plain", b"nope"))
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def server():
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()
    thread.join()


def by_url(client, token, project, items, status=200, url=BY_URL):
    return client.post_json(f"{url}?project_id={project['id']}", items, headers=client.auth(token), status=status).json


@pytest.fixture
def allowed(make_client):
    client = make_client(
        **{
            "workbench.attachments.url_allowed_networks": "127.0.0.1/32",
            "workbench.attachments.url_timeout": "1",
            "workbench.attachments.max_size": "4096",
        }
    )
    client.signup("admin@example.com")
    owner = client.signup("owner@example.com")
    return client, owner, client.create_project(owner, "Fetched")


def test_local_addresses_are_refused_by_default(client, admin, server):
    project = client.create_project(admin, "P")
    res = by_url(client, admin, project, [{"url": f"{server}/logo.png"}], status=400)
    assert res == {"msg": "127.0.0.1: ip not allowed"}
    res = by_url(client, admin, project, [{"url": "http://localhost:1/x"}], status=400)
    assert res == {"msg": "localhost: ip not allowed"}


def test_fetch_from_an_allowed_network(allowed, server):
    client, owner, project = allowed
    items = by_url(
        client,
        owner,
        project,
        [
            {"url": f"{server}/logo.png"},
            {"url": f"{server}/report", "fileName": "Q3 report.pdf"},
            {"url": f"{server}/to-logo", "fileName": "same.png", "mimetype": "image/png"},
        ],
        url=BY_URL_V2,
    )
    assert [(i["title"], i["mimetype"], i["size"]) for i in items] == [
        ("logo.png", "image/png", len(PNG)),
        ("Q3 report.pdf", "application/pdf", 12),
        ("same.png", "image/png", len(PNG)),
    ]
    assert client.get("/" + items[0]["path"], headers=client.auth(owner)).body == PNG


def test_redirect_to_a_private_address_is_refused(allowed, server):
    client, owner, project = allowed
    res = by_url(client, owner, project, [{"url": f"{server}/to-metadata"}], status=400)
    assert res == {"msg": "169.254.169.254: ip not allowed"}


def test_fetch_limits_and_failures(allowed, server):
    client, owner, project = allowed
    res = by_url(client, owner, project, [{"url": f"{server}/big.bin"}], status=413)
    assert res == {"msg": "File too large: the limit is 4096 bytes"}
    assert by_url(client, owner, project, [{"url": f"{server}/missing"}], status=400)["msg"].endswith("HTTP 404")
    started = time.monotonic()
    res = by_url(client, owner, project, [{"url": f"{server}/slow"}], status=400)
    assert time.monotonic() - started < 3
    assert res["msg"] in {"Fetching the file took too long", f"Fetching '{server}/slow' failed: TimeoutError"}
    res = by_url(client, owner, project, [{"url": "file:///etc/passwd"}], status=400)
    assert res["msg"].startswith("Only http and https URLs can be fetched")
    res = by_url(client, owner, project, [{"url": "ftp://127.0.0.1/x"}], status=400)
    assert res["msg"].startswith("Only http and https URLs can be fetched")


@pytest.mark.parametrize("body", [[], {"url": "http://x"}, [{"fileName": "a"}], [{"url": 5}], "nope"])
def test_body_is_validated(client, admin, body):
    project = client.create_project(admin, "P")
    assert by_url(client, admin, project, body, status=400)["msg"]


def test_viewers_cannot_upload_by_url(client, admin, server):
    project = client.create_project(admin, "P")
    viewer = client.signup("viewer@example.com")
    client.post_json(
        f"/api/v1/db/meta/projects/{project['id']}/users",
        {"email": "viewer@example.com", "roles": "viewer"},
        headers=client.auth(admin),
    )
    by_url(client, viewer, project, [{"url": f"{server}/logo.png"}], status=403)
