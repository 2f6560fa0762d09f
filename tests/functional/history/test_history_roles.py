"""Who sees what: every member reads a record's history; only owners and creators read the
project's audit log; editors and up restore; people outside the project see nothing."""

import pytest

from tests.common import accounts
from workbench.testing.tables import create_table

pytestmark = pytest.mark.dialects

HISTORY = "/api/v1/db/meta/audits"
AUDITORS = {"owner", "creator"}
RESTORERS = {"owner", "creator", "editor"}


@pytest.fixture
def team(client, admin):
    project, tokens = accounts.team(client, admin)
    table = create_table(client, tokens["owner"], project["id"], "Tasks", [{"title": "Name"}])
    records = f"/api/v2/tables/{table['id']}/records"
    owner = client.auth(tokens["owner"])
    client.post_json(records, [{"Name": "one"}, {"Name": "two"}], headers=owner)
    client.delete_json(records, {"Id": 1}, headers=owner)
    return project, table, tokens


@pytest.mark.parametrize("role", accounts.ROLES)
def test_each_role(client, team, role):
    project, table, tokens = team
    h = client.auth(tokens[role])
    entries = client.get(HISTORY, {"fk_model_id": table["id"], "row_id": 1}, headers=h).json["list"]
    assert [e["op"] for e in entries] == ["delete", "insert"]
    audits = f"/api/v1/db/meta/projects/{project['id']}/audits"
    res = client.get(audits, headers=h, status=200 if role in AUDITORS else 403)
    if role in AUDITORS:
        assert res.json["pageInfo"]["totalRows"] >= 3
    else:
        assert res.json["msg"]
    restore = f"{HISTORY}/{entries[0]['id']}/restore"
    status = 200 if role in RESTORERS else 403
    client.post_json(restore, {"fk_model_id": table["id"]}, headers=h, status=status)


def test_outsiders_and_anonymous_callers_see_nothing(client, team):
    project, table, _ = team
    outsider = client.auth(client.signup("outsider@example.com"))
    query = {"fk_model_id": table["id"], "row_id": 1}
    client.get(HISTORY, query, headers=outsider, status=403)
    client.get(f"/api/v1/db/meta/projects/{project['id']}/audits", headers=outsider, status=403)
    client.get(HISTORY, query, status=401)
    client.get(HISTORY, {"row_id": 1}, headers=outsider, status=400)  # no table named
