"""An import job is recorded once per job and table, its rows counted, not once per row."""

import pytest

from tests.functional.data.test_imports import finish, people_csv, start, upload
from workbench.testing.tables import create_table

pytestmark = pytest.mark.dialects


def test_an_import_is_one_entry_per_table_with_its_rows(client, admin, data_app, monkeypatch):
    monkeypatch.setattr("workbench.imports.run.BATCH", 5)  # three batches, one entry
    monkeypatch.setattr("workbench.imports.run.COPY_CELLS", 0)  # as many rows into PostgreSQL
    project = client.create_project(admin, "Imports")
    table = create_table(client, admin, project["id"], "Staff", [{"title": "Who"}])
    ids = {c["title"]: c["id"] for c in table["columns"]}
    job = upload(client, admin, project["id"], people_csv(12), table_id=table["id"])
    column_map = {"Name": ids["Who"], "Age": None, "Email": None, "Joined": None, "Member": None, "Team": None}
    start(client, admin, job, column_map=column_map)
    assert finish(data_app, client, admin, job["id"])["status"] == "done"
    audits = client.get(f"/api/v1/db/meta/projects/{project['id']}/audits", headers=client.auth(admin)).json
    data = [e for e in audits["list"] if e["fk_model_id"] == table["id"] and e["op_type"] == "DATA"]
    assert [(e["op"], e["via"], e["details"], e["user"]) for e in data] == [
        ("import", "import", {"job": job["id"], "rows": 12}, "admin@example.com")
    ]
