"""Keys typed on a grid cell land in its type-ahead field, which shows them in the frame after
the key; the cell's editor opens from what it holds once that frame has painted. These tests
hold the page's frames back (the editor then opens on its timer, a second later), so that the
keys after the first one, Enter, Tab, Escape and a click all meet the type-ahead field rather
than the editor, as a fast typist's keys do."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.support import (
    field_cell,
    people_grid,
    screenshot,
    wait_records,
)

pytestmark = pytest.mark.e2e

#: keeps the page's animation frames from running (the grid's editor waits for one)
HOLD_FRAMES = "() => { window.__frames = window.requestAnimationFrame; window.requestAnimationFrame = () => 0; }"
RELEASE_FRAMES = "() => { window.requestAnimationFrame = window.__frames; }"


def _focused(page) -> str | None:
    return page.evaluate("() => document.activeElement?.getAttribute('data-testid') ?? null")


def test_keys_typed_before_the_editor_opens_are_kept_and_saved(server, page):
    token, table = people_grid(server, page)
    expect(field_cell(page, "Name", 1)).to_have_text("Person 1")

    # Only the active cell of a field that takes typed keys holds the field.
    field_cell(page, "Name", 1).click()
    expect(page.get_by_test_id("type-ahead")).to_have_count(1)
    expect(field_cell(page, "Name", 1).get_by_test_id("type-ahead")).to_have_count(1)
    page.evaluate(HOLD_FRAMES)

    # Two keys, then Enter before the editor opened: the text is saved, the cursor moves down.
    page.keyboard.type("Ab")
    assert _focused(page) == "type-ahead"
    expect(page.get_by_test_id("type-ahead")).to_have_value("Ab")
    screenshot(page, "grid-type-ahead")
    page.keyboard.press("Enter")
    expect(field_cell(page, "Name", 1)).to_have_text("Ab")
    expect(field_cell(page, "Name", 2)).to_have_class(r"wb-cell wb-cell-active")
    expect(page.get_by_test_id("cell-editor")).to_have_count(0)

    # Escape drops what was typed: nothing is written, the grid keeps the focus.
    page.keyboard.type("Q")
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("cell-editor")).to_have_count(0)
    expect(field_cell(page, "Name", 2)).to_have_text("Person 2")
    assert _focused(page) == "grid-scroll"

    # Backspace edits the typed text; Tab saves it and moves right.
    page.keyboard.type("Xy")
    page.keyboard.press("Backspace")
    page.keyboard.press("Tab")
    expect(field_cell(page, "Name", 2)).to_have_text("X")
    expect(field_cell(page, "Age", 2)).to_have_class(r"wb-cell wb-cell-active")

    # A click on another cell saves the keys into the cell they were typed on, and the
    # clicked cell becomes the active one; the next keys go there.
    field_cell(page, "Name", 3).click()
    page.keyboard.type("Kim")
    field_cell(page, "Age", 5).click()
    expect(field_cell(page, "Name", 3)).to_have_text("Kim")
    expect(field_cell(page, "Age", 5)).to_have_class(r"wb-cell wb-cell-active")
    page.keyboard.type("77")
    page.keyboard.press("Enter")
    expect(field_cell(page, "Age", 5)).to_have_text("77")
    wait_records(server, token, table, {1: ("Ab", 21), 2: ("X", 22), 3: ("Kim", 23), 5: ("Person 5", 77)})

    # Without frames held back, the editor opens from the key right after it is shown, and the
    # next keys are typed into the editor.
    page.evaluate(RELEASE_FRAMES)
    field_cell(page, "Name", 4).click()
    page.keyboard.press("Z")
    expect(page.get_by_test_id("cell-editor")).to_have_value("Z")
    expect(page.get_by_test_id("type-ahead")).to_have_count(0)
    page.keyboard.type("oe")
    expect(page.get_by_test_id("cell-editor")).to_have_value("Zoe")
    page.keyboard.press("Enter")
    expect(field_cell(page, "Name", 4)).to_have_text("Zoe")
    # Nothing else was written: Escape's key left record 2 as Tab saved it.
    assert wait_records(server, token, table, {4: ("Zoe", 24)}) == {
        1: ("Ab", 21),
        2: ("X", 22),
        3: ("Kim", 23),
        4: ("Zoe", 24),
        5: ("Person 5", 77),
    }
