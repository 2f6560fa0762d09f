"""A hook's payload writes each field's value as the field type's export form makes it: a
date in the field's format, a select as its text, a link as the display values of its
records, an attachment as its files' addresses; the same text a CSV export writes."""

from __future__ import annotations

import csv
import io

import pytest

from tests.functional.hooks.test_hook_events import add_hook
from workbench.testing.tables import create_table

pytestmark = pytest.mark.dialects

META = "/api/v1/db/meta"


def test_a_date_a_select_a_link_and_an_attachment_arrive_as_the_export_writes_them(client, admin, receiver):
    h = client.auth(admin)
    project = client.create_project(admin)
    makers = create_table(client, admin, project["id"], "Makers", [{"title": "Label"}])
    items = create_table(
        client,
        admin,
        project["id"],
        "Items",
        [
            {"title": "Name"},
            {"title": "Qty", "uidt": "Number"},
            {
                "title": "Status",
                "uidt": "SingleSelect",
                "colOptions": {"options": [{"title": "todo"}, {"title": "done"}]},
            },
            {"title": "Due", "uidt": "Date", "meta": {"date_format": "DD/MM/YYYY"}},
            {"title": "Photo", "uidt": "Attachment"},
        ],
    )
    client.post_json(f"/api/v2/tables/{makers['id']}/records", [{"Label": "Acme"}, {"Label": "Bolt"}], headers=h)
    link = client.post_json(
        f"{META}/tables/{items['id']}/columns",
        {
            "title": "Maker",
            "uidt": "LinkToAnotherRecord",
            "parentId": items["id"],
            "childId": makers["id"],
            "type": "bt",
        },
        headers=h,
    ).json
    link_id = next(c["id"] for c in link["columns"] if c["title"] == "Maker")
    stored = f"api/v1/db/storage/download/{project['id']}/{'A' * 24}/photo.png"
    files = [{"url": "https://example.com/a.pdf", "title": "a.pdf"}, {"path": stored, "title": "photo.png"}]
    records = f"/api/v2/tables/{items['id']}/records"
    client.post_json(
        records, {"Name": "pen", "Qty": 3, "Status": "done", "Due": "2024-05-06", "Photo": files}, headers=h
    )
    client.post_json(f"/api/v2/tables/{items['id']}/links/{link_id}/records/1", {"Id": 2}, headers=h)
    add_hook(client, h, items, receiver.url, "update")
    client.patch_json(records, {"Id": 1, "Name": "pen 2"}, headers=h)
    client.worker.drain()

    [call] = receiver.calls
    assert set(call["body"]) == {"type", "id", "data"}  # NocoDB's payload, nothing of the outbox's
    [row] = call["body"]["data"]["rows"]
    base = f"/api/v1/db/data/noco/{project['id']}/{items['id']}/export/csv"
    text = client.get(base, {"fields": "Name,Status,Due,Maker,Photo"}, headers=h).body.decode("utf-8")
    header, exported = list(csv.reader(io.StringIO(text, newline="")))[:2]
    assert dict(zip(header, exported, strict=True)) == {k: row[k] for k in header}
    assert row["Due"] == "06/05/2024"
    assert row["Status"] == "done"
    assert row["Maker"] == "Bolt"
    assert row["Photo"] == f"https://example.com/a.pdf, http://localhost/{stored}"
    # numbers stay numbers
    assert row["Qty"] == 3
    [before] = call["body"]["data"]["previous_rows"]
    assert (before["Name"], before["Due"]) == ("pen", "06/05/2024")
