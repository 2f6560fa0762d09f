"""Shared bases: the link (role, password, regeneration), the public lookup, and what a
caller with ``xc-shared-base-id`` may reach: its project at its role, nothing else."""

import pytest

from tests.functional.views.conftest import META

pytestmark = pytest.mark.dialects

PUBLIC = "/api/v1/db/public/shared-base"


def shared_url(ctx):
    return f"{META}/projects/{ctx.project['id']}/shared"


def test_share_regenerate_update_delete(ctx):
    url = shared_url(ctx)
    assert ctx.client.get(url, headers=ctx.h).json["uuid"] is None
    first = ctx.client.post_json(url, {}, headers=ctx.h).json
    assert (first["roles"], first["project_id"], first["password_protected"]) == ("viewer", ctx.project["id"], False)
    assert ctx.client.get(f"{PUBLIC}/{first['uuid']}/meta").json["project_id"] == ctx.project["id"]
    assert ctx.client.get(f"/api/v2/public/shared-base/{first['uuid']}/meta").json["project_id"] == ctx.project["id"]
    second = ctx.client.post_json(url, {"roles": "editor"}, headers=ctx.h).json
    assert second["uuid"] != first["uuid"]
    assert second["roles"] == "editor"
    ctx.client.get(f"{PUBLIC}/{first['uuid']}/meta", status=404)  # regenerating kills the old link
    bad = ctx.client.patch_json(url, {"roles": "owner"}, headers=ctx.h, status=400).json
    assert bad["msg"].startswith("roles must be one of")
    assert ctx.client.patch_json(url, {"roles": "viewer"}, headers=ctx.h).json["uuid"] == second["uuid"]
    assert ctx.client.get(url, headers=ctx.h).json["roles"] == "viewer"
    assert ctx.client.delete(url, headers=ctx.h).json == {"msg": "The project is no longer shared"}
    ctx.client.get(f"{PUBLIC}/{second['uuid']}/meta", status=404)
    ctx.client.get(
        f"{META}/projects/{ctx.project['id']}/tables", headers={"xc-shared-base-id": second["uuid"]}, status=401
    )


@pytest.mark.parametrize(("role", "status"), [("creator", 200), ("editor", 403), ("viewer", 403)])
def test_share_base_roles(ctx, role, status):
    h = ctx.member(f"{role}@example.com", role)
    ctx.client.post_json(shared_url(ctx), {}, headers=h, status=status)
    ctx.client.get(shared_url(ctx), headers=h, status=status)
    ctx.client.delete(shared_url(ctx), headers=h, status=status)
    ctx.client.post_json(shared_url(ctx), {}, status=401)


def test_viewer_link_reads_its_project_only(ctx):
    ctx.rows([{"Name": "a", "Secret": "s"}])
    uuid = ctx.client.post_json(shared_url(ctx), {}, headers=ctx.h).json["uuid"]
    sb = {"xc-shared-base-id": uuid}
    c, pid, tid = ctx.client, ctx.project["id"], ctx.table["id"]
    assert c.get(f"{META}/projects/{pid}", headers=sb).json["id"] == pid
    assert [t["id"] for t in c.get(f"{META}/projects/{pid}/tables", headers=sb).json["list"]] == [tid]
    assert c.get(f"{META}/tables/{tid}", headers=sb).json["id"] == tid
    assert c.get(f"/api/v2/tables/{tid}/records", headers=sb).json["list"][0]["Name"] == "a"
    me = c.get("/api/v1/auth/user/me", {"project_id": pid}, headers=sb).json
    assert (me["id"], me["roles"], me["project_id"]) == (None, {"viewer": True}, pid)
    # A viewer changes nothing.
    c.post_json(f"/api/v2/tables/{tid}/records", {"Name": "b"}, headers=sb, status=403)
    c.post_json(f"{META}/tables/{tid}/grids", {"title": "V"}, headers=sb, status=403)
    # Never members, sharing, or the project's settings.
    c.get(f"{META}/projects/{pid}/users", headers=sb, status=403)
    c.patch_json(f"{META}/projects/{pid}", {"title": "Mine"}, headers=sb, status=403)
    c.get(shared_url(ctx), headers=sb, status=403)


def test_editor_link_edits_but_stays_inside(ctx):
    other = ctx.client.create_project(ctx.token, "Other")
    uuid = ctx.client.post_json(shared_url(ctx), {"roles": "editor"}, headers=ctx.h).json["uuid"]
    sb = {"xc-shared-base-id": uuid}
    c, pid, tid = ctx.client, ctx.project["id"], ctx.table["id"]
    assert c.post_json(f"/api/v2/tables/{tid}/records", {"Name": "b"}, headers=sb).json == {"Id": 1}
    view = c.post_json(f"{META}/tables/{tid}/grids", {"title": "V"}, headers=sb).json
    assert view["title"] == "V"
    # An editor link cannot share views, manage members or columns.
    c.post(f"{META}/views/{view['id']}/share", headers=sb, status=403)
    c.post_json(f"{META}/projects/{pid}/users", {"email": "x@example.com", "roles": "viewer"}, headers=sb, status=403)
    c.post_json(f"{META}/tables/{tid}/columns", {"title": "C", "uidt": "Number"}, headers=sb, status=403)
    # Another project, organisation and account routes are out of reach.
    c.get(f"{META}/projects/{other['id']}", headers=sb, status=403)
    c.get(f"{META}/projects/{other['id']}/tables", headers=sb, status=403)
    c.get(f"{META}/projects", headers=sb, status=403)
    c.get("/api/v1/users", headers=sb, status=403)
    c.get("/api/v1/tokens", headers=sb, status=403)
    c.post_json("/api/v1/db/meta/projects", {"title": "New"}, headers=sb, status=403)
    # A user token wins over the header: the user's own rights apply.
    stranger = c.signup("stranger@example.com")
    c.get(f"{META}/projects/{pid}/tables", headers={**sb, "xc-auth": stranger}, status=403)


def test_password_protected_base(ctx):
    uuid = ctx.client.post_json(shared_url(ctx), {"password": "letmein"}, headers=ctx.h).json["uuid"]
    tables = f"{META}/projects/{ctx.project['id']}/tables"
    res = ctx.client.get(tables, headers={"xc-shared-base-id": uuid}, status=403).json
    assert res["msg"] == "INVALID_SHARED_VIEW_PASSWORD"
    ctx.client.get(tables, headers={"xc-shared-base-id": uuid, "xc-password": "wrong"}, status=403)
    ctx.client.get(tables, headers={"xc-shared-base-id": uuid, "xc-password": "letmein"})
    ctx.client.get(f"{PUBLIC}/{uuid}/meta", status=403)
    assert ctx.client.get(f"{PUBLIC}/{uuid}/meta", headers={"xc-password": "letmein"}).json["roles"] == "viewer"
