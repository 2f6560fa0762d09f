"""The roles and permission matrix on every project endpoint."""

import pytest

from tests.common import accounts

PROJECTS = "/api/v1/db/meta/projects"
NO_PROJECT_ACCESS = "You don't have enough permission to access the project."
ROLES = accounts.ROLES


def _call(client, action, project, target_id, headers, status):
    url = f"{PROJECTS}/{project['id']}"
    users = f"{url}/users"
    calls = {
        "read": lambda: client.get(url, headers=headers, status=status),
        "read-v2": lambda: client.get(f"/api/v2/meta/bases/{project['id']}", headers=headers, status=status),
        "info": lambda: client.get(f"{url}/info", headers=headers, status=status),
        "sources": lambda: client.get(f"{url}/bases", headers=headers, status=status),
        "members": lambda: client.get(users, headers=headers, status=status),
        "update": lambda: client.patch_json(url, {"title": "Renamed"}, headers=headers, status=status),
        "invite": lambda: client.post_json(
            users, {"email": "new@example.com", "roles": "viewer"}, headers=headers, status=status
        ),
        "change-member": lambda: client.patch_json(
            f"{users}/{target_id}", {"roles": "commenter"}, headers=headers, status=status
        ),
        "remove-member": lambda: client.delete(f"{users}/{target_id}", headers=headers, status=status),
        "delete": lambda: client.delete(url, headers=headers, status=status),
    }
    return calls[action]()


# Who may do what: read for everyone in the project, settings and members for creators and
# owners, deletion for owners only.
EVERYONE = set(ROLES)
MATRIX = {
    "read": EVERYONE,
    "read-v2": EVERYONE,
    "info": EVERYONE,
    "sources": EVERYONE,
    "members": EVERYONE,
    "update": {"owner", "creator"},
    "invite": {"owner", "creator"},
    "change-member": {"owner", "creator"},
    "remove-member": {"owner", "creator"},
    "delete": {"owner"},
}


@pytest.fixture
def setup(client, admin):
    """A project with a member of every role, and a viewer to act on: (project, tokens, target id)."""
    project, tokens = accounts.team(client, admin)
    client.signup("target@example.com")
    accounts.add_member(client, tokens["owner"], project["id"], "target@example.com", "viewer")
    target = client.get(f"{PROJECTS}/{project['id']}/users", headers=client.auth(tokens["owner"])).json
    target_id = next(m["id"] for m in target["users"]["list"] if m["email"] == "target@example.com")
    return project, tokens, target_id


def statuses(client, setup, headers) -> dict[str, int]:
    """Run every action (in MATRIX order: deletion last) as ``headers``; {action: status}."""
    project, _, target_id = setup
    return {action: _call(client, action, project, target_id, headers, "*").status_int for action in MATRIX}


def expected(roles_allowed, denied=403) -> dict[str, int]:
    return {action: 200 if roles_allowed(holders) else denied for action, holders in MATRIX.items()}


@pytest.mark.parametrize("role", ROLES)
def test_project_role_matrix(client, setup, role):
    assert statuses(client, setup, client.auth(setup[1][role])) == expected(lambda holders: role in holders)


@pytest.mark.parametrize("action", ["update", "delete"])
def test_refusal_message_for_members(client, setup, action):
    project, tokens, target_id = setup
    res = _call(client, action, project, target_id, client.auth(tokens["viewer"]), 403)
    assert res.json == {"msg": "You don't have enough permission to perform this action"}


@pytest.mark.parametrize("action", list(MATRIX))
def test_non_members_are_refused(client, setup, action):
    project, _, target_id = setup
    stranger = client.signup("stranger@example.com")
    res = _call(client, action, project, target_id, client.auth(stranger), 403)
    assert res.json == {"msg": NO_PROJECT_ACCESS}


def test_non_members_are_refused_with_api_tokens_too(client, setup):
    stranger = client.signup("stranger@example.com")
    api = client.post_json("/api/v1/tokens", {}, headers=client.auth(stranger)).json["token"]
    assert statuses(client, setup, {"xc-token": api}) == expected(lambda holders: False)


def test_super_admin_may_do_everything(client, admin, setup):
    assert statuses(client, setup, client.auth(admin)) == expected(lambda holders: True)


def test_anonymous_is_401(client, setup):
    assert statuses(client, setup, {}) == expected(lambda holders: False, denied=401)


