"""API tokens (``xc-token`` and ``Authorization: Bearer``) and the super admin's endpoints."""

import datetime as dt

import pytest
import sqlalchemy as sa

from tests.common import accounts, db
from workbench.accounts.models import ApiToken, User
from workbench.meta.base import utcnow
from workbench.testing.client import DEFAULT_PASSWORD

TOKENS = "/api/v1/tokens"
USERS = "/api/v1/users"
SETTINGS = "/api/v1/app-settings"


def new_token(client, jwt, description="script"):
    return client.post_json(TOKENS, {"description": description}, headers=client.auth(jwt)).json


def whoami(client, headers, status=200):
    return client.get("/api/v1/auth/user/me", headers=headers, status=status).json


def test_create_and_use_an_api_token(client, admin):
    created = new_token(client, admin, "nightly export")
    assert created["id"].startswith("tk_")
    assert created["description"] == "nightly export"
    token = created["token"]
    assert token.startswith("wbt_")
    assert len(token) > 30
    # Only its hash is stored.
    stored = db.execute(client.app, sa.select(ApiToken.token_hash))
    assert token not in {row.token_hash for row in stored}
    for headers in ({"xc-token": token}, {"Authorization": f"Bearer {token}"}):
        assert whoami(client, headers)["email"] == "admin@example.com"
        client.get("/api/v1/db/meta/projects", headers=headers)


def test_api_token_acts_with_the_users_roles(client, admin):
    project, tokens = accounts.team(client, admin)
    viewer_api = new_token(client, tokens["viewer"])["token"]
    headers = {"xc-token": viewer_api}
    client.get(f"/api/v1/db/meta/projects/{project['id']}", headers=headers)
    client.patch_json(f"/api/v1/db/meta/projects/{project['id']}", {"title": "No"}, headers=headers, status=403)
    owner_api = new_token(client, tokens["owner"])["token"]
    client.patch_json(
        f"/api/v1/db/meta/projects/{project['id']}", {"title": "Yes"}, headers={"Authorization": f"Bearer {owner_api}"}
    )


def test_last_used_is_recorded_at_most_once_a_minute(client, admin):
    created = new_token(client, admin)
    assert created["last_used_at"] is None
    client.get(TOKENS, headers={"xc-token": created["token"]})
    listed = client.get(TOKENS, headers=client.auth(admin)).json["list"]
    assert listed[0]["last_used_at"] is not None

    def used_at(when):
        db.execute(client.app, sa.update(ApiToken).values(last_used_at=when))
        client.get(TOKENS, headers={"xc-token": created["token"]})
        return db.scalar(client.app, sa.select(ApiToken.last_used_at))

    recent = (utcnow() - dt.timedelta(seconds=10)).replace(microsecond=0)
    assert used_at(recent) == recent  # left alone
    old = dt.datetime(2020, 1, 1)
    assert used_at(old) > recent  # refreshed


def test_listing_never_shows_the_full_token(client, admin):
    first = new_token(client, admin, "one")
    second = new_token(client, admin, "two")
    res = client.get(TOKENS, headers=client.auth(admin))
    body = res.json
    # (Tokens made in the same second tie on MariaDB, whose DATETIME keeps no fraction.)
    assert sorted(t["description"] for t in body["list"]) == ["one", "two"]
    assert body["pageInfo"]["totalRows"] == 2
    for created in (first, second):
        assert created["token"] not in res.text
    for item in body["list"]:
        assert item["token"].startswith("wbt_")
        assert item["token"].endswith("…")
        assert len(item["token"]) <= 12
    assert {t["id"] for t in body["list"]} == {first["id"], second["id"]}


def test_listing_shows_only_my_tokens(client, admin):
    new_token(client, admin, "admin's")
    other = client.signup("other@example.com")
    assert client.get(TOKENS, headers=client.auth(other)).json["list"] == []
    new_token(client, other, "other's")
    assert [t["description"] for t in client.get(TOKENS, headers=client.auth(other)).json["list"]] == ["other's"]


def test_delete_by_id_and_by_token(client, admin):
    by_id = new_token(client, admin)
    by_value = new_token(client, admin)
    res = client.delete(f"{TOKENS}/{by_id['id']}", headers=client.auth(admin))
    assert res.json == {"msg": "Token deleted successfully"}
    assert whoami(client, {"xc-token": by_id["token"]})["roles"] == {"guest": True}
    client.get(TOKENS, headers={"xc-token": by_id["token"]}, status=401)
    client.delete(f"{TOKENS}/{by_value['token']}", headers=client.auth(admin))
    client.get(TOKENS, headers={"Authorization": f"Bearer {by_value['token']}"}, status=401)
    assert client.get(TOKENS, headers=client.auth(admin)).json["list"] == []
    client.delete(f"{TOKENS}/{by_id['id']}", headers=client.auth(admin), status=404)


def test_another_users_token_is_not_deletable(client, admin):
    mine = new_token(client, admin)
    other = client.signup("other@example.com")
    for key in (mine["id"], mine["token"]):
        res = client.delete(f"{TOKENS}/{key}", headers=client.auth(other), status=404)
        assert res.json == {"msg": "API token not found"}
    client.get(TOKENS, headers={"xc-token": mine["token"]})


