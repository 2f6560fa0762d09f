"""The import wizard in headless Chromium against the real import jobs: a small CSV imported
into a new table from the project home (a column renamed and retyped in the template editor,
the new table opened when done), a CSV imported into an existing table with a mapping of its
columns onto the table's fields, JSON and a workbook with a sheet left out, refused values
listed, and a long import left running, followed on the project home and cancelled; the
records are read through the REST API."""

from __future__ import annotations

import json
import re

import pytest
from openpyxl import Workbook
from playwright.sync_api import expect

from tests.e2e.support import (
    _member_token,
    _sign_up_first_user,
    _use_token,
    column_id,
    create_project,
    display_field,
    fresh_page,
    list_records,
    number_field,
    project_with_table,
    screenshot,
    wait_until,
)

pytestmark = pytest.mark.e2e

PEOPLE = "Name,Age,City\nAda,36,London\nAlan,41,Wilmslow\nGrace,85,Arlington\n"


def _tables(server, token, project_id):
    return server.api("GET", f"/api/v1/db/meta/projects/{project_id}/tables", token=token)["list"]


def _wait_for(page, condition, timeout=15.0):
    """Wait for `condition`, letting the page's events (socket frames) come in meanwhile."""
    assert wait_until(condition, timeout, page), "condition not met in time"


def _column(page, ref):
    return page.get_by_test_id("import-column").and_(page.locator(f"[data-ref='{ref}']"))


def test_a_csv_becomes_a_new_table_with_a_column_renamed_and_retyped(server, page, tmp_path):
    token = _sign_up_first_user(server)
    project = create_project(server, token, "Team")
    csv = tmp_path / "people.csv"
    csv.write_text(PEOPLE)
    wrong = tmp_path / "people.txt"
    wrong.write_text(PEOPLE)
    _use_token(page, token)
    page.goto(f"/nc/{project['id']}")

    page.get_by_test_id("import-csv").click()
    # A file whose name does not end in csv is refused before any upload.
    page.get_by_test_id("import-file-input").set_input_files(str(wrong))
    expect(page.get_by_test_id("import-file-error")).to_contain_text(
        "people.txt: target file is not an accepted file type. Accepted types: .csv"
    )
    expect(page.get_by_test_id("import-upload")).to_be_disabled()
    page.get_by_test_id("import-file-input").set_input_files(str(csv))
    expect(page.get_by_test_id("import-file")).to_contain_text("people.csv")
    expect(page.get_by_test_id("import-file")).to_contain_text("B")
    page.get_by_test_id("import-upload").click()

    # The template editor: the detected columns and the first rows.
    expect(page.get_by_test_id("import-template")).to_be_visible()
    expect(page.get_by_test_id("import-preview-row")).to_have_count(3)
    expect(page.get_by_test_id("import-table-name")).to_have_value("people")
    expect(_column(page, "Age").get_by_test_id("import-column-type")).to_have_value("Number")
    name = _column(page, "Name").get_by_test_id("import-column-name")
    name.fill("age")
    error = _column(page, "Name").get_by_test_id("import-column-error")
    expect(error).to_have_text("A field with this name already exists")
    expect(page.get_by_test_id("import-start")).to_be_disabled()
    name.fill("Full name")
    _column(page, "Age").get_by_test_id("import-column-type").select_option("Decimal")
    # Blueprint draws its own box over the input: the label takes the click.
    _column(page, "City").locator("label").click()
    expect(_column(page, "City").get_by_test_id("import-column-include")).not_to_be_checked()
    screenshot(page, "import-template")
    page.get_by_test_id("import-start").click()

    expect(page.get_by_test_id("import-progress")).to_have_attribute("data-status", "done")
    expect(page.get_by_test_id("import-progress").get_by_test_id("import-records")).to_have_text("3 of 3 records")
    # The new table opens behind the wizard, which links to it.
    expect(page).to_have_url(re.compile(r"/table/people$"))
    expect(page.get_by_test_id("import-open-table")).to_have_text("people")
    screenshot(page, "import-done")
    page.get_by_test_id("import-close").click()
    expect(page.get_by_test_id("table-list")).to_contain_text("people")
    expect(page.get_by_test_id("grid-row")).to_have_count(3)

    table = next(t for t in _tables(server, token, project["id"]) if t["title"] == "people")
    meta = server.api("GET", f"/api/v1/db/meta/tables/{table['id']}", token=token)
    by_title = {c["title"]: c for c in meta["columns"]}
    assert by_title["Full name"]["uidt"] == "SingleLineText"
    assert by_title["Age"]["uidt"] == "Decimal"
    assert "City" not in by_title
    records = list_records(server, token, table)
    assert [(r["Full name"], float(r["Age"])) for r in records] == [("Ada", 36.0), ("Alan", 41.0), ("Grace", 85.0)]

    # The project home lists the import.
    page.goto(f"/nc/{project['id']}")
    expect(page.get_by_test_id("recent-import")).to_have_count(1)
    expect(page.get_by_test_id("recent-import")).to_have_attribute("data-status", "done")


