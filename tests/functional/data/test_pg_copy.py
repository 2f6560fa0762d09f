"""On PostgreSQL a batch of columns goes in by COPY, its keys numbered from the table's
sequence beforehand: the keys answered are the records', imports stay resumable and
cancellable, and later inserts are numbered after the batch. The other dialects insert the
same batches their own way, with the same results."""

from __future__ import annotations

import pytest

from tests.functional.data.test_imports import finish, people_csv, start, upload
from workbench.data import pg_copy
from workbench.testing.tables import create_table

pytestmark = pytest.mark.dialects
V1 = "/api/v1/db/meta"


@pytest.fixture
def copies(monkeypatch):
    """The batches copied (their sizes), the real COPY still done."""
    sizes: list[int] = []
    real = pg_copy.copy_rows

    def counted(connection, table, pk, keys, batch):
        found = real(connection, table, pk, keys, batch)
        sizes.append(len(batch))
        return found

    monkeypatch.setattr(pg_copy, "copy_rows", counted)
    return sizes


def test_a_bulk_insert_answers_the_keys_of_its_records(client, admin, dialect, copies):
    project = client.create_project(admin, "Shop")
    table = create_table(client, admin, project["id"], "Items", [{"title": "Name"}, {"title": "Qty", "uidt": "Number"}])
    url, h = f"/api/v2/tables/{table['id']}/records", client.auth(admin)
    keys = client.post_json(url, [{"Name": f"n{i}", "Qty": str(i)} for i in range(300)], headers=h).json
    assert copies == ([300] if dialect == "postgresql" else [])
    assert [k["Id"] for k in keys] == list(range(1, 301))
    rows = client.get(url, {"limit": 1000, "sort": "Id"}, headers=h).json["list"]
    assert [(r["Id"], r["Name"], r["Qty"]) for r in rows] == [(i + 1, f"n{i}", i) for i in range(300)]
    # numbered after the batch
    assert client.post_json(url, {"Name": "next"}, headers=h).json == {"Id": 301}


def test_an_import_copied_in_batches_resumes_and_cancels(client, admin, data_app, dialect, copies, monkeypatch):
    monkeypatch.setattr("workbench.imports.run.BATCH", 1000)
    monkeypatch.setattr("workbench.imports.run.COPY_CELLS", 0)  # as many rows into PostgreSQL
    runner = data_app.registry["import_runner"]
    monkeypatch.setattr(runner, "autostart", False)
    pid = client.create_project(admin, "Imports")["id"]
    job = upload(client, admin, pid, people_csv(2500))
    table_id = start(client, admin, job)["tables"][0]["id"]
    assert runner.run(job["id"], max_batches=2) == "running"
    assert runner.resume() == [job["id"]]
    assert finish(data_app, client, admin, job["id"])["rows_done"] == {"people": 2500}
    assert copies == ([1000, 1000, 500] if dialect == "postgresql" else [])
    h = client.auth(admin)
    rows = client.get(f"/api/v2/tables/{table_id}/records", {"limit": 1000, "sort": "Id"}, headers=h).json["list"]
    assert [r["Name"] for r in rows] == [f"Person {i}" for i in range(1, 1001)]
    assert rows[0]["Member"] is True
    assert rows[1]["Member"] is False
    assert client.get(f"/api/v2/tables/{table_id}/records/count", headers=h).json["count"] == 2500

    # into an existing table: a cancel deletes the copied rows by their keys
    copies.clear()
    job = upload(client, admin, pid, people_csv(1500), table_id=table_id)
    start(client, admin, job)
    runner.run(job["id"], max_batches=1)
    assert client.get(f"/api/v2/tables/{table_id}/records/count", headers=h).json["count"] == 3500
    client.delete(f"{V1}/imports/{job['id']}", headers=h)
    assert client.get(f"/api/v2/tables/{table_id}/records/count", headers=h).json["count"] == 2500
    assert copies == ([1000] if dialect == "postgresql" else [])


