"""Editing faults of the grid that put values in the wrong place, each reproduced in
headless Chromium as a user meets it."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from tests.e2e.support import (
    _sign_up_first_user,
    _use_token,
    display_field,
    field_cell,
    list_records,
    number_field,
    project_with_table,
    screenshot,
)

pytestmark = pytest.mark.e2e


def _wait_records(server, table, token, expected: dict[int, tuple]) -> None:
    """Wait until the API reads (Name, Age) as ``expected`` for the records of those ids."""
    got = {}
    for _ in range(50):
        got = {r["Id"]: (r["Name"], r["Age"]) for r in list_records(server, token, table, limit=100)}
        if all(got.get(pk) == value for pk, value in expected.items()):
            return
        time.sleep(0.2)
    raise AssertionError(f"records are {got}, expected {expected}")


def test_typing_after_a_click_goes_into_the_clicked_cell(server, page):
    token = _sign_up_first_user(server)
    rows = [{"Name": f"Person {i}", "Age": 20 + i} for i in range(1, 6)]
    project, table = project_with_table(
        server, token, title="Club", table="People", columns=[display_field(), number_field("Age")], records=rows
    )
    _use_token(page, token)
    page.goto(f"/nc/{project['id']}/table/People")
    name1, age4 = field_cell(page, "Name", 1), field_cell(page, "Age", 4)
    expect(name1).to_have_text("Person 1")

    # Type into row 1's Name, click row 4's Age, type there and press Enter.
    name1.click()
    page.keyboard.type("Zed")
    expect(page.get_by_test_id("cell-editor")).to_have_value("Zed")
    age4.click()
    page.keyboard.type("99")
    expect(page.get_by_test_id("cell-editor")).to_have_value("99")
    page.keyboard.press("Enter")
    expect(name1).to_have_text("Zed")
    expect(age4).to_have_text("99")
    _wait_records(server, table, token, {1: ("Zed", 21), 4: ("Person 4", 99)})
    # Enter moved the cursor down from the clicked cell.
    expect(field_cell(page, "Age", 5)).to_have_class(r"wb-cell wb-cell-active")

    # A value the field refuses, left by a click elsewhere: the editor opens again where it
    # was, with the text and the server's message; the clicked cell is left alone.
    age2, name3 = field_cell(page, "Age", 2), field_cell(page, "Name", 3)
    age2.click()
    page.keyboard.press("Enter")
    page.get_by_test_id("cell-editor").fill("lots")
    name3.click()
    expect(page.get_by_test_id("cell-error")).to_contain_text("Age")
    expect(page.get_by_test_id("cell-editor")).to_have_value("lots")
    expect(age2.get_by_test_id("cell-editor")).to_have_count(1)
    screenshot(page, "grid-click-away-invalid")
    page.get_by_test_id("cell-editor").fill("42")
    name3.click()
    page.keyboard.type("Ann")
    page.keyboard.press("Tab")
    expect(age2).to_have_text("42")
    expect(name3).to_have_text("Ann")
    _wait_records(server, table, token, {2: ("Person 2", 42), 3: ("Ann", 23), 1: ("Zed", 21)})
