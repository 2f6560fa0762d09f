"""The three example plugins (examples/: a Color field type, a Timeline view type and an
iCalendar importer), built with the plugin kit and pip-installed beside the server's
Workbench (a folder on its PYTHONPATH), used through the web app alone: a Color field is added and a colour picked, a
timeline view created and set up in its toolbar, an .ics file imported through the wizard
with the importer's own option. Disabled in the ini and restarted, they are gone from every
menu, and what they made stays readable."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.common.plugin_env import pip_install_target
from tests.e2e.conftest import PageErrors, Server, _require_build_and_browser
from tests.e2e.support import (
    _use_token,
    add_table,
    column_id,
    create_project,
    display_field,
    field_cell,
    fresh_page,
    list_records,
    pick_field_type,
    saved_value,
    screenshot,
    sign_up,
)

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
EXAMPLES = ("color", "timeline", "ics")
CALENDAR = (
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Workbench//Test//EN\r\n"
    "BEGIN:VEVENT\r\nSUMMARY:Old kick-off\r\nDTSTART;VALUE=DATE:20200110\r\nEND:VEVENT\r\n"
    "BEGIN:VEVENT\r\nSUMMARY:Offsite\r\nDTSTART;VALUE=DATE:20250602\r\nDTEND;VALUE=DATE:20250604\r\n"
    "LOCATION:Lake house\r\nEND:VEVENT\r\n"
    "BEGIN:VEVENT\r\nSUMMARY:Review\r\nDTSTART:20250915T140000Z\r\nEND:VEVENT\r\n"
    "END:VCALENDAR\r\n"
)


@pytest.fixture(scope="module")
def plugin_site(tmp_path_factory) -> Path:
    """A folder with the three examples built and pip-installed into it."""
    _require_build_and_browser()
    for name in EXAMPLES:
        built = subprocess.run(
            [str(BIN / "workbench"), "plugin", "build", str(ROOT / "examples" / name)],
            capture_output=True,
            text=True,
            check=False,
        )
        assert built.returncode == 0, built.stderr
    site = tmp_path_factory.mktemp("plugins") / "site"
    return pip_install_target(site, *(ROOT / "examples" / name for name in EXAMPLES))


def _loaded(page, *plugins: str) -> None:
    names = ", ".join(f"'{name}'" for name in plugins)
    page.wait_for_function(f"() => window.__wbPlugins && [{names}].every((n) => window.__wbPlugins.loaded.includes(n))")


def test_the_examples_through_the_ui_then_disabled(browser, plugin_site, tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    server = Server(data, env={"PYTHONPATH": str(plugin_site), "WORKBENCH_PLUGINS_DISABLED": None})
    try:
        token = sign_up(server, "owner@example.com")
        project = create_project(server, token, "Studio")
        columns = [display_field("Task"), {"title": "Begins", "uidt": "Date"}, {"title": "Finishes", "uidt": "Date"}]
        rows = [
            {"Task": "Design", "Begins": "2025-03-03", "Finishes": "2025-03-14"},
            {"Task": "Build", "Begins": "2025-03-10", "Finishes": "2025-04-02"},
            {"Task": "Someday", "Begins": None, "Finishes": None},
        ]
        table = add_table(server, token, project["id"], "Plan", columns, rows)
        with fresh_page(browser, server) as page:
            errors = PageErrors(page)
            _use_token(page, token)
            page.goto(f"/nc/{project['id']}/table/Plan")
            _loaded(page, "color", "timeline", "ics")
            expect(page.get_by_test_id("grid-row")).to_have_count(3)

            # A Color field, its palette set in the field dialog (the plugin's settings).
            page.get_by_test_id("add-field").click()
            page.get_by_test_id("field-title-input").fill("Shade")
            pick_field_type(page, "Colour")
            settings = page.get_by_test_id("color-settings")
            expect(settings).to_be_visible()
            settings.get_by_role("textbox", name="Colour code").fill("#123456")
            settings.get_by_role("button", name="Add").click()
            settings.get_by_role("button", name="Remove #495057").click()
            screenshot(page, "example-color-settings")
            page.get_by_test_id("field-submit").click()
            # The dialog gives the focus back as it finishes closing: an editor opened before
            # then would lose it and close.
            expect(page.locator(".bp6-dialog")).to_have_count(0)
            expect(page.get_by_test_id("column-header").filter(has_text="Shade")).to_be_visible()
            meta = server.api("GET", f"/api/v1/db/meta/tables/{table['id']}", token=token)
            shade = next(c for c in meta["columns"] if c["title"] == "Shade")
            assert shade["uidt"] == "Color"
            assert "#123456" in shade["meta"]["palette"]
            assert "#495057" not in shade["meta"]["palette"]

            # A colour picked from the palette in the cell's editor.
            field_cell(page, "Shade").dblclick()
            editor = page.get_by_test_id("color-editor")
            expect(editor.get_by_role("option")).to_have_count(len(shade["meta"]["palette"]))
            editor.get_by_role("option", name="#123456").click()
            expect(field_cell(page, "Shade").get_by_test_id("color-cell")).to_have_attribute("data-colour", "#123456")
            screenshot(page, "example-color-cell")
            assert saved_value(server, token, table, "Shade", "#123456") == "#123456"

            # A timeline view, from the create-view menu; its toolbar sets where records end.
            page.get_by_test_id("create-view-timeline").click()
            page.get_by_test_id("view-title-input").fill("Schedule")
            page.get_by_test_id("view-create-submit").click()
            expect(page.locator(".bp6-dialog")).to_have_count(0)
            expect(page.get_by_test_id("timeline-toolbar")).to_be_visible()
            expect(page.get_by_test_id("timeline-bar")).to_have_count(2)
            expect(page.get_by_test_id("timeline-unplaced")).to_contain_text("1 record has no start date")
            design = page.get_by_role("img", name=re.compile("^Design: "))
            width = design.bounding_box()["width"]
            expect(page.get_by_test_id("timeline-end")).to_have_value(column_id(table, "Finishes"))
            screenshot(page, "example-timeline")
            page.get_by_test_id("timeline-end").select_option(label="On its start day")
            expect(page.get_by_role("img", name=re.compile("^Design: "))).to_have_attribute(
                "aria-label", re.compile(r"Mar 3, 2025 to Mar 3, 2025")
            )
            assert page.get_by_role("img", name=re.compile("^Design: ")).bounding_box()["width"] < width
            views = server.api("GET", f"/api/v1/db/meta/tables/{table['id']}/views", token=token)["list"]
            timeline = next(v for v in views if v["title"] == "Schedule")
            settings = server.api("GET", f"/api/v1/db/meta/timelines/{timeline['id']}", token=token)
            assert settings["fk_start_column_id"] == column_id(table, "Begins")
            assert settings["fk_end_column_id"] is None

            # An .ics file imported into a new table, the importer's own option in the wizard.
            ics = tmp_path / "team.ics"
            ics.write_text(CALENDAR, newline="")
            page.goto(f"/nc/{project['id']}")
            page.get_by_test_id("import-ics").click()
            page.get_by_test_id("import-file-input").set_input_files(str(ics))
            expect(page.get_by_test_id("import-file")).to_contain_text("team.ics")
            page.get_by_test_id("ics-since").fill("2025-01-01")
            screenshot(page, "example-ics-options")
            page.get_by_test_id("import-upload").click()
            expect(page.get_by_test_id("import-template")).to_be_visible()
            expect(page.get_by_test_id("import-preview-row")).to_have_count(2)
            page.get_by_test_id("import-start").click()
            expect(page.get_by_test_id("import-progress")).to_have_attribute("data-status", "done")
            page.get_by_test_id("import-close").click()
            tables = server.api("GET", f"/api/v1/db/meta/projects/{project['id']}/tables", token=token)["list"]
            team = next(t for t in tables if t["title"] == "team")
            imported = list_records(server, token, team)
            assert [r["Summary"] for r in imported] == ["Offsite", "Review"]
            assert imported[0]["Location"] == "Lake house"
            assert errors.uncaught() == []
            assert errors.refused_by_policy() == []

        # Disabled in the ini (its environment variable) and restarted: gone from every menu.
        server.restart({"WORKBENCH_PLUGINS_DISABLED": "color timeline ics"})
        listed = {p["name"]: p for p in server.api("GET", "/api/v1/plugins", token=token)["list"]}
        assert [listed[name]["enabled"] for name in EXAMPLES] == [False, False, False]
        with fresh_page(browser, server) as page:
            errors = PageErrors(page)
            _use_token(page, token)
            page.goto(f"/nc/{project['id']}")
            expect(page.get_by_test_id("import-csv")).to_be_visible()
            expect(page.get_by_test_id("import-ics")).to_have_count(0)
            page.goto(f"/nc/{project['id']}/table/Plan")
            expect(page.get_by_test_id("grid-row")).to_have_count(3)
            expect(page.get_by_test_id("create-view-grid")).to_be_visible()
            expect(page.get_by_test_id("create-view-timeline")).to_have_count(0)
            expect(page.get_by_test_id("view-item").filter(has_text="Schedule")).to_have_count(0)
            # the colour stays readable, as text
            expect(field_cell(page, "Shade")).to_contain_text("#123456")
            page.get_by_test_id("add-field").click()
            page.get_by_test_id("field-type-select").click()
            page.get_by_test_id("field-type-search").fill("Colour")
            expect(
                page.get_by_test_id("field-type-menu").get_by_role("menuitem", name="Colour", exact=True)
            ).to_have_count(0)
            screenshot(page, "example-plugins-disabled")
            assert errors.uncaught() == []
        assert list_records(server, token, table)[0]["Shade"] == "#123456"
        team_rows = list_records(server, token, team)
        assert [r["Summary"] for r in team_rows] == ["Offsite", "Review"]
    finally:
        server.stop()
