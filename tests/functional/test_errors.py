"""Every error is JSON ``{msg}`` with the right status, and never a stack trace."""

import json

import pytest

SIGNIN = "/api/v1/auth/user/signin"
PROJECTS = "/api/v1/db/meta/projects"


def assert_error(res, status: int) -> str:
    assert res.status_int == status
    assert res.content_type == "application/json"
    assert set(res.json) == {"msg"}
    assert isinstance(res.json["msg"], str)
    assert res.json["msg"]
    return res.json["msg"]


@pytest.mark.parametrize(
    "body",
    [b'{"email": "a@example.com", "password": ', b"{'email': 1}", b"not json", b"\xff\xfe{}"],
    ids=["truncated", "single-quotes", "text", "bad-utf8"],
)
def test_malformed_json_is_400(client, body):
    res = client.post(SIGNIN, body, content_type="application/json", status=400)
    assert "Invalid JSON body" in assert_error(res, 400)


def test_unknown_charset_is_400(client):
    res = client.post(SIGNIN, b"{}", content_type="application/json; charset=no-such-charset", status=400)
    assert "charset" in assert_error(res, 400)


def test_deeply_nested_json_is_400(client):
    res = client.post(SIGNIN, b"[" * 100_000, content_type="application/json", status=400)
    assert "nested" in assert_error(res, 400)


@pytest.mark.parametrize("body", [[], [1, 2], "text", 3, None, True], ids=repr)
def test_non_object_body_is_400(client, admin, body):
    res = client.post(
        PROJECTS, json.dumps(body), content_type="application/json", headers=client.auth(admin), status=400
    )
    if body is None:
        # JSON null is "no body": the title is missing.
        assert "title" in assert_error(res, 400)
    else:
        assert assert_error(res, 400) == "Request body must be a JSON object"


def test_wrong_types_name_the_fields(client):
    res = client.post_json(SIGNIN, {"email": 5, "password": ["x"]}, status=400)
    msg = assert_error(res, 400)
    assert "email" in msg
    assert "password" in msg


def test_missing_fields_name_the_fields(client):
    msg = assert_error(client.post_json(SIGNIN, {}, status=400), 400)
    assert msg == "email: Field required; password: Field required"


def test_oversized_body_is_413(make_client):
    small = make_client(**{"workbench.max_body_size": "1000"})
    token = small.signup("admin@example.com")
    ok = small.post_json(PROJECTS, {"title": "fits", "description": "x" * 800}, headers=small.auth(token))
    assert ok.json["title"] == "fits"
    res = small.post_json(
        PROJECTS, {"title": "too big", "description": "x" * 1000}, headers=small.auth(token), status=413
    )
    assert "1000" in assert_error(res, 413)
    # Nothing was created.
    titles = [p["title"] for p in small.get(PROJECTS, headers=small.auth(token)).json["list"]]
    assert titles == ["fits"]


def test_oversized_body_is_413_even_unauthenticated(make_client):
    small = make_client(**{"workbench.max_body_size": "1000"})
    res = small.post(SIGNIN, b"x" * 5000, content_type="application/json", status=413)
    assert_error(res, 413)


def test_unknown_api_route_is_404_json(client):
    # (Paths outside /api may be the web client's own routes.)
    for path in ("/api/v1/no/such/route", "/api/v2/meta/nothing", "/api/nothing"):
        assert assert_error(client.get(path, status=404), 404) == "Not found"


def test_wrong_method_is_405_json_with_allow(client):
    res = client.put_json("/api/v1/health", {}, status=405)
    assert "PUT" in assert_error(res, 405)
    assert res.headers["Allow"] == "GET, HEAD"
    res = client.delete(PROJECTS, status=405)
    assert_error(res, 405)
    assert res.headers["Allow"] == "GET, HEAD, POST"


def test_wrong_method_on_project_route_is_405(client, admin):
    project = client.create_project(admin, "P")
    res = client.put_json(f"{PROJECTS}/{project['id']}", {}, headers=client.auth(admin), status=405)
    assert_error(res, 405)
    assert set(res.headers["Allow"].split(", ")) == {"GET", "HEAD", "PATCH", "DELETE"}


def test_head_on_a_get_route_is_fine(client):
    client.head("/api/v1/health", status=200)


def test_unexpected_exception_is_500_json_without_trace(client, monkeypatch, caplog):
    def boom(_dbsession):
        raise RuntimeError("secret internal detail")

    monkeypatch.setattr("workbench.info.views.any_user", boom)
    res = client.get("/api/v1/db/meta/nocodb/info", status=500)
    assert assert_error(res, 500) == "Some internal error occurred"
    assert b"secret internal detail" not in res.body
    assert b"Traceback" not in res.body
    # It is logged for the operator, with the trace.
    assert any(r.exc_info and "secret internal detail" in str(r.exc_info[1]) for r in caplog.records)


def test_unauthenticated_is_401_json(client):
    for path in (PROJECTS, "/api/v1/tokens", "/api/v1/plugins"):
        assert assert_error(client.get(path, status=401), 401) == "Unauthorized"


