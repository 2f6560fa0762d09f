"""The permission matrix as data: inheritance, the system roles, parsing."""

import pytest

from workbench.security.permissions import Permission as P
from workbench.security.roles import (
    NO_RIGHTS_ROLE,
    PROJECT_ROLE_RANK,
    PROJECT_ROLES,
    ROLE_PERMISSIONS,
    SELECTABLE_PROJECT_ROLES,
    SYSTEM_ROLES,
    parse_roles,
    roles_map,
    roles_permit,
)

PROJECT_PERMISSIONS = {p for p in P if p.startswith("project:")}


def test_every_role_is_in_the_matrix():
    assert set(ROLE_PERMISSIONS) == set(SYSTEM_ROLES) | set(PROJECT_ROLES) | {NO_RIGHTS_ROLE}


def test_selectable_roles_are_project_roles_without_owner():
    assert set(SELECTABLE_PROJECT_ROLES) == set(PROJECT_ROLES) - {"owner"}


def test_rank_follows_the_order_of_project_roles():
    ranks = [PROJECT_ROLE_RANK[r] for r in PROJECT_ROLES]
    assert ranks == sorted(ranks, reverse=True)
    assert len(set(ranks)) == len(ranks)


@pytest.mark.parametrize(("lower", "higher"), list(zip(PROJECT_ROLES[1:], PROJECT_ROLES[:-1], strict=True)))
def test_project_roles_inherit_upwards(lower, higher):
    assert ROLE_PERMISSIONS[lower] < ROLE_PERMISSIONS[higher]


def test_super_holds_everything():
    assert ROLE_PERMISSIONS["super"] == frozenset(P)
    for permission in P:
        assert roles_permit({"super"}, permission)


@pytest.mark.parametrize("role", [NO_RIGHTS_ROLE, "guest"])
def test_user_and_guest_hold_nothing(role):
    assert ROLE_PERMISSIONS[role] == frozenset()


def test_project_roles_hold_only_project_permissions():
    for role in PROJECT_ROLES:
        assert ROLE_PERMISSIONS[role] <= PROJECT_PERMISSIONS


def test_system_roles_other_than_super_hold_no_project_permission():
    for role in ("admin", "org-level-creator", "org-level-viewer", "guest"):
        assert not ROLE_PERMISSIONS[role] & PROJECT_PERMISSIONS


def test_only_super_manages_the_organisation():
    for permission in (P.ORG_USERS_MANAGE, P.ORG_SETTINGS_MANAGE, P.ORG_APPSTORE_MANAGE):
        assert {r for r, perms in ROLE_PERMISSIONS.items() if permission in perms} == {"super"}


def test_project_creation():
    assert {r for r, perms in ROLE_PERMISSIONS.items() if P.ORG_PROJECT_CREATE in perms} == {
        "super",
        "org-level-creator",
    }
    assert roles_permit({"org-level-viewer"}, P.ORG_PROJECT_LIST)


@pytest.mark.parametrize(
    ("permission", "holders"),
    [
        (P.PROJECT_DELETE, {"owner"}),
        (P.PROJECT_UPDATE, {"owner", "creator"}),
        (P.MEMBER_INVITE, {"owner", "creator"}),  # editors may not invite
        (P.TABLE_CREATE, {"owner", "creator"}),
        (P.SOURCE_MANAGE, {"owner", "creator"}),
        (P.WEBHOOK_MANAGE, {"owner", "creator"}),
        (P.DATA_INSERT, {"owner", "creator", "editor"}),
        (P.DATA_DELETE, {"owner", "creator", "editor"}),
        (P.VIEW_CREATE, {"owner", "creator", "editor"}),
        (P.COMMENT_WRITE, {"owner", "creator", "editor", "commenter"}),
        (P.DATA_READ, set(PROJECT_ROLES)),
        (P.DATA_EXPORT, set(PROJECT_ROLES)),
        (P.PROJECT_READ, set(PROJECT_ROLES)),
    ],
)
def test_project_matrix(permission, holders):
    assert {r for r in PROJECT_ROLES if roles_permit({r}, permission)} == holders


def test_roles_permit_takes_any_role():
    assert roles_permit({"viewer", "creator"}, P.PROJECT_UPDATE)
    assert not roles_permit({"viewer", "org-level-creator"}, P.PROJECT_UPDATE)
    assert not roles_permit(set(), P.PROJECT_READ)
    assert not roles_permit({"no-such-role"}, P.PROJECT_READ)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (None, set()),
        ("", set()),
        ("owner", {"owner"}),
        ("super, org-level-creator,", {"super", "org-level-creator"}),
        (["editor", " viewer ", ""], {"editor", "viewer"}),
        ({"editor": True, "viewer": False}, {"editor"}),
        ({}, set()),
    ],
)
def test_parse_roles(value, expected):
    assert parse_roles(value) == expected


def test_roles_map_is_sorted_and_true():
    assert list(roles_map({"viewer", "super"}).items()) == [("super", True), ("viewer", True)]
    assert roles_map(set()) == {}
