"""The security policy's decisions, with stand-ins for the caller and the project."""

from types import SimpleNamespace

import pytest
from pyramid import testing
from pyramid.security import NO_PERMISSION_REQUIRED
from pyramid.testing import DummyRequest

from workbench.security.permissions import Permission as P
from workbench.security.policy import NO_PROJECT_ACCESS, WorkbenchSecurityPolicy


class Project:
    project_id = "p_1"

    def __init__(self, roles):
        self.roles = set(roles)

    def member_roles(self, _user_id):
        return self.roles


_POLICY = WorkbenchSecurityPolicy(codec=None)


@pytest.fixture(autouse=True)
def config():
    """A Pyramid configuration whose security policy the dummy requests consult."""
    with testing.testConfig() as configuration:
        configuration.set_security_policy(_POLICY)
        yield configuration


def make_policy():
    return _POLICY


def caller(*system_roles, preview=None):
    policy = make_policy()
    request = DummyRequest(headers={"xc-preview": preview} if preview else {})
    identity = SimpleNamespace(user=SimpleNamespace(id="us_1"), user_id="us_1", system_roles=set(system_roles))
    request.__dict__["_workbench_identity"] = identity
    return policy, request


def allowed(policy, request, context, permission) -> bool:
    return bool(policy.permits(request, context, permission))


def test_identity_is_looked_up_once_per_request(monkeypatch):
    policy = WorkbenchSecurityPolicy(codec=None)
    calls = []
    monkeypatch.setattr(policy, "_identity", lambda request: calls.append(request) or "someone")
    request = DummyRequest()
    assert policy.identity(request) == policy.identity(request) == "someone"
    assert len(calls) == 1
    assert policy.identity(DummyRequest()) == "someone"
    assert len(calls) == 2


def test_public_and_anonymous():
    policy = make_policy()
    request = DummyRequest()
    request.__dict__["_workbench_identity"] = None
    assert allowed(policy, request, None, NO_PERMISSION_REQUIRED)
    assert not allowed(policy, request, None, P.ORG_PROJECT_LIST)


def test_org_permissions_from_system_roles():
    policy, request = caller("org-level-viewer")
    assert allowed(policy, request, None, P.ORG_PROJECT_LIST)
    assert not allowed(policy, request, None, P.ORG_PROJECT_CREATE)
    policy, request = caller("org-level-creator")
    assert allowed(policy, request, None, P.ORG_PROJECT_CREATE)


@pytest.mark.parametrize("roles", [set(), {"user"}])
def test_non_members_are_refused_with_the_project_message(roles):
    policy, request = caller("org-level-creator")
    denied = policy.permits(request, Project(roles), P.PROJECT_READ)
    assert not denied
    assert request.permission_denied_msg == NO_PROJECT_ACCESS


def test_member_roles_decide_on_project_routes():
    policy, request = caller("org-level-viewer")
    assert allowed(policy, request, Project({"editor"}), P.DATA_INSERT)
    assert not allowed(policy, request, Project({"editor"}), P.TABLE_CREATE)
    assert not hasattr(request, "permission_denied_msg")


def test_super_needs_no_membership():
    policy, request = caller("super")
    assert allowed(policy, request, Project(set()), P.PROJECT_DELETE)


@pytest.mark.parametrize(
    ("preview", "permission", "expected"),
    [
        ("viewer", P.PROJECT_READ, True),
        ("viewer", P.DATA_INSERT, False),
        ("editor", P.DATA_INSERT, True),
        ("creator", P.PROJECT_DELETE, False),
        ("owner", P.PROJECT_DELETE, True),
        ("boss", P.PROJECT_READ, False),
        ("viewer", P.ORG_PROJECT_CREATE, True),  # organisation checks are not narrowed
    ],
)
def test_preview_narrows_project_checks(preview, permission, expected):
    policy, request = caller("super", "org-level-creator", preview=preview)
    assert allowed(policy, request, Project(set()), permission) is expected


def test_preview_never_widens():
    policy, request = caller("org-level-creator", preview="owner")
    assert not allowed(policy, request, Project({"viewer"}), P.PROJECT_UPDATE)
