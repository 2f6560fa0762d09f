"""Project members: list, add (existing users or invitations), change role, remove, and
the rank and last-owner rules."""

import pytest
import sqlalchemy as sa

from tests.common import accounts, db
from workbench.projects.models import ProjectMember
from workbench.testing.mail import mail_settings, memory_mail_plugin

PROJECTS = "/api/v1/db/meta/projects"


def users_url(project, user_id=None, v2=False):
    base = f"/api/v2/meta/bases/{project['id']}/users" if v2 else f"{PROJECTS}/{project['id']}/users"
    return f"{base}/{user_id}" if user_id else base


def members(client, token, project) -> dict[str, dict]:
    body = client.get(users_url(project), headers=client.auth(token)).json
    return {m["email"]: m for m in body["users"]["list"]}


def test_owner_is_the_first_member(client, admin):
    owner = client.signup("owner@example.com")
    project = client.create_project(owner, "P")
    body = client.get(users_url(project), headers=client.auth(owner)).json
    assert set(body) == {"users"}
    assert body["users"]["pageInfo"]["totalRows"] == 1
    [member] = body["users"]["list"]
    assert member["email"] == "owner@example.com"
    assert member["roles"] == "owner"
    assert member["main_roles"] == "org-level-creator"
    assert member["project_id"] == project["id"]
    assert member["id"] == accounts.user_id(client, owner)
    assert member["invite_pending"] is False


def test_add_an_existing_user(client, admin):
    owner = client.signup("owner@example.com")
    friend = client.signup("friend@example.com")
    project = client.create_project(owner, "P")
    client.get(f"{PROJECTS}/{project['id']}", headers=client.auth(friend), status=403)
    res = client.post_json(
        users_url(project), {"email": "Friend@Example.com", "roles": "editor"}, headers=client.auth(owner)
    ).json
    assert res == {"msg": "The user has been invited successfully"}
    assert members(client, owner, project)["friend@example.com"]["roles"] == "editor"
    assert client.get(f"{PROJECTS}/{project['id']}", headers=client.auth(friend)).json["roles"] == {"editor": True}


def test_invite_unknown_emails(client, admin):
    owner = client.signup("owner@example.com")
    project = client.create_project(owner, "P")
    one = client.post_json(
        users_url(project), {"email": "new@example.com", "roles": "viewer"}, headers=client.auth(owner)
    ).json
    assert one == {"msg": "The user has been invited successfully", "email": "new@example.com"}
    listed = members(client, owner, project)["new@example.com"]
    assert listed["invite_pending"] is True
    assert listed["invite_token"] is None  # mailed to the address only
    client.signup("known@example.com")
    many = client.post_json(
        users_url(project),
        {"email": "a@example.com, known@example.com,b@example.com", "roles": "commenter"},
        headers=client.auth(owner),
    ).json
    assert many["invites"] == [
        {"email": "a@example.com", "invite_token": None},
        {"email": "b@example.com", "invite_token": None},
    ]
    listed = members(client, owner, project)
    assert {e: m["roles"] for e, m in listed.items()} == {
        "owner@example.com": "owner",
        "new@example.com": "viewer",
        "a@example.com": "commenter",
        "known@example.com": "commenter",
        "b@example.com": "commenter",
    }
    token = client.signup("a@example.com", token=client.outbox.link_token("a@example.com", "signup"))
    assert client.get(f"{PROJECTS}/{project['id']}", headers=client.auth(token)).json["roles"] == {"commenter": True}


def test_invite_tokens_not_mailed_are_shown_only_to_inviters(make_client):
    plugin, _ = memory_mail_plugin(delivers=False)
    client = make_client(**mail_settings(plugin))
    project, tokens = accounts.team(client, client.signup("admin@example.com"))
    client.post_json(
        users_url(project), {"email": "pending@example.com", "roles": "viewer"}, headers=client.auth(tokens["owner"])
    )
    assert members(client, tokens["creator"], project)["pending@example.com"]["invite_token"]
    for role in ("editor", "commenter", "viewer"):
        pending = members(client, tokens[role], project)["pending@example.com"]
        assert pending["invite_pending"] is True
        assert pending["invite_token"] is None


