"""The audit log in headless Chromium, on a server that keeps entries 90 days: the owner
filters the project's changes by the way they came (an API token's against the web app's)
and by a range of days; an edit of a yes/no field reads yes and no in words, and the screen
states how long entries are kept."""

from __future__ import annotations

import datetime as dt
import json
import urllib.request

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import Server, _require_build_and_browser
from tests.e2e.support import _live_page, _sign_up_first_user, display_field, project_with_table, screenshot

pytestmark = pytest.mark.e2e


@pytest.fixture
def keeping_server(tmp_path):
    _require_build_and_browser()
    srv = Server(tmp_path, env={"WORKBENCH_HISTORY_RETENTION_DAYS": "90"})
    yield srv
    srv.stop()


def _write(server, method: str, path: str, body, **headers) -> None:
    headers = {"content-type": "application/json", **headers}
    request = urllib.request.Request(server.url + path, data=json.dumps(body).encode(), method=method, headers=headers)
    with urllib.request.urlopen(request, timeout=10) as response:
        response.read()


def test_the_owner_filters_the_log_by_way_and_days(keeping_server, browser):
    server = keeping_server
    owner = _sign_up_first_user(server)
    columns = [display_field(), {"title": "Done", "column_name": "done", "uidt": "Checkbox"}]
    project, table = project_with_table(server, owner, title="Works", columns=columns, records=[{"Name": "gear"}])
    records = f"/api/v2/tables/{table['id']}/records"
    api_token = server.api("POST", "/api/v1/tokens", {"description": "script"}, token=owner)["token"]
    _write(server, "PATCH", records, {"Id": 1, "Done": True}, **{"xc-token": api_token})
    _write(server, "PATCH", records, {"Id": 1, "Name": "cog"}, **{"xc-auth": owner})

    with _live_page(browser, server, owner, f"/nc/{project['id']}", project["id"]) as page:
        page.get_by_test_id("open-audit").click()
        log = page.get_by_test_id("audit-log")
        expect(log.get_by_test_id("audit-retention")).to_have_text(
            "Entries older than 90 days are deleted (a setting of the server)."
        )
        entries = log.get_by_test_id("history-entry")
        expect(entries.first.get_by_test_id("history-change")).to_have_text(["Name gear → cog"])

        log.get_by_test_id("audit-via").select_option("api_token")
        expect(entries).to_have_count(1)
        expect(entries.get_by_test_id("history-change")).to_have_text(["Done no → yes"])
        expect(entries).to_contain_text("API token")
        screenshot(page, "audit-log-filters")

        log.get_by_test_id("audit-via").select_option("web")
        expect(entries.first.get_by_test_id("history-change")).to_have_text(["Name gear → cog"])
        expect(entries.filter(has_text="API token")).to_have_count(0)

        tomorrow = (dt.date.today() + dt.timedelta(days=1)).isoformat()
        yesterday = (dt.date.today() - dt.timedelta(days=1)).isoformat()
        log.get_by_test_id("audit-from").fill(tomorrow)
        expect(log.get_by_test_id("audit-empty")).to_be_visible()
        log.get_by_test_id("audit-from").fill(yesterday)
        expect(entries.first.get_by_test_id("history-change")).to_have_text(["Name gear → cog"])
        log.get_by_test_id("audit-to").fill(yesterday)
        expect(log.get_by_test_id("audit-empty")).to_be_visible()
        log.get_by_test_id("audit-to").fill("")
        log.get_by_test_id("audit-via").select_option("")
        expect(log.get_by_test_id("history-change").filter(has_text="Done")).to_have_text(["Done no → yes"])
