"""Who may comment: commenters and every role above write, viewers and everyone in the
project read; people outside the project do neither."""

import pytest

from tests.common import accounts
from workbench.testing.tables import create_table

pytestmark = pytest.mark.dialects

AUDIT = "/api/v1/db/meta/audits/comments"
WRITERS = {"owner", "creator", "editor", "commenter"}


@pytest.fixture
def team(client, admin):
    project, tokens = accounts.team(client, admin)
    table = create_table(client, tokens["owner"], project["id"], "Tasks", [{"title": "Name"}])
    client.post_json(f"/api/v2/tables/{table['id']}/records", {"Name": "one"}, headers=client.auth(tokens["owner"]))
    return project, table, tokens


@pytest.mark.parametrize("role", accounts.ROLES)
def test_each_role_reads_and_only_commenters_and_up_write(client, team, role):
    _, table, tokens = team
    h = client.auth(tokens[role])
    body = {"fk_model_id": table["id"], "row_id": 1, "description": f"from {role}"}
    status = 200 if role in WRITERS else 403
    res = client.post_json(AUDIT, body, headers=h, status=status)
    client.post_json("/api/v1/db/meta/comments", body, headers=h, status=status)
    if status == 403:
        assert res.json["msg"]
    owner_note = client.post_json(AUDIT, {**body, "description": "owner's"}, headers=client.auth(tokens["owner"])).json
    listed = client.get(AUDIT, {"fk_model_id": table["id"], "row_id": 1}, headers=h).json
    texts = [c["description"] for c in listed]
    assert "owner's" in texts
    assert (f"from {role}" in texts) == (role in WRITERS)
    counts = client.get(f"{AUDIT}/count?fk_model_id={table['id']}&ids[]=1", headers=h).json
    assert counts == [{"row_id": "1", "count": len(texts)}]
    if role != "owner":  # nobody else's comment may be changed, whatever the role
        url = f"/api/v1/db/meta/comment/{owner_note['id']}"
        client.patch_json(url, {"comment": "changed"}, headers=h, status=403)
        client.delete(url, headers=h, status=403)


def test_outsiders_neither_read_nor_write(client, team):
    _, table, _ = team
    outsider = client.auth(client.signup("outsider@example.com"))
    client.get(AUDIT, {"fk_model_id": table["id"], "row_id": 1}, headers=outsider, status=403)
    body = {"fk_model_id": table["id"], "row_id": 1, "description": "hi"}
    client.post_json(AUDIT, body, headers=outsider, status=403)
    client.get(AUDIT, {"fk_model_id": table["id"], "row_id": 1}, status=401)