def test_adding_an_existing_member_again_is_refused_and_nothing_changes(client, admin):
    project, tokens = accounts.team(client, admin)
    res = client.post_json(
        users_url(project),
        {"email": "fresh@example.com,viewer@example.com", "roles": "editor"},
        headers=client.auth(tokens["owner"]),
        status=400,
    )
    assert res.json == {"msg": "viewer@example.com is already a member of this project"}
    listed = members(client, tokens["owner"], project)
    assert "fresh@example.com" not in listed
    assert listed["viewer@example.com"]["roles"] == "viewer"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"email": "x@example.com", "roles": "owner"}, "roles"),
        ({"email": "x@example.com", "roles": "super"}, "roles"),
        ({"email": "x@example.com", "roles": ""}, "roles"),
        ({"email": "x@example.com"}, "roles"),
        ({"email": "not-an-email", "roles": "viewer"}, "email"),
        ({"email": "x@example.com,bad", "roles": "viewer"}, "email"),
        ({"email": " , ", "roles": "viewer"}, "email"),
        ({"email": ["x@example.com"], "roles": "viewer"}, "email"),
        ({"roles": "viewer"}, "email"),
    ],
)
def test_invite_validation(client, admin, body, field):
    project = client.create_project(admin, "P")
    res = client.post_json(users_url(project), body, headers=client.auth(admin), status=400)
    assert res.json["msg"].startswith(f"{field}: ")


def test_change_role(client, admin):
    project, tokens = accounts.team(client, admin)
    viewer_id = accounts.user_id(client, tokens["viewer"])
    res = client.patch_json(users_url(project, viewer_id), {"roles": "editor"}, headers=client.auth(tokens["owner"]))
    assert res.json == {"msg": "The user has been updated successfully"}
    assert members(client, tokens["owner"], project)["viewer@example.com"]["roles"] == "editor"
    # The new role takes effect at once.
    project_as_member = client.get(f"{PROJECTS}/{project['id']}", headers=client.auth(tokens["viewer"])).json
    assert project_as_member["roles"] == {"editor": True}
    for bad in ({"roles": "owner"}, {"roles": "boss"}, {}, {"roles": 3}):
        client.patch_json(users_url(project, viewer_id), bad, headers=client.auth(tokens["owner"]), status=400)


def test_remove_member(client, admin):
    project, tokens = accounts.team(client, admin)
    editor_id = accounts.user_id(client, tokens["editor"])
    res = client.delete(users_url(project, editor_id), headers=client.auth(tokens["creator"]))
    assert res.json == {"msg": "The user has been removed from the project successfully"}
    assert "editor@example.com" not in members(client, tokens["owner"], project)
    res = client.get(f"{PROJECTS}/{project['id']}", headers=client.auth(tokens["editor"]), status=403)
    assert res.json == {"msg": "You don't have enough permission to access the project."}
    assert project["id"] not in [
        p["id"] for p in client.get(PROJECTS, headers=client.auth(tokens["editor"])).json["list"]
    ]


def test_unknown_member_is_404(client, admin):
    project = client.create_project(admin, "P")
    stranger = accounts.user_id(client, client.signup("stranger@example.com"))
    for user_id in ("us_nobody", stranger):
        res = client.patch_json(
            users_url(project, user_id), {"roles": "viewer"}, headers=client.auth(admin), status=404
        )
        assert res.json == {"msg": "User is not a member of this project"}
        client.delete(users_url(project, user_id), headers=client.auth(admin), status=404)


def test_v2_member_paths(client, admin):
    project = client.create_project(admin, "P")
    client.signup("m@example.com")
    client.post_json(
        users_url(project, v2=True), {"email": "m@example.com", "roles": "viewer"}, headers=client.auth(admin)
    )
    listed = client.get(users_url(project, v2=True), headers=client.auth(admin)).json["users"]["list"]
    member = next(m for m in listed if m["email"] == "m@example.com")
    client.patch_json(users_url(project, member["id"], v2=True), {"roles": "creator"}, headers=client.auth(admin))
    client.delete(users_url(project, member["id"], v2=True), headers=client.auth(admin))
    assert "m@example.com" not in members(client, admin, project)