def test_a_csv_is_imported_into_an_existing_table_through_a_mapping(server, page, tmp_path):
    token = _sign_up_first_user(server)
    project, table = project_with_table(
        server, token, columns=[display_field(), number_field("Qty")], records=[{"Name": "washer", "Qty": 1}]
    )
    csv = tmp_path / "parts.csv"
    csv.write_text("Part,qty,Notes\nbolt,5,steel\nnut,7,brass\n")
    _use_token(page, token)
    page.goto(f"/nc/{project['id']}/table/Parts")
    expect(page.get_by_test_id("grid-row")).to_have_count(1)

    page.get_by_test_id("import-into-table").click()
    expect(page.get_by_text("Import into Parts")).to_be_visible()
    page.get_by_test_id("import-file-input").set_input_files(str(csv))
    page.get_by_test_id("import-upload").click()
    expect(page.get_by_test_id("import-template")).to_be_visible()

    # Matched by title (case-insensitive); the others are skipped until chosen.
    expect(_column(page, "qty").get_by_test_id("import-column-map")).to_have_value(column_id(table, "Qty"))
    expect(_column(page, "Part").get_by_test_id("import-column-map")).to_have_value("")
    expect(_column(page, "Notes").get_by_test_id("import-column-map")).to_have_value("")
    _column(page, "Part").get_by_test_id("import-column-map").select_option(label="Name")
    screenshot(page, "import-mapping")
    page.get_by_test_id("import-start").click()

    expect(page.get_by_test_id("import-progress")).to_have_attribute("data-status", "done")
    expect(page.get_by_test_id("import-progress").get_by_test_id("import-records")).to_have_text("2 of 2 records")
    page.get_by_test_id("import-close").click()
    expect(page.get_by_test_id("grid-row")).to_have_count(3)

    records = list_records(server, token, table)
    assert sorted((r["Name"], r["Qty"]) for r in records) == [("bolt", 5), ("nut", 7), ("washer", 1)]


def test_an_editor_imports_csv_into_a_table_and_creates_none(server, browser, tmp_path):
    owner = _sign_up_first_user(server)
    project, table = project_with_table(server, owner, columns=[display_field(), number_field("Qty")])
    editor = _member_token(server, owner, project["id"], "editor@example.com", "editor")
    csv = tmp_path / "more.csv"
    csv.write_text("Name,Qty\nscrew,9\n")
    with fresh_page(browser, server) as page:
        _use_token(page, editor)
        page.goto(f"/nc/{project['id']}")
        expect(page.get_by_test_id("project-home")).to_be_visible()
        expect(page.get_by_test_id("import-csv")).to_have_count(0)
        page.goto(f"/nc/{project['id']}/table/Parts")
        page.get_by_test_id("import-into-table").click()
        expect(page.get_by_test_id("import-file-input")).to_have_attribute("accept", ".csv")
        page.get_by_test_id("import-file-input").set_input_files(str(csv))
        page.get_by_test_id("import-upload").click()
        page.get_by_test_id("import-start").click()
        expect(page.get_by_test_id("import-progress")).to_have_attribute("data-status", "done")
    assert [(r["Name"], r["Qty"]) for r in list_records(server, owner, table)] == [("screw", 9)]


def test_a_running_import_is_listed_on_the_project_home_and_cancelled_there(server, page, tmp_path):
    token = _sign_up_first_user(server)
    project = create_project(server, token, "Big")
    csv = tmp_path / "many.csv"
    # Enough rows that the job still runs when it is cancelled (about 300,000 rows a second
    # go in on a quiet machine).
    csv.write_text("Name,Qty\n" + "".join(f"item {n},{n}\n" for n in range(2_000_000)))
    _use_token(page, token)
    frames = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda frame: frames.append(frame)))
    page.goto(f"/nc/{project['id']}")

    page.get_by_test_id("import-csv").click()
    page.get_by_test_id("import-file-input").set_input_files(str(csv))
    page.get_by_test_id("import-upload").click()
    expect(page.get_by_test_id("import-template")).to_be_visible()
    page.get_by_test_id("import-start").click()
    expect(page.get_by_test_id("import-progress")).to_have_attribute("data-status", "running")
    # Progress also comes on the realtime socket (the wizard polls as well).
    _wait_for(page, lambda: any('"event": "import"' in str(f) or '"event":"import"' in str(f) for f in frames))
    records = page.get_by_test_id("import-progress").get_by_test_id("import-records")
    expect(records).to_contain_text("of 2,000,000 records")

    # Closed, the wizard leaves the import running; the project home shows its progress.
    page.get_by_test_id("import-close").click()
    recent = page.get_by_test_id("recent-import")
    expect(recent).to_have_attribute("data-status", "running")
    expect(recent.get_by_test_id("import-records")).to_contain_text("of 2,000,000 records")

    # Reopened from there, it is cancelled after a confirmation, and undone.
    recent.get_by_test_id("recent-import-open").click()
    page.get_by_test_id("import-cancel").click()
    page.locator(".bp6-alert").get_by_role("button", name="Cancel import").click()
    expect(page.get_by_test_id("import-progress")).to_have_attribute("data-status", "cancelled")
    expect(page.get_by_test_id("import-cancelled")).to_be_visible()
    page.get_by_test_id("import-close").click()
    expect(recent).to_have_attribute("data-status", "cancelled")
    assert _tables(server, token, project["id"]) == []


