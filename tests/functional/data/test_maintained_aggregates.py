"""Maintained counts and rollups: which fields get a helper column (and which keep their
correlated query), what the page SQL reads, helpers rebuilt and dropped as fields change,
a source that turns them off, and bulk writes refreshing them per statement."""

from __future__ import annotations

import pytest
import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.orm import Session

from workbench.data.maintained import PREFIX, helper_name
from workbench.projects.models import Source
from workbench.testing.tables import physical_columns

from .maintained_world import COUNTS, ROLLUPS, World

pytestmark = pytest.mark.dialects


@pytest.fixture
def world(client, admin, data_app):
    w = World(client, admin, data_app)
    w.insert("parents", [{"Name": n, "Qty": q} for n, q in (("a", 1), ("b", 2), ("c", None))])
    w.insert("kids", [{"Pages": p, w.fk["title"]: parent} for p, parent in ((5, 1), (7, 1), (None, 2), (3, None))])
    w.insert("tags", [{"Weight": 4}, {"Weight": 6}])
    w.link("Tags", 1, [1, 2])
    return w


def helpers(world) -> set[str]:
    columns = physical_columns(world.app, world.project["id"])[world.parents["table_name"]]
    return {c for c in columns if c.startswith(PREFIX)}


class Statements:
    """The statements the project's data engine runs while the block runs."""

    def __init__(self, world):
        self.engine, self.seen = world.engine(), []

    def __enter__(self):
        event.listen(self.engine, "before_cursor_execute", self._record)
        return self.seen

    def __exit__(self, *exc):
        event.remove(self.engine, "before_cursor_execute", self._record)

    def _record(self, conn, cursor, statement, parameters, context, executemany):
        self.seen.append(statement)


def test_counts_and_rollups_get_indexed_helpers_that_sorts_and_filters_read(world):
    titles = {*COUNTS, *ROLLUPS, *(["Score"] if world.keeps_formulas() else [])}
    kept = {c["id"] for c in world.meta("parents")["columns"] if c["title"] in titles}
    assert helpers(world) == {helper_name(i) for i in kept}
    for column in world.meta("parents")["columns"]:
        if column["id"] in kept:
            assert column["colOptions"]["maintained"]["column"] == helper_name(column["id"])
    with Statements(world) as seen:
        rows = world.rows(fields="Id,Pages sum,Score", sort="-Pages sum", where="(Score,gt,0)")
    assert [(r["Id"], r["Pages sum"], r["Score"]) for r in rows] == [(1, 12, 25)]
    page = [s for s in seen if "ORDER BY" in s]
    assert page
    assert all(PREFIX in s and "sum(" not in s.lower() for s in page)
    assert world.api() == world.correlated()


def test_fields_that_are_not_kept_read_their_correlated_query(world):
    # a rollup of a decimal, of a lookup and through a belongs-to link keep their query
    world.add("kids", {"title": "Price", "uidt": "Decimal"})
    world.update("kids", [{"Id": 1, "Price": 2.5}, {"Id": 2, "Price": 1.25}])
    price = world.col("kids", "Price")["id"]
    kids = world.col("parents", "Kids")["id"]
    options = {"fk_relation_column_id": kids, "fk_rollup_column_id": price, "rollup_function": "sum"}
    world.add("parents", {"title": "Price sum", "uidt": "Rollup", "colOptions": options})
    parent_link = next(c for c in world.meta("kids")["columns"] if c["uidt"] in ("Links", "LinkToAnotherRecord"))
    qty = world.col("parents", "Qty")["id"]
    options = {"fk_relation_column_id": parent_link["id"], "fk_rollup_column_id": qty, "rollup_function": "max"}
    world.add("kids", {"title": "Parent qty", "uidt": "Rollup", "colOptions": options})
    before = len(helpers(world))
    assert "maintained" not in world.col("parents", "Price sum")["colOptions"]
    assert len(helpers(world)) == before
    assert [r["Price sum"] for r in world.rows(fields="Id,Price sum")] == [3.75, None, None]
    assert [r["Parent qty"] for r in world.rows("kids", fields="Id,Parent qty")] == [1, 1, 2, None]


def test_changing_a_rollup_rebuilds_its_helper_and_deleting_it_drops_it(world):
    column = world.col("parents", "Pages max")
    url = f"/api/v1/db/meta/columns/{column['id']}"
    body = {"title": "Pages top", "uidt": "Rollup", "colOptions": {**column["colOptions"], "rollup_function": "min"}}
    body["colOptions"].pop("maintained")
    world.client.patch_json(url, body, headers=world.h)
    changed = world.col("parents", "Pages top")
    assert changed["colOptions"]["maintained"]["spec"] != column["colOptions"]["maintained"]["spec"]
    assert [r["Pages top"] for r in world.rows(fields="Id,Pages top")] == [5, None, None]
    world.client.delete(url, headers=world.h)
    assert helper_name(column["id"]) not in helpers(world)
    assert world.rows(fields="Id,Kid count")[0]["Kid count"] == 2


