"""Restoring deleted records with their links on every dialect: a record that belongs to
another gets its key back (when that record still exists), and a record with has-many and
many-to-many links is linked again. A delete of more than 1,000 records keeps every
record's values, belongs-to keys among them, but not its has-many and many-to-many links,
and says so."""

import pytest

from tests.functional.history.test_history import HISTORY, ctx, history  # noqa: F401 (fixture)
from workbench.history.links import MAX_RECORDS
from workbench.testing.tables import create_table

pytestmark = pytest.mark.dialects


@pytest.fixture
def linked(ctx, client, admin):  # noqa: F811 (the fixture)
    """Tasks has many Tags (Subtags; a tag belongs to its task) and many-to-many Labels."""
    h = ctx["h"]
    tasks_id = ctx["table"]["id"]
    tags = create_table(client, admin, ctx["project"]["id"], "Tags", [{"title": "Label"}])
    columns = f"/api/v1/db/meta/tables/{tasks_id}/columns"
    client.post_json(columns, {"title": "Subtags", "uidt": "Links", "childId": tags["id"], "type": "hm"}, headers=h)
    client.post_json(columns, {"title": "Labels", "uidt": "Links", "childId": tags["id"], "type": "mm"}, headers=h)
    task_columns = client.get(f"/api/v1/db/meta/tables/{tasks_id}", headers=h).json["columns"]
    task_fields = {c["title"]: c["id"] for c in task_columns}
    tag_columns = client.get(f"/api/v1/db/meta/tables/{tags['id']}", headers=h).json["columns"]
    [belongs] = [c for c in tag_columns if (c.get("colOptions") or {}).get("type") == "bt"]
    return {**ctx, "tags": tags, "task_fields": task_fields, "belongs": belongs}


def linked_ids(client, h, table_id, field_id, row_id):
    res = client.get(f"/api/v2/tables/{table_id}/links/{field_id}/records/{row_id}", headers=h).json
    if isinstance(res, dict) and "list" in res:
        return sorted(r["Id"] for r in res["list"])
    return res["Id"] if res else None


def restore(client, h, table_id, entry):
    return client.post_json(f"{HISTORY}/{entry['id']}/restore", {"fk_model_id": table_id}, headers=h).json


def test_a_record_that_belongs_to_another_is_restored_into_it(linked, client):
    h, tasks, tags = linked["h"], linked["table"]["id"], linked["tags"]["id"]
    subtags = linked["task_fields"]["Subtags"]
    client.post_json(linked["records"], [{"Name": "one"}, {"Name": "two"}], headers=h)
    client.post_json(f"/api/v2/tables/{tags}/records", [{"Label": "a"}, {"Label": "b"}], headers=h)
    client.post_json(f"/api/v2/tables/{tasks}/links/{subtags}/records/1", [{"Id": 1}], headers=h)
    client.post_json(f"/api/v2/tables/{tasks}/links/{subtags}/records/2", [{"Id": 2}], headers=h)
    belongs = linked["belongs"]["id"]
    assert linked_ids(client, h, tags, belongs, 1) == 1
    client.delete_json(f"/api/v2/tables/{tags}/records", [{"Id": 1}, {"Id": 2}], headers=h)
    deleted = {e["row_id"]: e for e in client.get(HISTORY, {"fk_model_id": tags}, headers=h).json["list"]}
    # Tag 1's task is still there: the tag goes back into it. Tag 2's task is gone since:
    # the tag comes back on its own.
    client.delete_json(linked["records"], {"Id": 2}, headers=h)
    restore(client, h, tags, deleted["1"])
    restore(client, h, tags, deleted["2"])
    assert linked_ids(client, h, tags, belongs, 1) == 1
    assert linked_ids(client, h, tasks, subtags, 1) == [1]
    assert linked_ids(client, h, tags, belongs, 2) is None
    assert client.get(f"/api/v2/tables/{tags}/records/2", headers=h).json["Label"] == "b"


