"""Formula resource limits through the API: texts that functions make longer are cut in
SQL (the database never builds a giant text), a CONCAT of hundreds of fields reads, and
formulas past a depth or size are refused when saved, with the position; one stored past
the limits (saved before they existed) reads as blank and says why, never a 500."""

import pytest
import sqlalchemy as sa

from workbench.formulas import parse
from workbench.formulas.limits import MAX_TEXT_LENGTH
from workbench.tables.models import Column, Table
from workbench.testing.tables import create_table

pytestmark = pytest.mark.dialects

MAX = MAX_TEXT_LENGTH


@pytest.fixture
def ctx(client, admin):
    project = client.create_project(admin, "Limits")
    table = create_table(client, admin, project["id"], "Items", [{"title": "Name"}, {"title": "Qty", "uidt": "Number"}])
    h = client.auth(admin)
    rows = [{"Name": f"item {i}", "Qty": i} for i in range(1, 4)]
    client.post_json(f"/api/v2/tables/{table['id']}/records", rows, headers=h)
    return {
        "client": client,
        "admin": admin,
        "h": h,
        "project": project,
        "table": table,
        "v2": f"/api/v2/tables/{table['id']}/records",
        "columns": f"/api/v1/db/meta/tables/{table['id']}/columns",
    }


def add_formula(ctx, title, formula, status=200):
    body = {"title": title, "uidt": "Formula", "formula_raw": formula}
    return ctx["client"].post_json(ctx["columns"], body, headers=ctx["h"], status=status).json


def col(table, title):
    return next(c for c in table["columns"] if c["title"] == title)


def first(ctx, field):
    return ctx["client"].get(ctx["v2"], params={"fields": field, "limit": 1}, headers=ctx["h"]).json["list"][0][field]


