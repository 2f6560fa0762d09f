"""Sharing views: create the link, password (hashed) and options, remove it, list a
table's shared views; roles."""

import pytest
import sqlalchemy as sa

from tests.functional.views.conftest import META
from workbench.tables.models import View

pytestmark = pytest.mark.dialects


def test_share_update_unshare(ctx):
    view = ctx.create("grids", {"title": "Public"})
    url = f"{META}/views/{view['id']}/share"
    shared = ctx.client.post(url, headers=ctx.h).json
    uuid = shared["uuid"]
    assert len(uuid) == 36
    assert shared["password_protected"] is False
    assert ctx.client.post(url, headers=ctx.h).json["uuid"] == uuid  # sharing again keeps the link
    res = ctx.client.patch_json(url, {"password": "s3cret", "meta": {"allowCSVDownload": True}}, headers=ctx.h).json
    assert res["password_protected"] is True
    assert res["password"] is None
    assert res["meta"]["allowCSVDownload"] is True
    with ctx.client.app.registry["db_engine"].connect() as conn:
        stored = conn.execute(sa.select(View.password_hash).where(View.id == view["id"])).scalar_one()
    assert stored.startswith("$argon2id$")
    assert "s3cret" not in stored
    listed = ctx.client.get(f"{META}/tables/{ctx.table['id']}/share", headers=ctx.h).json["list"]
    assert [(v["id"], v["uuid"]) for v in listed] == [(view["id"], uuid)]
    assert ctx.client.get(f"{META}/tables/{ctx.table['id']}", headers=ctx.h).json["views"][1]["uuid"] == uuid
    bad = ctx.client.patch_json(url, {"password": 42}, headers=ctx.h, status=400).json
    assert bad["msg"].startswith("password")
    assert ctx.client.patch_json(url, {"password": ""}, headers=ctx.h).json["password_protected"] is False
    assert ctx.client.delete(url, headers=ctx.h).json == {"msg": "The view is no longer shared"}
    assert ctx.client.get(f"{META}/tables/{ctx.table['id']}/share", headers=ctx.h).json["list"] == []
    ctx.client.get(f"/api/v1/db/public/shared-view/{uuid}/meta", status=404)
    # Sharing after removal gives a new link.
    again = ctx.client.post(f"/api/v2/meta/views/{view['id']}/share", headers=ctx.h).json["uuid"]
    assert again != uuid
    # PATCH on a view that is not shared is refused.
    other = ctx.create("grids", {"title": "Other"})
    res = ctx.client.patch_json(f"{META}/views/{other['id']}/share", {"password": "x"}, headers=ctx.h, status=400)
    assert res.json == {"msg": "The view is not shared"}


@pytest.mark.parametrize(("role", "allowed"), [("editor", True), ("commenter", False), ("viewer", False)])
def test_share_roles(ctx, role, allowed):
    h = ctx.member(f"{role}@example.com", role)
    url = f"{META}/views/{ctx.default_view['id']}/share"
    status = 200 if allowed else 403
    ctx.client.post(url, headers=h, status=status)
    ctx.client.patch_json(url, {"meta": {"allowCSVDownload": True}}, headers=h, status=200 if allowed else 403)
    ctx.client.get(f"{META}/tables/{ctx.table['id']}/share", headers=h, status=status)
    ctx.client.delete(url, headers=h, status=status)
    ctx.client.post(url, status=401)


def test_share_notifies_meta_listeners(ctx, monkeypatch):
    from workbench.plugins import notify

    seen = []
    monkeypatch.setattr(
        notify, "meta_changed", lambda request, kind, action, obj: seen.append((kind, action, obj["uuid"]))
    )
    uuid = ctx.client.post(f"{META}/views/{ctx.default_view['id']}/share", headers=ctx.h).json["uuid"]
    assert seen == [("view", "update", uuid)]