def test_forbidden_is_403_json(client, admin):
    viewer = client.signup("viewer@example.com")
    me = client.get("/api/v1/auth/user/me", headers=client.auth(viewer)).json
    client.patch_json(f"/api/v1/users/{me['id']}", {"roles": "org-level-viewer"}, headers=client.auth(admin))
    res = client.post_json(PROJECTS, {"title": "No"}, headers=client.auth(viewer), status=403)
    assert_error(res, 403)


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_non_json_number_constants_are_400(client, admin, constant):
    project = client.create_project(admin, "P")
    res = client.patch(
        f"{PROJECTS}/{project['id']}",
        f'{{"order": {constant}}}',
        content_type="application/json",
        headers=client.auth(admin),
        status=400,
    )
    assert "is not a JSON value" in assert_error(res, 400)


@pytest.mark.parametrize(
    "body",
    [
        {"title": "a\u0000b"},
        {"title": "ok", "meta": {"x\u0000": 1}},
        {"title": "ok", "meta": {"theme": {"mode": ["\u0000"]}}},
    ],
)
def test_nul_characters_in_json_text_are_400(client, admin, body):
    res = client.post_json(PROJECTS, body, headers=client.auth(admin), status=400)
    assert assert_error(res, 400) == "Text cannot contain NUL characters"
    assert client.get(PROJECTS, headers=client.auth(admin)).json["list"] == []


def test_an_escaped_backslash_before_u0000_is_plain_text(client, admin):
    assert client.create_project(admin, "a\\u0000b")["title"] == "a\\u0000b"


@pytest.mark.parametrize(
    ("path", "msg"),
    [
        ("/api/v1/db/meta/projects/%ff", "The URL is not valid UTF-8"),
        ("/api/v1/db/meta/projects?offset=%ff", "The URL is not valid UTF-8"),
        ("/api/v1/db/meta/projects/p%00x", "The URL cannot contain NUL characters"),
        ("/api/v1/users?query=%00", "The URL cannot contain NUL characters"),
        ("/api/v1/db/meta/projects?%00=1", "The URL cannot contain NUL characters"),
    ],
)
def test_bad_urls_are_400(client, admin, path, msg):
    client.reset()  # (WebTest's cookie jar cannot handle such URLs)
    assert assert_error(client.get(path, headers=client.auth(admin), status=400), 400) == msg


def test_utf8_in_urls_is_fine(client, admin):
    client.reset()
    res = client.delete("/api/v1/tokens/%C3%A9t%C3%A9", headers=client.auth(admin), status=404)
    assert assert_error(res, 404) == "API token not found"


def test_huge_offset_is_400(client, admin):
    res = client.get(PROJECTS, params={"offset": str(10**20)}, headers=client.auth(admin), status=400)
    assert assert_error(res, 400) == "offset is too large"


def test_a_replayed_request_reads_its_large_body_again(client, admin, monkeypatch):
    """A retryable failure replays the request (pyramid_retry); a body big enough to be
    spooled to a temporary file must still be readable by the next attempt."""
    import transaction.interfaces

    from workbench.projects import services

    real = services.create_project
    attempts = []

    def flaky(request, **kw):
        attempts.append(1)
        if len(attempts) == 1:
            raise transaction.interfaces.TransientError("try again")
        return real(request, **kw)

    monkeypatch.setattr(services, "create_project", flaky)
    description = "d" * 10_000
    meta = {"notes": "n" * 40_000}
    project = client.post_json(
        PROJECTS, {"title": "Again", "description": description, "meta": meta}, headers=client.auth(admin)
    ).json
    assert len(attempts) == 2
    assert project["description"] == description
    assert project["meta"]["notes"] == meta["notes"]
    assert [p["title"] for p in client.get(PROJECTS, headers=client.auth(admin)).json["list"]] == ["Again"]


class CountingInput:
    """A request body that counts what is read of it."""

    def __init__(self, size: int):
        self.left = size
        self.read_bytes = 0

    def read(self, n: int = -1) -> bytes:
        n = self.left if n is None or n < 0 else min(n, self.left)
        self.left -= n
        self.read_bytes += n
        return b" " * n

    def readline(self, n: int = -1) -> bytes:
        return self.read(n)


def test_oversized_body_is_refused_before_it_is_read(client):
    from webob import Request

    body = CountingInput(50 * 1024 * 1024)
    req = Request.blank(SIGNIN, method="POST", environ={"wsgi.input": body, "CONTENT_LENGTH": str(body.left)})
    req.content_type = "application/json"
    res = req.get_response(client.app)
    assert res.status_int == 413
    assert body.read_bytes == 0


def test_chunked_body_is_read_only_up_to_the_limit(make_client):
    from webob import Request

    small = make_client(**{"workbench.max_body_size": "1000"})
    body = CountingInput(1_000_000)
    req = Request.blank(SIGNIN, method="POST", environ={"wsgi.input": body, "wsgi.input_terminated": True})
    req.environ.pop("CONTENT_LENGTH", None)
    res = req.get_response(small.app)
    assert res.status_int == 413
    assert body.read_bytes <= 1001
