"""What the grid shows after an edit: an edit of plain text shows as typed, with no second
request, unless the record shows a field the engine computes from it, which is read back."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.support import (
    _sign_up_first_user,
    _use_token,
    add_table,
    display_field,
    field_cell,
    project_with_table,
    wait_records,
)

pytestmark = pytest.mark.e2e

RECORD_READ = re.compile(r"/api/v2/tables/[^/]+/records/\d+$")


def _type_into(page, title: str, text: str) -> None:
    field_cell(page, title).click()
    page.keyboard.type(text)
    page.keyboard.press("Enter")


def test_a_text_edit_is_read_back_only_for_a_computed_field_shown(server, page):
    token = _sign_up_first_user(server)
    shout = {"title": "Shout", "uidt": "Formula", "formula_raw": "UPPER({Name})"}
    project, _loud = project_with_table(
        server, token, title="Club", table="Loud", columns=[display_field(), shout], records=[{"Name": "ann"}]
    )
    plain = add_table(server, token, project["id"], "Quiet", [display_field()], [{"Name": "ann"}])
    reads: list[str] = []
    page.on("request", lambda r: reads.append(r.url) if RECORD_READ.search(r.url.split("?")[0]) else None)
    _use_token(page, token)

    # The formula depends on the text: the record is read back and the formula's cell shows
    # its new value without a reload.
    page.goto(f"/nc/{project['id']}/table/Loud")
    expect(field_cell(page, "Shout")).to_have_text("ANN")
    _type_into(page, "Name", "bob")
    expect(field_cell(page, "Shout")).to_have_text("BOB")
    assert len(reads) == 1

    # Nothing computed shown: the edit shows as typed, and the grid asks nothing more.
    reads.clear()
    page.goto(f"/nc/{project['id']}/table/Quiet")
    expect(field_cell(page, "Name")).to_have_text("ann")
    _type_into(page, "Name", "  Bob  ")
    wait_records(server, token, plain, {1: ("  Bob  ",)}, fields=("Name",))
    expect(field_cell(page, "Name")).to_have_text("Bob")
    page.wait_for_timeout(300)
    assert reads == []
    page.reload()
    expect(field_cell(page, "Name")).to_have_text("Bob")