def test_repeat_with_a_huge_count_gives_at_most_the_longest_text(ctx):
    add_formula(ctx, "Huge", 'REPEAT("a", 100000000)')
    add_formula(ctx, "Of field", "REPEAT({Name}, 100000000)")
    add_formula(ctx, "Nested", 'REPEAT(REPEAT("ab", 100000), 100000)')
    add_formula(ctx, "Short", 'REPEAT("ab", 3)')
    res = ctx["client"].get(ctx["v2"], params={"limit": 25}, headers=ctx["h"])
    assert len(res.body) < 4 * 3 * MAX  # three rows of three cut texts, not gigabytes
    row = res.json["list"][0]
    assert row["Huge"] == "a" * MAX
    assert row["Of field"] == "item 1" * (MAX // 6)
    assert row["Nested"] == "ab" * (MAX // 2)
    assert row["Short"] == "ababab"


@pytest.mark.parametrize(
    ("formula", "expected"),
    [
        ('CONCAT(REPEAT("a", 100000), REPEAT("b", 100000))', "a" * MAX),
        ('REPEAT("x", 100000) & "tail"', "x" * MAX),
        ('REPLACE(REPEAT("a", 100000), "a", REPEAT("b", 1000))', "b" * MAX),
        ('REPLACE(REPEAT("a", 100000), "a", "bb")', "b" * MAX),
        ('REGEX_REPLACE(REPEAT("a", 100000), "a", "bb")', "b" * MAX),
        ('URLENCODE(REPEAT(" ", 100000))', ("%20" * MAX)[:MAX]),
        ('URL(REPEAT("h", 100000))', ("URI::(" + "h" * MAX)[:MAX]),
        ('REPLACE("a-b-c", "-", "--")', "a--b--c"),
    ],
)
def test_functions_that_grow_a_text_cut_it(ctx, formula, expected):
    add_formula(ctx, "Grown", formula)
    value = first(ctx, "Grown")
    assert len(value) == len(expected)
    assert value == expected


def test_a_join_of_many_stored_values_is_cut_and_of_a_few_is_not(ctx):
    ctx["client"].patch_json(ctx["v2"], {"Id": 1, "Name": "n" * 10_000}, headers=ctx["h"])
    add_formula(ctx, "Twice", "CONCAT({Name}, {Name})")
    add_formula(ctx, "Many", "CONCAT(" + ", ".join(["{Name}"] * 20) + ")")
    add_formula(ctx, "Chained", " & ".join(["{Twice}"] * 10))
    assert first(ctx, "Twice") == "n" * 20_000
    assert first(ctx, "Many") == "n" * MAX
    assert first(ctx, "Chained") == "n" * MAX


def test_formulas_doubling_formulas_stay_bounded_or_are_refused(ctx):
    add_formula(ctx, "F0", 'REPEAT("a", 100000)')
    refused = None
    for level in range(1, 30):
        res = add_formula(ctx, f"F{level}", f"{{F{level - 1}}} & {{F{level - 1}}}", status="*")
        if "msg" in res:
            refused = res["msg"]
            break
        assert first(ctx, f"F{level}") == "a" * MAX
    assert refused is not None
    assert refused.startswith(f"Field 'F{level}': Invalid formula: The formula is ")
    assert "too large to compute" in refused or "nested too deeply to compute" in refused
    assert refused.endswith(("at position 0", "at position 5"))


def test_a_concat_of_300_fields_reads(ctx):
    client, h = ctx["client"], ctx["h"]
    columns = [{"title": f"T{i}"} for i in range(300)]
    table = create_table(client, ctx["admin"], ctx["project"]["id"], "Wide", columns)
    url = f"/api/v2/tables/{table['id']}/records"
    client.post_json(url, {f"T{i}": str(i % 10) for i in range(300)}, headers=h)
    formula = "CONCAT(" + ", ".join(f"{{T{i}}}" for i in range(300)) + ")"
    body = {"title": "All", "uidt": "Formula", "formula_raw": formula}
    client.post_json(f"/api/v1/db/meta/tables/{table['id']}/columns", body, headers=h)
    listed = client.get(url, params={"fields": "All"}, headers=h).json["list"]
    assert listed == [{"All": "0123456789" * 30}]
    assert client.get(url, params={"where": "(All,like,%789%)"}, headers=h).json["pageInfo"]["totalRows"] == 1


def nested(function, depth, inner, tail=""):
    return f"{function}(" * depth + inner + f"{tail})" * depth


@pytest.mark.parametrize(
    ("formula", "message"),
    [
        ("(" * 500 + "1" + ")" * 500, "The formula is nested too deeply (more than 100 levels) at position 100"),
        ("IF({Qty} > 1, 1, " * 150 + "0" + ")" * 150, "The formula is nested too deeply (more than 100 levels)"),
        (nested("UPPER", 90, "{Name}"), "The formula is nested too deeply to compute"),
        (nested("REPEAT", 25, "{Name}", ", 2"), "The formula is too large to compute"),
        ("1" + " " * 10_000, "The formula is too long (more than 10000 characters) at position 10000"),
    ],
)
def test_formulas_past_a_depth_or_size_are_refused_with_the_position(ctx, formula, message):
    res = add_formula(ctx, "Deep", formula, status=400)
    assert res["msg"].startswith("Field 'Deep': Invalid formula: ")
    assert message in res["msg"]
    assert " at position " in res["msg"]
    table = ctx["client"].get(f"/api/v1/db/meta/tables/{ctx['table']['id']}", headers=ctx["h"]).json
    assert "Deep" not in [c["title"] for c in table["columns"]]


def test_a_change_that_would_push_a_reader_past_the_limits_is_refused(ctx, dialect):
    depth = 15 if dialect == "sqlite" else 40  # SQLite parses about 30 nested calls, the others 150 levels
    table = add_formula(ctx, "Base", "{Name}")
    add_formula(ctx, "Reader", nested("UPPER", depth, "{Base}"))
    base = col(table, "Base")["id"]
    body = {"formula_raw": nested("LOWER", depth, "{Name}")}
    res = ctx["client"].patch_json(f"/api/v2/meta/columns/{base}", body, headers=ctx["h"], status=400).json
    assert "is used by formula field 'Reader', which would break" in res.get("msg", ""), res
    assert first(ctx, "Reader") == "ITEM 1"


def test_an_if_chain_sqlite_cannot_parse_is_refused_there_and_reads_elsewhere(ctx, dialect):
    formula = "IF({Qty} = 0, 0, " * 25 + "{Qty}" + ")" * 25
    if dialect == "sqlite":
        res = add_formula(ctx, "Chain", formula, status=400)
        assert (
            res["msg"]
            == "Field 'Chain': Invalid formula: The formula is nested too deeply to compute on SQLite at position 0"
        )
    else:
        add_formula(ctx, "Chain", formula)
        assert first(ctx, "Chain") == 1


def test_a_stored_formula_past_the_limits_reads_as_blank_and_says_why(ctx):
    client, h = ctx["client"], ctx["h"]
    table = add_formula(ctx, "Old", "UPPER({Name})")
    add_formula(ctx, "Fine", "{Qty} * 2")
    ids = {c["title"]: c["id"] for c in table["columns"]}
    # as saved before the limits: 90 nested calls (its SQL is 270 levels deep)
    tree = parse(nested("UPPER", 90, "{Name}"), ids)
    engine = client.app.registry["db_engine"]
    with engine.begin() as connection:
        options = connection.execute(sa.select(Column.col_options).where(Column.id == ids["Old"])).scalar_one()
        connection.execute(
            sa.update(Column).where(Column.id == ids["Old"]).values(col_options={**options, "parsed_tree": tree})
        )
        connection.execute(
            sa.update(Table).where(Table.id == ctx["table"]["id"]).values(schema_version=Table.schema_version + 1)
        )
    res = client.get(ctx["v2"], headers=h)
    assert [(r["Old"], r["Fine"]) for r in res.json["list"]] == [(None, 2), (None, 4), (None, 6)]
    assert client.get(f"{ctx['v2']}/1", headers=h).json["Old"] is None
    assert client.get(ctx["v2"], params={"where": "(Old,blank)"}, headers=h).json["pageInfo"]["totalRows"] == 3
    meta = client.get(f"/api/v1/db/meta/tables/{ctx['table']['id']}", headers=h).json
    assert "nested too deeply to compute" in col(meta, "Old")["colOptions"]["error"]
    assert "error" not in col(meta, "Fine")["colOptions"]