def test_restore_links_again_only_the_records_that_still_exist(linked, client):
    h, tasks, tags = linked["h"], linked["table"]["id"], linked["tags"]["id"]
    fields = linked["task_fields"]
    client.post_json(linked["records"], {"Name": "task"}, headers=h)
    client.post_json(f"/api/v2/tables/{tags}/records", [{"Label": f"t{i}"} for i in range(4)], headers=h)
    links = f"/api/v2/tables/{tasks}/links"
    client.post_json(f"{links}/{fields['Labels']}/records/1", [{"Id": 1}, {"Id": 2}], headers=h)
    client.post_json(f"{links}/{fields['Subtags']}/records/1", [{"Id": 3}, {"Id": 4}], headers=h)
    client.delete_json(linked["records"], {"Id": 1}, headers=h)
    client.delete_json(f"/api/v2/tables/{tags}/records", [{"Id": 2}, {"Id": 4}], headers=h)
    entry = history(linked, 1).json["list"][0]
    assert entry["details"]["links"] == {fields["Labels"]: [1, 2], fields["Subtags"]: [3, 4]}
    restore(client, h, tasks, entry)
    assert linked_ids(client, h, tasks, fields["Labels"], 1) == [1]
    assert linked_ids(client, h, tasks, fields["Subtags"], 1) == [3]
    ops = [(e["op"], e["details"].get("ids")) for e in history(linked, 1).json["list"]]
    assert ops[:3] == [("link", [1]), ("link", [3]), ("restore", None)], "the links made again are recorded"


def test_a_delete_past_the_bound_keeps_values_but_not_has_many_links(linked, client):
    h, tasks, tags = linked["h"], linked["table"]["id"], linked["tags"]["id"]
    fields = linked["task_fields"]
    count = MAX_RECORDS + 1
    client.post_json(linked["records"], [{"Name": f"task {i}", "Qty": i} for i in range(count)], headers=h)
    client.post_json(f"/api/v2/tables/{tags}/records", [{"Label": "x"}, {"Label": "y"}], headers=h)
    client.post_json(f"/api/v2/tables/{tasks}/links/{fields['Labels']}/records/1", [{"Id": 1}], headers=h)
    client.delete(f"/api/v1/db/data/bulk/noco/{linked['project']['id']}/{tasks}/all", headers=h)
    listed = client.get(HISTORY, {"fk_model_id": tasks, "limit": 1000}, headers=h).json
    assert listed["pageInfo"]["totalRows"] == count, "one entry per deleted record"
    first = history(linked, 1).json["list"][0]
    assert first["op"] == "delete"
    assert (first["details"]["record"]["Name"], first["details"]["links_kept"]) == ("task 0", False)
    assert "links" not in first["details"]
    restore(client, h, tasks, first)
    row = client.get(f"{linked['records']}/1", headers=h).json
    assert (row["Name"], row["Qty"]) == ("task 0", 0)
    assert linked_ids(client, h, tasks, fields["Labels"], 1) == [], "many-to-many links were not kept"
    # A smaller delete keeps them, and says nothing of the bound.
    client.post_json(f"/api/v2/tables/{tasks}/links/{fields['Labels']}/records/1", [{"Id": 2}], headers=h)
    client.delete_json(linked["records"], {"Id": 1}, headers=h)
    again = history(linked, 1).json["list"][0]
    assert again["details"]["links"] == {fields["Labels"]: [2]}
    assert "links_kept" not in again["details"]


def test_a_tag_deleted_past_the_bound_keeps_the_task_it_belongs_to(linked, client):
    h, tasks, tags = linked["h"], linked["table"]["id"], linked["tags"]["id"]
    belongs = linked["belongs"]
    client.post_json(linked["records"], {"Name": "task"}, headers=h)
    client.post_json(f"/api/v2/tables/{tags}/records", [{"Label": f"t{i}"} for i in range(MAX_RECORDS + 1)], headers=h)
    client.post_json(f"/api/v2/tables/{tags}/links/{belongs['id']}/records/7", [{"Id": 1}], headers=h)
    client.delete(f"/api/v1/db/data/bulk/noco/{linked['project']['id']}/{tags}/all", headers=h)
    entry = client.get(HISTORY, {"fk_model_id": tags, "row_id": 7}, headers=h).json["list"][0]
    restore(client, h, tags, entry)
    assert linked_ids(client, h, tags, belongs["id"], 7) == 1
    assert linked_ids(client, h, tasks, linked["task_fields"]["Subtags"], 1) == [7]
