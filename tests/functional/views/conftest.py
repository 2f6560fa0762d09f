"""Fixtures of the views tests: a project with a table of several field types."""

import pytest

from workbench.testing.tables import create_table

COLUMNS = [
    {"title": "Name", "uidt": "SingleLineText"},
    {"title": "Secret", "uidt": "SingleLineText"},
    {"title": "Qty", "uidt": "Number"},
    {"title": "Status", "uidt": "SingleSelect", "colOptions": {"options": [{"title": "todo"}, {"title": "done"}]}},
    {"title": "Due", "uidt": "Date"},
    {"title": "Photo", "uidt": "Attachment"},
]
META = "/api/v1/db/meta"


class Ctx:
    def __init__(self, client, token, project, table):
        self.client = client
        self.token = token
        self.h = client.auth(token)
        self.project = project
        self.table = table
        self.col = {c["title"]: c["id"] for c in table["columns"]}
        self.default_view = table["views"][0]

    def create(self, path: str, body: dict, status: int = 200, headers=None) -> dict:
        return self.client.post_json(
            f"{META}/tables/{self.table['id']}/{path}", body, headers=headers or self.h, status=status
        ).json

    def views(self, headers=None) -> list[dict]:
        return self.client.get(f"{META}/tables/{self.table['id']}/views", headers=headers or self.h).json["list"]

    def member(self, email: str, role: str) -> dict:
        """Headers of a new member of the project with ``role``."""
        token = self.client.signup(email)
        self.client.post_json(
            f"{META}/projects/{self.project['id']}/users", {"email": email, "roles": role}, headers=self.h
        )
        return self.client.auth(token)

    def rows(self, items):
        return self.client.post_json(f"/api/v2/tables/{self.table['id']}/records", items, headers=self.h).json


@pytest.fixture
def ctx(client, admin):
    project = client.create_project(admin, "Views")
    table = create_table(client, admin, project["id"], "Tasks", COLUMNS)
    return Ctx(client, admin, project, table)
