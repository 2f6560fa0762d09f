"""The HTTP server (workbench.serve) over a real socket: request headers as the handler
parses them, keep-alive, chunked bodies and the limits on header lines."""

from __future__ import annotations

import json
import socket

import pytest

from workbench.testing.server import live_server


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with live_server(tmp_path_factory.mktemp("serving")) as base_url:
        yield int(base_url.rsplit(":", 1)[1])


def _exchange(port: int, raw: bytes, responses: int = 1) -> list[tuple[int, dict, bytes]]:
    """Send ``raw`` on one connection and read ``responses`` HTTP responses."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(raw)
        reader = sock.makefile("rb")
        out = []
        for _ in range(responses):
            status = int(reader.readline().split()[1])
            headers = {}
            while (line := reader.readline()) not in (b"\r\n", b""):
                name, _, value = line.decode("latin-1").partition(":")
                headers[name.strip().lower()] = value.strip()
            body = reader.read(int(headers.get("content-length", 0)))
            out.append((status, headers, body))
        return out


def test_keep_alive_requests_with_mixed_case_headers(server):
    request = b"GET /api/v1/health HTTP/1.1\r\nHOST: x\r\naccept: application/json\r\n\r\n"
    results = _exchange(server, request * 3, responses=3)
    assert [status for status, _, _ in results] == [200, 200, 200]
    assert all(json.loads(body) for _, _, body in results)


def test_json_body_with_content_length_reaches_the_app(server):
    body = json.dumps({"email": "nobody@example.com", "password": "wrong-password-1"}).encode()
    request = (
        b"POST /api/v1/auth/user/signin HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body
    )
    [(status, headers, payload)] = _exchange(server, request)
    # The app read the whole body: an unknown user, not a JSON parse error.
    assert status == 400
    assert headers["content-type"].startswith("application/json")
    assert json.loads(payload) == {"msg": "Email or password is incorrect"}


def test_chunked_body_ignores_a_content_length(server):
    body = json.dumps({"email": "nobody@example.com", "password": "wrong-password-1"}).encode()
    chunked = hex(len(body))[2:].encode() + b"\r\n" + body + b"\r\n0\r\n\r\n"
    request = (
        b"POST /api/v1/auth/user/signin HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n" + chunked
    )
    [(status, _, payload)] = _exchange(server, request)
    # Read as chunked (a 3-byte body would be a JSON parse error).
    assert (status, json.loads(payload)) == (400, {"msg": "Email or password is incorrect"})


def test_folded_header_lines_are_accepted(server):
    request = b"GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Long: first\r\n  second\r\n\r\n"
    [(status, _, _)] = _exchange(server, request)
    assert status == 200


@pytest.mark.parametrize(
    "headers",
    [
        b"X-Big: " + b"a" * 70_000 + b"\r\n",
        b"".join(b"X-H%d: v\r\n" % i for i in range(101)),
        b"no colon on this line\r\n",
        b"Content-Length : 5\r\n",
        b": no name\r\n",
    ],
    ids=["line too long", "too many headers", "no colon", "space before colon", "no name"],
)
def test_malformed_headers_are_refused_with_400(server, headers):
    request = b"GET /api/v1/health HTTP/1.1\r\nHost: x\r\n" + headers + b"\r\n"
    with socket.create_connection(("127.0.0.1", server), timeout=10) as sock:
        sock.sendall(request)
        first = sock.makefile("rb").readline()
    assert first.split()[1] == b"400"


def test_a_hundred_headers_are_still_fine(server):
    headers = b"".join(b"X-H%d: v\r\n" % i for i in range(98))
    [(status, _, _)] = _exchange(server, b"GET /api/v1/health HTTP/1.1\r\nHost: x\r\n" + headers + b"\r\n")
    assert status == 200
