"""The Timeline view type on Workbench's view-type contract suite, and its settings over HTTP."""

import workbench_timeline

from workbench.testing.client import Client
from workbench.testing.plugins import app_with_plugins
from workbench.testing.tables import create_table
from workbench.testing.view_types import check_declarations, check_view_type

COLUMNS = [
    {"title": "Task", "uidt": "SingleLineText"},
    {"title": "Starts", "uidt": "Date"},
    {"title": "Ends", "uidt": "Date"},
]


def test_declarations():
    check_declarations(workbench_timeline.Timeline)


def test_contract(tmp_path):
    app = app_with_plugins(tmp_path, ("timeline", workbench_timeline))
    check_view_type(
        app,
        "timeline",
        valid={"day_width": 40},
        invalid=[{"day_width": 2}, {"fk_start_column_id": "Task"}, {"fk_end_column_id": "nope"}],
        columns=COLUMNS,
    )


def test_a_new_timeline_spans_the_first_two_date_fields(tmp_path):
    client = Client(app_with_plugins(tmp_path, ("timeline", workbench_timeline)))
    token = client.signup("author@example.com")
    headers = client.auth(token)
    project = client.create_project(token)
    table = create_table(client, token, project["id"], "Plan", COLUMNS)
    ids = {c["title"]: c["id"] for c in table["columns"]}
    view = client.post_json(f"/api/v1/db/meta/tables/{table['id']}/timelines", {"title": "Plan"}, headers=headers).json
    settings = client.get(f"/api/v1/db/meta/timelines/{view['id']}", headers=headers).json
    assert settings["fk_start_column_id"] == ids["Starts"]
    assert settings["fk_end_column_id"] == ids["Ends"]
    assert settings["day_width"] == 24
    # fields may be named by title; the end may be taken away
    changed = client.patch_json(
        f"/api/v1/db/meta/timelines/{view['id']}",
        {"fk_start_column_id": "Ends", "fk_end_column_id": None},
        headers=headers,
    ).json
    assert changed["fk_start_column_id"] == ids["Ends"]
    assert changed["fk_end_column_id"] is None