def test_rows_that_cannot_be_stored_are_listed_and_the_others_imported(server, page, tmp_path):
    token = _sign_up_first_user(server)
    project = create_project(server, token, "Checks")
    csv = tmp_path / "ages.csv"
    csv.write_text("Name,Age\nAda,36\nBob,unknown\nCyd,29\n")
    _use_token(page, token)
    page.goto(f"/nc/{project['id']}")

    page.get_by_test_id("import-csv").click()
    page.get_by_test_id("import-file-input").set_input_files(str(csv))
    page.get_by_test_id("import-upload").click()
    age_type = _column(page, "Age").get_by_test_id("import-column-type")
    expect(age_type).to_have_value("SingleLineText")
    age_type.select_option("Number")
    page.get_by_test_id("import-start").click()

    expect(page.get_by_test_id("import-progress")).to_have_attribute("data-status", "done")
    errors = page.get_by_test_id("import-errors")
    expect(errors).to_contain_text("Rows not stored: 1")
    row = errors.get_by_test_id("import-error-row")
    expect(row).to_have_count(1)
    expect(row.locator("td").nth(1)).to_have_text("Age")
    screenshot(page, "import-errors")

    table = next(t for t in _tables(server, token, project["id"]) if t["title"] == "ages")
    assert [(r["Name"], r["Age"]) for r in list_records(server, token, table)] == [("Ada", 36), ("Cyd", 29)]


def test_json_and_a_workbook_with_a_sheet_left_out_become_tables(server, page, tmp_path):
    token = _sign_up_first_user(server)
    project = create_project(server, token, "Files")
    data = tmp_path / "tasks.json"
    data.write_text(json.dumps([{"Task": "write", "Done": True}, {"Task": "test", "Done": False}]))
    book = Workbook()
    book.active.title = "Stock"
    book.active.append(["Item", "Count"])
    book.active.append(["bolt", 3])
    notes = book.create_sheet("Notes")
    notes.append(["Text"])
    notes.append(["ignore me"])
    xlsx = tmp_path / "store.xlsx"
    book.save(xlsx)
    _use_token(page, token)
    page.goto(f"/nc/{project['id']}")

    page.get_by_test_id("import-json").click()
    page.get_by_test_id("import-file-input").set_input_files(str(data))
    page.get_by_test_id("import-upload").click()
    expect(_column(page, "Done").get_by_test_id("import-column-type")).to_have_value("Checkbox")
    page.get_by_test_id("import-start").click()
    expect(page.get_by_test_id("import-progress")).to_have_attribute("data-status", "done")
    page.get_by_test_id("import-close").click()
    expect(page).to_have_url(re.compile(r"/table/tasks$"))

    page.goto(f"/nc/{project['id']}")
    page.get_by_test_id("import-excel").click()
    page.get_by_test_id("import-file-input").set_input_files(str(data))
    expect(page.get_by_test_id("import-file-error")).to_contain_text(".xlsx, .xlsm, .xls, .ods, .ots")
    page.get_by_test_id("import-file-input").set_input_files(str(xlsx))
    page.get_by_test_id("import-upload").click()
    tables = page.get_by_test_id("import-table")
    expect(tables).to_have_count(2)
    tables.nth(1).locator("label").filter(has_text="Notes").click()
    expect(page.get_by_test_id("import-table-name")).to_have_count(1)
    page.get_by_test_id("import-start").click()
    expect(page.get_by_test_id("import-progress")).to_have_attribute("data-status", "done")
    expect(page).to_have_url(re.compile(r"/table/Stock$"))

    titles = sorted(t["title"] for t in _tables(server, token, project["id"]))
    assert titles == ["Stock", "tasks"]
    by_title = {t["title"]: t for t in _tables(server, token, project["id"])}
    assert [(r["Task"], r["Done"]) for r in list_records(server, token, by_title["tasks"])] == [
        ("write", True),
        ("test", False),
    ]
    assert [(r["Item"], r["Count"]) for r in list_records(server, token, by_title["Stock"])] == [("bolt", 3)]
