"""@mentions: members of the project named in a comment get a mail (in the language of
the request), once; the author, outsiders and unknown addresses get none."""

import pytest

from tests.common import accounts
from workbench.testing.tables import create_table

pytestmark = pytest.mark.dialects

AUDIT = "/api/v1/db/meta/audits/comments"


@pytest.fixture
def team(client, admin):
    project, tokens = accounts.team(client, admin)
    accounts.user(client, "outsider@example.com")
    table = create_table(client, tokens["owner"], project["id"], "Tasks", [{"title": "Name"}])
    client.post_json(f"/api/v2/tables/{table['id']}/records", {"Name": "one"}, headers=client.auth(tokens["owner"]))
    client.outbox.clear()
    return project, table, tokens


def test_members_mentioned_get_a_mail(client, team):
    _, table, tokens = team
    text = (
        "@Editor@example.com please look, and @outsider@example.com and @nobody@example.com;"
        " not me @commenter@example.com."
    )
    body = {"fk_model_id": table["id"], "row_id": 1, "description": text}
    client.post_json(AUDIT, body, headers=client.auth(tokens["commenter"]))
    assert [m.to for m in client.outbox] == ["editor@example.com"]
    mail = client.outbox[0]
    assert mail.subject == "commenter@example.com mentioned you in Tasks"
    assert text in mail.text
    assert "/table/Tasks" in mail.text


def test_an_edit_mails_only_those_it_newly_names(client, team):
    _, table, tokens = team
    h = client.auth(tokens["owner"])
    body = {"fk_model_id": table["id"], "row_id": 1, "description": "cc @viewer@example.com"}
    comment = client.post_json(AUDIT, body, headers=h).json
    assert [m.to for m in client.outbox] == ["viewer@example.com"]
    client.outbox.clear()
    url = f"/api/v1/db/meta/audits/{comment['id']}/comment"
    client.patch_json(url, {"description": "cc @viewer@example.com @creator@example.com"}, headers=h)
    assert [m.to for m in client.outbox] == ["creator@example.com"]


def test_the_mail_speaks_the_language_of_the_request(client, team):
    _, table, tokens = team
    body = {"fk_model_id": table["id"], "row_id": 1, "description": "@viewer@example.com bitte ansehen"}
    client.post_json(AUDIT, body, headers=client.auth(tokens["owner"], **{"xc-lang": "de"}))
    assert client.outbox[0].subject == "owner@example.com hat Sie in Tasks erwähnt"


def test_a_refused_comment_mails_nobody(client, team):
    _, table, tokens = team
    body = {"fk_model_id": table["id"], "row_id": 1, "description": "@editor@example.com"}
    client.post_json(AUDIT, body, headers=client.auth(tokens["viewer"]), status=403)
    assert list(client.outbox) == []
