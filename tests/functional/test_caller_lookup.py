"""On a project's routes the caller and their role in the project are read with one
query, and a role change or a removal still counts on the very next request."""

import sqlalchemy as sa

from tests.common import accounts
from workbench.testing.tables import create_table

PROJECTS = "/api/v1/db/meta/projects"


def meta_statements(client, fn) -> list[str]:
    engine = client.app.registry["db_engine"]
    seen = []

    def record(_conn, _cursor, statement, *_args):
        seen.append(" ".join(statement.split()))

    sa.event.listen(engine, "before_cursor_execute", record)
    try:
        fn()
    finally:
        sa.event.remove(engine, "before_cursor_execute", record)
    return seen


def test_member_and_caller_come_in_one_query(client, admin):
    project, tokens = accounts.team(client, admin)
    table = create_table(client, tokens["owner"], project["id"], "T", [{"title": "Name"}])
    url = f"/api/v2/tables/{table['id']}/records"
    viewer = client.auth(tokens["viewer"])
    client.get(url, headers=viewer)
    statements = meta_statements(client, lambda: client.get(url, headers=viewer))
    members = [s for s in statements if "wb_project_members" in s]
    assert len(members) == 1
    assert "FROM wb_users" in members[0]
    # The roles so read decide: a viewer cannot insert, and the answer names the project.
    client.post_json(url, {"Name": "x"}, headers=viewer, status=403)


def test_role_changes_and_removals_count_at_once(client, admin):
    project, tokens = accounts.team(client, admin)
    table = create_table(client, tokens["owner"], project["id"], "T", [{"title": "Name"}])
    url = f"/api/v2/tables/{table['id']}/records"
    viewer_id = accounts.user_id(client, tokens["viewer"])
    owner, viewer = client.auth(tokens["owner"]), client.auth(tokens["viewer"])
    users = f"{PROJECTS}/{project['id']}/users/{viewer_id}"
    client.post_json(url, {"Name": "x"}, headers=viewer, status=403)
    client.patch_json(users, {"roles": "editor"}, headers=owner)
    client.post_json(url, {"Name": "x"}, headers=viewer)
    client.delete(users, headers=owner)
    res = client.get(url, headers=viewer, status=403).json
    assert res["msg"] == "You don't have enough permission to access the project."
    stranger = client.signup("stranger@example.com")
    client.get(url, headers=client.auth(stranger), status=403)
