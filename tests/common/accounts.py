"""Arranging users and project members through the API, as a real client would."""

from __future__ import annotations

from workbench.testing.client import Client

ROLES = ("owner", "creator", "editor", "commenter", "viewer")


def user(client: Client, email: str, admin: str | None = None, org_role: str | None = None) -> str:
    """Sign ``email`` up; with ``org_role``, the super admin (``admin``) sets it. Returns a token."""
    token = client.signup(email)
    if org_role:
        me = client.get("/api/v1/auth/user/me", headers=client.auth(token)).json
        client.patch_json(f"/api/v1/users/{me['id']}", {"roles": org_role}, headers=client.auth(admin))
    return token


def user_id(client: Client, token: str) -> str:
    return client.get("/api/v1/auth/user/me", headers=client.auth(token)).json["id"]


def add_member(client: Client, inviter: str, project_id: str, email: str, role: str) -> None:
    """Add an existing (or invite an unknown) ``email`` to the project with ``role``."""
    client.post_json(
        f"/api/v1/db/meta/projects/{project_id}/users", {"email": email, "roles": role}, headers=client.auth(inviter)
    )


def team(client: Client, admin: str, title: str = "Team project") -> tuple[dict, dict[str, str]]:
    """A project owned by a non-super user, with one member of every other project role.

    Returns the project and ``{role: token}`` for owner, creator, editor, commenter, viewer.
    """
    tokens = {role: user(client, f"{role}@example.com") for role in ROLES}
    project = client.create_project(tokens["owner"], title)
    for role in ROLES[1:]:
        add_member(client, tokens["owner"], project["id"], f"{role}@example.com", role)
    return project, tokens