def test_token_can_manage_tokens_and_delete_itself(client, admin):
    created = new_token(client, admin)
    headers = {"xc-token": created["token"]}
    extra = client.post_json(TOKENS, {"description": "made by a token"}, headers=headers).json
    client.delete(f"{TOKENS}/{extra['id']}", headers=headers)
    client.delete(f"{TOKENS}/{created['id']}", headers=headers)
    client.get(TOKENS, headers=headers, status=401)


@pytest.mark.parametrize(
    "headers",
    [
        {"xc-token": "wbt_not-a-real-token"},
        {"xc-token": "anything"},
        {"Authorization": "Bearer wbt_not-a-real-token"},
        {"Authorization": "Bearer"},
        {"Authorization": "Bearer not-a-jwt"},
    ],
    ids=["xc-token", "xc-token-no-prefix", "bearer", "bearer-empty", "bearer-garbage"],
)
def test_unknown_tokens_are_refused(client, admin, headers):
    assert client.get(TOKENS, headers=headers, status=401).json == {"msg": "Unauthorized"}


def test_blocked_users_api_tokens_stop_working(client, admin):
    other = client.signup("other@example.com")
    token = new_token(client, other)["token"]
    client.patch_json(f"{USERS}/{accounts.user_id(client, other)}", {"blocked": True}, headers=client.auth(admin))
    client.get(TOKENS, headers={"xc-token": token}, status=401)


def test_token_body_validation(client, admin):
    res = client.post_json(TOKENS, {"description": "x" * 256}, headers=client.auth(admin), status=400)
    assert res.json["msg"].startswith("description: ")
    res = client.post_json(TOKENS, {"description": 5}, headers=client.auth(admin), status=400)
    assert res.json["msg"].startswith("description: ")
    # No body at all is fine: the description is optional.
    assert client.post(TOKENS, headers=client.auth(admin)).json["description"] is None


def test_tokens_need_sign_in(client):
    client.get(TOKENS, status=401)
    client.post_json(TOKENS, {}, status=401)
    client.delete(f"{TOKENS}/tk_x", status=401)


def test_v2_paths(client, admin):
    created = client.post_json("/api/v2/tokens", {"description": "v2"}, headers=client.auth(admin)).json
    assert [t["id"] for t in client.get("/api/v2/tokens", headers=client.auth(admin)).json["list"]] == [created["id"]]
    client.delete(f"/api/v2/tokens/{created['id']}", headers=client.auth(admin))


@pytest.mark.parametrize("prefix", ["/api/v1/db/meta/projects", "/api/v2/meta/bases"])
def test_nocodb_project_paths_manage_the_same_tokens(client, admin, prefix):
    project = client.create_project(admin, "Shop")
    tokens = f"{prefix}/{project['id']}/api-tokens"
    created = client.post_json(tokens, {"description": "sdk"}, headers=client.auth(admin)).json
    assert created["token"].startswith("wbt_")
    assert whoami(client, {"xc-token": created["token"]})["email"] == "admin@example.com"
    listed = client.get(tokens, headers=client.auth(admin)).json["list"]
    assert [t["id"] for t in listed] == [created["id"]]
    assert [t["id"] for t in client.get(TOKENS, headers=client.auth(admin)).json["list"]] == [created["id"]]
    client.delete(f"{tokens}/{created['id']}", headers=client.auth(admin))
    client.get("/api/v1/db/meta/projects", headers={"xc-token": created["token"]}, status=401)


def test_project_token_paths_are_for_the_projects_members(client, admin):
    project = client.create_project(admin, "Shop")
    stranger = client.signup("stranger@example.com")
    tokens = f"/api/v1/db/meta/projects/{project['id']}/api-tokens"
    client.post_json(tokens, {"description": "x"}, headers=client.auth(stranger), status=403)
    client.get(tokens, headers=client.auth(stranger), status=403)
    client.post_json(tokens, {"description": "x"}, status=401)


# -- app settings and organisation users (super admin) -------------------------------------


def test_app_settings_are_for_the_super_admin(client, admin):
    other = client.signup("other@example.com")
    client.get(SETTINGS, headers=client.auth(other), status=403)
    client.post_json(SETTINGS, {"invite_only_signup": True}, headers=client.auth(other), status=403)
    client.get(SETTINGS, status=401)
    assert client.get(SETTINGS, headers=client.auth(admin)).json["invite_only_signup"] is False


def test_app_settings_validation(client, admin):
    res = client.post_json(SETTINGS, {"signup_role": "super"}, headers=client.auth(admin), status=400)
    assert res.json["msg"].startswith("signup_role: ")
    res = client.post_json(SETTINGS, {"invite_only_signup": "maybe"}, headers=client.auth(admin), status=400)
    assert res.json["msg"].startswith("invite_only_signup: ")
    both = client.post_json(
        SETTINGS, {"invite_only_signup": True, "signup_role": "org-level-viewer"}, headers=client.auth(admin)
    ).json
    assert both == {"invite_only_signup": True, "signup_role": "org-level-viewer", "require_two_factor": False}
    assert client.get(SETTINGS, headers=client.auth(admin)).json == both