def test_member_list_paging(client, admin):
    project = client.create_project(admin, "P")
    client.post_json(
        users_url(project),
        {"email": ",".join(f"u{i}@example.com" for i in range(4)), "roles": "viewer"},
        headers=client.auth(admin),
    )
    page = client.get(users_url(project), params={"limit": 2, "offset": 2}, headers=client.auth(admin)).json
    assert len(page["users"]["list"]) == 2
    assert page["users"]["pageInfo"] == {
        "totalRows": 5,
        "page": 2,
        "pageSize": 2,
        "isFirstPage": False,
        "isLastPage": False,
    }
    client.get(users_url(project), params={"limit": "x"}, headers=client.auth(admin), status=400)


# -- rank rules ---------------------------------------------------------------------------


@pytest.mark.parametrize(("actor", "role"), [("owner", "creator"), ("creator", "creator"), ("creator", "viewer")])
def test_invite_at_or_below_own_rank(client, admin, actor, role):
    # Owner is not selectable, so a creator can grant every selectable role.
    project, tokens = accounts.team(client, admin)
    client.post_json(
        users_url(project), {"email": "new@example.com", "roles": role}, headers=client.auth(tokens[actor])
    )
    assert members(client, admin, project)["new@example.com"]["roles"] == role


def test_creator_cannot_touch_the_owner(client, admin):
    project, tokens = accounts.team(client, admin)
    owner_id = accounts.user_id(client, tokens["owner"])
    res = client.patch_json(
        users_url(project, owner_id), {"roles": "viewer"}, headers=client.auth(tokens["creator"]), status=403
    )
    assert res.json == {"msg": "You cannot manage a member with the role owner"}
    client.delete(users_url(project, owner_id), headers=client.auth(tokens["creator"]), status=403)
    assert members(client, tokens["owner"], project)["owner@example.com"]["roles"] == "owner"


def test_creator_manages_creators_and_below(client, admin):
    project, tokens = accounts.team(client, admin)
    client.signup("creator2@example.com")
    accounts.add_member(client, tokens["owner"], project["id"], "creator2@example.com", "creator")
    other_creator = members(client, tokens["owner"], project)["creator2@example.com"]["id"]
    client.patch_json(users_url(project, other_creator), {"roles": "editor"}, headers=client.auth(tokens["creator"]))
    client.patch_json(users_url(project, other_creator), {"roles": "creator"}, headers=client.auth(tokens["creator"]))
    client.delete(users_url(project, other_creator), headers=client.auth(tokens["creator"]))


def test_creator_can_demote_themselves(client, admin):
    project, tokens = accounts.team(client, admin)
    me = accounts.user_id(client, tokens["creator"])
    client.patch_json(users_url(project, me), {"roles": "viewer"}, headers=client.auth(tokens["creator"]))
    # Now a viewer: no way back up.
    client.patch_json(users_url(project, me), {"roles": "creator"}, headers=client.auth(tokens["creator"]), status=403)


# -- last-owner rule ----------------------------------------------------------------------


def test_the_only_owner_cannot_leave_or_be_demoted(client, admin):
    project, tokens = accounts.team(client, admin)
    owner_id = accounts.user_id(client, tokens["owner"])
    for actor in ("owner", None):  # the owner themselves, then the super admin
        token = tokens["owner"] if actor else admin
        res = client.patch_json(
            users_url(project, owner_id), {"roles": "creator"}, headers=client.auth(token), status=400
        )
        assert res.json == {"msg": "A project must keep at least one owner"}
        res = client.delete(users_url(project, owner_id), headers=client.auth(token), status=400)
        assert res.json == {"msg": "A project must keep at least one owner"}
    assert members(client, admin, project)["owner@example.com"]["roles"] == "owner"


def test_one_of_two_owners_may_step_down(client, admin):
    project, tokens = accounts.team(client, admin)
    creator_id = accounts.user_id(client, tokens["creator"])
    # Owner is not a selectable role: a second owner can only come from the meta database.
    db.execute(client.app, sa.update(ProjectMember).where(ProjectMember.user_id == creator_id).values(roles="owner"))
    owner_id = accounts.user_id(client, tokens["owner"])
    client.patch_json(users_url(project, owner_id), {"roles": "editor"}, headers=client.auth(tokens["owner"]))
    client.delete(users_url(project, creator_id), headers=client.auth(admin), status=400)
    assert {e: m["roles"] for e, m in members(client, admin, project).items()}["creator@example.com"] == "owner"
