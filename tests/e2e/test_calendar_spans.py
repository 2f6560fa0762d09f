"""A calendar with an end date field in headless Chromium: a record spans its days (and one
that began in the month before shows from the first day); dragged to another day it keeps its
length; the date fields are changed from the calendar's head; a new calendar view takes its
end field from the create dialog. Each change is checked through the API."""

from __future__ import annotations

import datetime as dt

import pytest
from playwright.sync_api import expect

from tests.e2e.support import (
    _sign_up_first_user,
    _use_token,
    column_id,
    display_field,
    drag_and_drop,
    project_with_table,
    wait_saved,
)

pytestmark = pytest.mark.e2e


def test_records_span_their_days_and_keep_their_length(server, page):
    token = _sign_up_first_user(server)
    first = dt.datetime.now(dt.UTC).date().replace(day=1)
    on = lambda n: first.replace(day=n).isoformat()  # noqa: E731
    columns = [
        display_field(),
        {"title": "Starts", "column_name": "starts", "uidt": "Date"},
        {"title": "Ends", "column_name": "ends", "uidt": "Date"},
    ]
    rows = [
        {"Name": "Cruise", "Starts": on(10), "Ends": on(12)},
        {"Name": "Visit", "Starts": on(20), "Ends": None},
        {"Name": "Trip", "Starts": (first - dt.timedelta(days=3)).isoformat(), "Ends": on(2)},
        {"Name": "Backwards", "Starts": on(25), "Ends": on(22)},
    ]
    project, table = project_with_table(server, token, title="Plans", table="Tasks", columns=columns, records=rows)
    starts, ends = column_id(table, "Starts"), column_id(table, "Ends")
    view = server.api(
        "POST",
        f"/api/v1/db/meta/tables/{table['id']}/calendars",
        {"title": "Trips", "calendar_range": [{"fk_from_column_id": starts, "fk_to_column_id": ends}]},
        token=token,
    )
    _use_token(page, token)
    page.goto(f"/nc/{project['id']}/table/Tasks/Trips")
    calendar = page.get_by_test_id("calendar")
    day = lambda n: calendar.locator(f"[data-testid='calendar-day'][data-day='{on(n)}']")  # noqa: E731
    items = lambda n: day(n).get_by_test_id("calendar-item")  # noqa: E731

    # Cruise on the 10th, 11th and 12th; Visit (no end) and Backwards (end before start) on one day;
    # Trip, begun in the month before, on the 1st and 2nd.
    for n in (10, 11, 12):
        expect(items(n)).to_have_text(["Cruise"])
    expect(items(13)).to_have_count(0)
    expect(items(20)).to_have_text(["Visit"])
    expect(items(25)).to_have_text(["Backwards"])
    expect(items(22)).to_have_count(0)
    expect(items(1)).to_have_text(["Trip"])
    expect(items(2)).to_have_text(["Trip"])
    expect(items(1)).to_have_class("wb-calendar-item wb-calendar-continued wb-calendar-continues")
    expect(items(10)).to_have_class("wb-calendar-item wb-calendar-continues")

    # Dragged from its middle day to the 15th, the Cruise starts there and keeps its three days.
    drag_and_drop(page, items(11), day(15))
    wait_saved(server, table, token, "Cruise", "Starts", on(15))
    wait_saved(server, table, token, "Cruise", "Ends", on(17))
    for n in (15, 16, 17):
        expect(items(n)).to_have_text(["Cruise"])
    expect(items(10)).to_have_count(0)

    # Without an end field (chosen in the calendar's head) every record takes one day.
    page.get_by_test_id("calendar-fields-button").click()
    page.get_by_test_id("calendar-end-field").select_option("")
    expect(items(16)).to_have_count(0)
    expect(items(15)).to_have_text(["Cruise"])
    settings = server.api("GET", f"/api/v1/db/meta/calendars/{view['id']}", token=token)
    assert settings["calendar_range"] == [{"fk_from_column_id": starts, "fk_to_column_id": None}]
    page.get_by_test_id("calendar-end-field").select_option(ends)
    expect(items(16)).to_have_text(["Cruise"])
    page.keyboard.press("Escape")

    # A new calendar view takes its end field from the create dialog.
    page.get_by_test_id("create-view-calendar").click()
    expect(page.get_by_test_id("view-date-field")).to_have_value(starts)
    page.get_by_test_id("view-end-field").select_option(ends)
    page.get_by_test_id("view-title-input").fill("Spans")
    submit = page.get_by_test_id("view-create-submit")
    expect(submit).to_be_enabled()
    submit.click()
    expect(page).to_have_url(f"/nc/{project['id']}/table/Tasks/Spans")
    expect(items(16)).to_have_text(["Cruise"])
    views = server.api("GET", f"/api/v1/db/meta/tables/{table['id']}/views", token=token)["list"]
    created = next(v for v in views if v["title"] == "Spans")
    settings = server.api("GET", f"/api/v1/db/meta/calendars/{created['id']}", token=token)
    assert settings["calendar_range"] == [{"fk_from_column_id": starts, "fk_to_column_id": ends}]