def test_text_with_tabs_newlines_and_backslashes_is_copied_as_it_is(client, admin, data_app, dialect, copies):
    tricky = ["tab\there", "line\nbreak", "carriage\rreturn", "back\\slash", "\\N", "\\t", "form\ffeed", "", "é ü"]
    lines = ["Name,Note,Seen"]
    for i in range(150):
        text = tricky[i % len(tricky)].replace('"', '""')
        lines.append(f'n{i},"{text}",2024-01-{1 + i % 28:02d} 10:11:12')
    pid = client.create_project(admin, "Imports")["id"]
    job = upload(client, admin, pid, ("\n".join(lines) + "\n").encode())
    assert [c["uidt"] for c in job["template"]["tables"][0]["columns"]][2] == "DateTime"
    table_id = start(client, admin, job)["tables"][0]["id"]
    assert finish(data_app, client, admin, job["id"])["rows_done"] == {"people": 150}
    assert copies == ([150] if dialect == "postgresql" else [])
    h = client.auth(admin)
    rows = client.get(f"/api/v2/tables/{table_id}/records", {"limit": 1000, "sort": "Id"}, headers=h).json["list"]
    assert [(r["Name"], r["Note"]) for r in rows] == [(f"n{i}", tricky[i % len(tricky)] or None) for i in range(150)]
    assert [r["Seen"] for r in rows] == [f"2024-01-{1 + i % 28:02d} 10:11:12+00:00" for i in range(150)]


def test_batches_into_postgresql_hold_more_rows_and_resume(client, admin, data_app, dialect, copies, monkeypatch):
    """A copied batch holds up to ``COPY_CELLS`` values (people_csv: 6 columns), at least
    ``BATCH`` rows; a job stopped after one batch resumes after it."""
    monkeypatch.setattr("workbench.imports.run.BATCH", 500)
    monkeypatch.setattr("workbench.imports.run.COPY_CELLS", 6 * 1200)
    runner = data_app.registry["import_runner"]
    monkeypatch.setattr(runner, "autostart", False)
    pid = client.create_project(admin, "Imports")["id"]
    job = upload(client, admin, pid, people_csv(3000, bad={1500: "old"}))
    table_id = start(client, admin, job)["tables"][0]["id"]
    assert runner.run(job["id"], max_batches=1) == "running"
    size = 1200 if dialect == "postgresql" else 500
    h = client.auth(admin)
    assert client.get(f"{V1}/imports/{job['id']}", headers=h).json["rows_done"] == {"people": size}
    assert runner.resume() == [job["id"]]
    done = finish(data_app, client, admin, job["id"])
    assert done["rows_done"] == {"people": 2999}
    assert [(e["row"], e["column"]) for e in done["errors"]] == [(1500, "Age")]
    # the batch with the bad row is inserted row by row, the others copied
    assert copies == ([1200, 600] if dialect == "postgresql" else [])
    rows = client.get(f"/api/v2/tables/{table_id}/records", {"limit": 1000, "offset": 1400, "sort": "Id"}, headers=h)
    names = [r["Name"] for r in rows.json["list"]]
    assert names[:101] == [f"Person {i}" for i in range(1401, 1500)] + ["Person 1501", "Person 1502"]


def test_decimals_copied_from_their_texts_read_back_as_the_same_numbers(client, admin, dialect, copies):
    project = client.create_project(admin, "Shop")
    table = create_table(client, admin, project["id"], "Items", [{"title": "Price", "uidt": "Decimal"}])
    url, h = f"/api/v2/tables/{table['id']}/records", client.auth(admin)
    texts = ["12.50", "-.5", "3", "0.1", "007.25", "123456789.012345", "1e3", "12345.6789012", "-98765.4321"]
    rows = [{"Price": texts[i % len(texts)]} for i in range(160)]
    client.post_json(url, rows, headers=h)
    assert copies == ([160] if dialect == "postgresql" else [])
    found = client.get(url, {"limit": 1000, "sort": "Id"}, headers=h).json["list"]
    assert [r["Price"] for r in found] == [float(row["Price"]) for row in rows]