def test_org_users_list_and_search(client, admin):
    for name in ("ann", "bob", "cid"):
        client.signup(f"{name}@example.com")
    res = client.get(USERS, headers=client.auth(admin)).json
    assert {u["email"] for u in res["list"]} == {f"{n}@example.com" for n in ("admin", "ann", "bob", "cid")}
    assert res["pageInfo"]["totalRows"] == 4
    page = client.get(USERS, params={"limit": 2, "offset": 2}, headers=client.auth(admin)).json
    assert len(page["list"]) == 2
    assert page["pageInfo"] == {"totalRows": 4, "page": 2, "pageSize": 2, "isFirstPage": False, "isLastPage": True}
    found = client.get(USERS, params={"query": "BOB"}, headers=client.auth(admin)).json["list"]
    assert [u["email"] for u in found] == ["bob@example.com"]
    # LIKE wildcards are taken literally.
    assert client.get(USERS, params={"query": "%"}, headers=client.auth(admin)).json["list"] == []


def test_org_users_are_for_the_super_admin(client, admin):
    other = client.signup("other@example.com")
    uid = accounts.user_id(client, other)
    client.get(USERS, headers=client.auth(other), status=403)
    client.post_json(USERS, {"email": "x@example.com"}, headers=client.auth(other), status=403)
    client.patch_json(f"{USERS}/{uid}", {"roles": "org-level-viewer"}, headers=client.auth(other), status=403)
    client.delete(f"{USERS}/{uid}", headers=client.auth(other), status=403)


def test_org_invite_update_and_delete(client, admin):
    res = client.post_json(
        USERS, {"email": "Invited@Example.com", "roles": "org-level-creator"}, headers=client.auth(admin)
    ).json
    assert res["email"] == "invited@example.com"
    assert "invite_token" not in res  # mailed to the address only
    listed = {u["email"]: u for u in client.get(USERS, headers=client.auth(admin)).json["list"]}
    assert listed["invited@example.com"]["invite_pending"] is True
    assert listed["invited@example.com"]["roles"] == {"org-level-creator": True}
    again = client.post_json(USERS, {"email": "invited@example.com"}, headers=client.auth(admin), status=400)
    assert again.json == {"msg": "User already exists"}

    token = client.signup("invited@example.com", token=client.outbox.link_token("invited@example.com", "signup"))
    updated = client.patch_json(f"{USERS}/{res['id']}", {"roles": "org-level-viewer"}, headers=client.auth(admin))
    assert updated.json["roles"] == {"org-level-viewer": True}
    client.post_json("/api/v1/db/meta/projects", {"title": "No"}, headers=client.auth(token), status=403)

    deleted = client.delete(f"{USERS}/{res['id']}", headers=client.auth(admin))
    assert deleted.json == {"msg": "The user has been deleted successfully"}
    assert db.count(client.app, User, User.email == "invited@example.com") == 0
    client.get(TOKENS, headers=client.auth(token), status=401)


def test_org_user_body_validation(client, admin):
    res = client.post_json(USERS, {"email": "nope"}, headers=client.auth(admin), status=400)
    assert res.json["msg"].startswith("email: ")
    res = client.post_json(USERS, {"email": "a@example.com", "roles": "super"}, headers=client.auth(admin), status=400)
    assert res.json["msg"].startswith("roles: ")
    other = accounts.user_id(client, client.signup("other@example.com"))
    res = client.patch_json(f"{USERS}/{other}", {"roles": "owner"}, headers=client.auth(admin), status=400)
    assert res.json["msg"].startswith("roles: ")
    res = client.patch_json(f"{USERS}/{other}", {"blocked": "sometimes"}, headers=client.auth(admin), status=400)
    assert res.json["msg"].startswith("blocked: ")


def test_super_admin_cannot_be_changed_or_deleted(client, admin):
    uid = accounts.user_id(client, admin)
    client.patch_json(f"{USERS}/{uid}", {"blocked": True}, headers=client.auth(admin), status=400)
    client.delete(f"{USERS}/{uid}", headers=client.auth(admin), status=400)
    client.get(TOKENS, headers=client.auth(admin))


def test_unknown_org_user_is_404(client, admin):
    client.patch_json(f"{USERS}/us_nobody", {"blocked": True}, headers=client.auth(admin), status=404)
    client.delete(f"{USERS}/us_nobody", headers=client.auth(admin), status=404)


def test_unblocking_lets_the_user_back_in(client, admin):
    other = client.signup("other@example.com")
    uid = accounts.user_id(client, other)
    client.patch_json(f"{USERS}/{uid}", {"blocked": True}, headers=client.auth(admin))
    client.patch_json(f"{USERS}/{uid}", {"blocked": False}, headers=client.auth(admin))
    client.get(TOKENS, headers=client.auth(other), status=401)  # blocking ended its sessions
    client.post_json("/api/v1/auth/user/signin", {"email": "other@example.com", "password": DEFAULT_PASSWORD})