def test_a_source_can_turn_maintained_aggregates_off(world):
    with Session(world.app.registry["db_engine"]) as session:
        source = session.scalars(sa.select(Source).where(Source.project_id == world.project["id"])).first()
        source.config = {**(source.config or {}), "maintained_aggregates": False}
        session.commit()
    world.add("parents", {"title": "Note", "uidt": "SingleLineText"})  # any change settles the table
    assert helpers(world) == set()
    assert all("maintained" not in (c.get("colOptions") or {}) for c in world.meta("parents")["columns"])
    world.insert("kids", [{"Pages": 10, world.fk["title"]: 3}])
    assert world.api() == world.correlated()


def test_bulk_writes_refresh_per_statement(world):
    fk = world.fk["title"]
    parents = world.insert("parents", [{"Name": f"n{i}"} for i in range(700)])
    ids = [p["Id"] for p in parents]
    table = world.parents["table_name"]
    with Statements(world) as seen:  # more linked records than one chunk of keys
        world.insert("kids", [{"Pages": i % 17, fk: ids[i % 700]} for i in range(1400)])
    updates = [s for s in seen if s.lstrip().upper().startswith("UPDATE") and table in s]
    # per chunk of 500 rows or records (an executemany counts once), never per row: a fold of
    # the new rows per chunk of them, and a computation of the averages per chunk of records,
    # then of the kept formula over them
    assert 1 <= len(updates) <= 8
    assert world.api() == world.correlated()


def test_links_unlinks_and_deletes_on_both_sides_of_a_many_to_many_link(world):
    def tags():
        return {r["Id"]: (r["Tag count"], r["Weight sum"]) for r in world.rows(fields="Id,Tag count,Weight sum")}

    assert tags() == {1: (2, 10), 2: (0, None), 3: (0, None)}
    world.link("Tags", 2, [2])
    world.link("Tags", 1, [1], method="delete")
    assert tags() == {1: (1, 6), 2: (1, 6), 3: (0, None)}
    world.update("tags", [{"Id": 2, "Weight": 1}])
    assert tags() == {1: (1, 1), 2: (1, 1), 3: (0, None)}
    world.delete("tags", [2])  # its junction rows go with it
    assert tags() == {1: (0, None), 2: (0, None), 3: (0, None)}
    assert world.api() == world.correlated()


def test_a_formula_over_a_rollup_is_kept_and_sorts_and_filters_read_it(world):
    if not world.keeps_formulas():
        pytest.skip("formulas are kept on SQLite and PostgreSQL")
    score = world.col("parents", "Score")
    assert score["colOptions"]["maintained"]["spec"].startswith("formula:")
    with Statements(world) as seen:
        rows = world.rows(fields="Id,Score", sort="-Score", where="(Score,gt,-100)")
    assert [(r["Id"], r["Score"]) for r in rows] == [(1, 25)]  # 12 * 2 + 1; the others blank
    page = [s for s in seen if "ORDER BY" in s]
    assert page
    assert all(helper_name(score["id"]) in s.split("ORDER BY")[1] for s in page)
    # the record's own field changes: its helper follows in the same write
    world.update("parents", [{"Id": 1, "Qty": 30}, {"Id": 2, "Qty": 4}])
    world.insert("kids", [{"Pages": 1, world.fk["title"]: 2}])
    assert world.helper_values("Score") == {1: 54, 2: 6, 3: None}
    assert [r["Id"] for r in world.rows(fields="Id", sort="Score")] == [3, 2, 1]
    # a changed formula gets another spec and its helper is computed again
    url = f"/api/v1/db/meta/columns/{score['id']}"
    world.client.patch_json(
        url, {"title": "Score", "uidt": "Formula", "formula_raw": "{Qty} - {Kid count}"}, headers=world.h
    )
    changed = world.col("parents", "Score")
    assert changed["colOptions"]["maintained"]["spec"] != score["colOptions"]["maintained"]["spec"]
    assert world.helper_values("Score") == {1: 28, 2: 2, 3: None}
    assert [r["Score"] for r in world.rows(fields="Id,Score", sort="-Score")] == [28, 2, None]


def test_formulas_that_are_not_kept(world):
    if not world.keeps_formulas():
        pytest.skip("formulas are kept on SQLite and PostgreSQL")
    for title, text in (
        ("Own only", "{Qty} * 2"),  # no aggregate: nothing to keep
        ("Clock", "{Pages sum} + DAY(NOW())"),  # changes by itself
        ("Words", "CONCAT({Name}, {Pages sum})"),  # not a number
    ):
        world.add("parents", {"title": title, "uidt": "Formula", "formula_raw": text})
        assert "maintained" not in world.col("parents", title)["colOptions"], title
    before = helpers(world)
    assert {helper_name(world.col("parents", t)["id"]) for t in ("Own only", "Clock", "Words")} & before == set()
    # a kept formula that no longer reads an aggregate loses its helper
    score = world.col("parents", "Score")
    body = {"title": "Score", "uidt": "Formula", "formula_raw": "{Qty} + 1"}
    world.client.patch_json(f"/api/v1/db/meta/columns/{score['id']}", body, headers=world.h)
    assert "maintained" not in world.col("parents", "Score")["colOptions"]
    assert helper_name(score["id"]) not in helpers(world)
    assert [r["Score"] for r in world.rows(fields="Id,Score", sort="-Score")] == [3, 2, None]
    assert world.rows(fields="Id,Own only", sort="-Own only")[0]["Own only"] == 4
