"""Wrong passwords of shared views and shared bases are limited per link and per client
address: past 10 within 15 minutes, 429, even for the right password."""

from tests.functional.views.conftest import META

PUBLIC = "/api/v1/db/public/shared-view"
PUBLIC_BASE = "/api/v1/db/public/shared-base"
A, B = {"REMOTE_ADDR": "192.0.2.1"}, {"REMOTE_ADDR": "192.0.2.2"}


def shared_view(ctx, password):
    view = ctx.default_view
    uuid = ctx.client.post(f"{META}/views/{view['id']}/share", headers=ctx.h).json["uuid"]
    ctx.client.patch_json(f"{META}/views/{view['id']}/share", {"password": password}, headers=ctx.h)
    return uuid


def test_shared_view_passwords(ctx):
    uuid = shared_view(ctx, "open sesame")
    rows = f"{PUBLIC}/{uuid}/rows"
    # Right passwords never count.
    for _ in range(15):
        ctx.client.get(rows, headers={"xc-password": "open sesame"}, extra_environ=A)
    for _ in range(10):
        res = ctx.client.get(rows, headers={"xc-password": "guess"}, extra_environ=A, status=403)
        assert res.json["msg"] == "INVALID_SHARED_VIEW_PASSWORD"
    res = ctx.client.get(rows, headers={"xc-password": "open sesame"}, extra_environ=A, status=429)
    assert res.json["msg"] == "Too many wrong passwords for this shared link; try again in 15 minutes"
    assert res.headers["Retry-After"] == "900"
    ctx.client.get(f"{PUBLIC}/{uuid}/meta", headers={"xc-password": "open sesame"}, extra_environ=A, status=429)
    # Another client of the same link, and the view's members, are not held up.
    ctx.client.get(rows, headers={"xc-password": "open sesame"}, extra_environ=B)
    ctx.client.get(f"/api/v2/tables/{ctx.table['id']}/records", headers=ctx.h, extra_environ=A)


def test_no_password_sent_is_not_a_guess(ctx):
    uuid = shared_view(ctx, "open sesame")
    for _ in range(20):
        ctx.client.get(f"{PUBLIC}/{uuid}/rows", extra_environ=A, status=403)
    ctx.client.get(f"{PUBLIC}/{uuid}/rows", headers={"xc-password": "open sesame"}, extra_environ=A)


def test_shared_base_passwords(ctx):
    project_id = ctx.project["id"]
    uuid = ctx.client.post_json(f"{META}/projects/{project_id}/shared", {"password": "letmein"}, headers=ctx.h).json[
        "uuid"
    ]
    tables = f"{META}/projects/{project_id}/tables"
    for _ in range(5):  # through the public meta path
        ctx.client.get(f"{PUBLIC_BASE}/{uuid}/meta", headers={"xc-password": "nope"}, extra_environ=A, status=403)
    for _ in range(5):  # and as a shared base's caller
        headers = {"xc-shared-base-id": uuid, "xc-password": "nope"}
        ctx.client.get(tables, headers=headers, extra_environ=A, status=403)
    right = {"xc-shared-base-id": uuid, "xc-password": "letmein"}
    res = ctx.client.get(tables, headers=right, extra_environ=A, status=429)
    assert res.json["msg"].startswith("Too many wrong passwords for this shared link")
    assert int(res.headers["Retry-After"]) == 900
    ctx.client.get(f"{PUBLIC_BASE}/{uuid}/meta", headers={"xc-password": "letmein"}, extra_environ=A, status=429)
    ctx.client.get(tables, headers=right, extra_environ=B)