def test_super_admin_sees_every_project(client, admin):
    owners = [client.signup(f"o{i}@example.com") for i in range(3)]
    ids = [client.create_project(token, f"P{i}")["id"] for i, token in enumerate(owners)]
    assert [p["id"] for p in client.get(PROJECTS, headers=client.auth(admin)).json["list"]] == ids
    for i, token in enumerate(owners):
        assert [p["id"] for p in client.get(PROJECTS, headers=client.auth(token)).json["list"]] == [ids[i]]


def test_org_level_viewer_cannot_create_projects(client, admin):
    viewer = accounts.user(client, "viewer@example.com", admin=admin, org_role="org-level-viewer")
    res = client.post_json(PROJECTS, {"title": "Mine"}, headers=client.auth(viewer), status=403)
    assert res.json == {"msg": "You don't have enough permission to perform this action"}
    client.post_json("/api/v2/meta/bases", {"title": "Mine"}, headers=client.auth(viewer), status=403)
    # Listing is allowed (their memberships only), and so is working inside a project.
    assert client.get(PROJECTS, headers=client.auth(viewer)).json["list"] == []
    project = client.create_project(admin, "Shared")
    accounts.add_member(client, admin, project["id"], "viewer@example.com", "editor")
    listed = client.get(PROJECTS, headers=client.auth(viewer)).json["list"]
    assert [(p["id"], p["roles"]) for p in listed] == [(project["id"], {"editor": True})]


def test_org_level_creator_creates_projects(client, admin):
    creator = accounts.user(client, "creator@example.com", admin=admin, org_role="org-level-creator")
    assert client.create_project(creator, "Mine")["roles"] == {"owner": True}


def test_only_the_owner_deletes(client, setup):
    project, tokens, _ = setup
    for role in ("creator", "editor", "commenter", "viewer"):
        client.delete(f"{PROJECTS}/{project['id']}", headers=client.auth(tokens[role]), status=403)
    client.delete(f"{PROJECTS}/{project['id']}", headers=client.auth(tokens["owner"]))
    client.get(f"{PROJECTS}/{project['id']}", headers=client.auth(tokens["owner"]), status=404)


# -- preview as a role (xc-preview) -------------------------------------------------------


@pytest.mark.parametrize("preview", ROLES)
def test_preview_narrows_the_owner_to_the_previewed_role(client, setup, preview):
    headers = client.auth(setup[1]["owner"], **{"xc-preview": preview})
    assert statuses(client, setup, headers) == expected(lambda holders: preview in holders)


@pytest.mark.parametrize("preview", ROLES)
def test_preview_never_widens(client, setup, preview):
    project, tokens, target_id = setup
    headers = client.auth(tokens["viewer"], **{"xc-preview": preview})
    _call(client, "read", project, target_id, headers, 200)
    _call(client, "update", project, target_id, headers, 403)


def test_preview_narrows_the_super_admin(client, admin, setup):
    project, _, target_id = setup
    headers = client.auth(admin, **{"xc-preview": "viewer"})
    _call(client, "read", project, target_id, headers, 200)
    _call(client, "update", project, target_id, headers, 403)
    _call(client, "delete", project, target_id, headers, 403)


@pytest.mark.parametrize("preview", ["super", "boss", "user", "org-level-creator"])
def test_unknown_preview_role_is_refused_on_project_routes(client, setup, preview):
    project, tokens, target_id = setup
    _call(client, "read", project, target_id, client.auth(tokens["owner"], **{"xc-preview": preview}), 403)


def test_preview_leaves_account_routes_alone(client, admin):
    headers = client.auth(admin, **{"xc-preview": "viewer"})
    assert client.get("/api/v1/auth/user/me", headers=headers).json["email"] == "admin@example.com"
    client.get("/api/v1/tokens", headers=headers)
    client.get(PROJECTS, headers=headers)


def test_me_and_read_show_the_same_project_roles(client, setup):
    project, tokens, _ = setup
    for role, token in tokens.items():
        read = client.get(f"{PROJECTS}/{project['id']}", headers=client.auth(token)).json
        me = client.get("/api/v1/auth/user/me", params={"project_id": project["id"]}, headers=client.auth(token)).json
        assert read["roles"] == me["base_roles"] == {role: True}
