"""The importer contract suite (``workbench.testing.importers``) over every shipped
importer and its fixture files (``plugins/importers/<name>/tests/``)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from pathlib import Path

import pytest

from workbench.plugins import load_plugins
from workbench.testing.importers import check_importer, check_reads

PLUGINS = Path(__file__).resolve().parents[2] / "plugins" / "importers"
REGISTRY = load_plugins({}).registries["importers"]

CSV_PEOPLE = (
    ["Name", "Age", "Email", "Joined", "Member"],
    [
        ["Ada", "36", "ada@example.com", "2020-01-05", "yes"],
        ["Grace", "45", "grace@example.com", "2019-12-31", "no"],
        ["Linus", "28", None, "2021-07-14", "yes"],
    ],
)
EXCEL_PEOPLE = (
    ["Name", "Age", "Email", "Joined", "Member", "Price"],
    [
        ["Ada", 36, "ada@example.com", dt.date(2020, 1, 5), True, 12.5],
        ["Grace", 45, "grace@example.com", dt.date(2019, 12, 31), False, 3],
        ["Linus", 28, None, dt.datetime(2021, 7, 14, 10, 30), True],
    ],
)
CITIES = (["City", "Country"], [["Paris", "France"]])
JSON_PEOPLE = (
    ["Name", "Age", "Address_City", "Address_Zip", "Tags", "Score", "Active"],
    [
        ["Ada", 36, "London", "N1", '["math", "code"]', Decimal("9.5"), None],
        ["Grace", 45, "New York", None, "[]", 8, None],
        ["Linus", None, None, None, None, None, True],
    ],
)

CASES = {
    "csv": [
        (PLUGINS / "csv/tests/people.csv", {"people": CSV_PEOPLE}, None),
        (
            PLUGINS / "csv/tests/semicolon_bom.csv",
            {"semicolon_bom": (["Name", "Note"], [["Zoë", "a; b"], ["Max", "two\nlines"]])},
            None,
        ),
        (
            PLUGINS / "csv/tests/latin1.csv",
            {"latin1": (["Name", "City"], [["José", "Málaga"]])},
            {"encoding": "latin-1"},
        ),
    ],
    "excel": [
        (PLUGINS / f"excel/tests/people.{ext}", {"People": EXCEL_PEOPLE, "Cities": CITIES}, None)
        for ext in ("xlsx", "xls", "ods")
    ],
    "json": [(PLUGINS / "json/tests/people.json", {"people": JSON_PEOPLE}, None)],
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_importer_passes_the_contract(name, tmp_path):
    check_importer(REGISTRY.get(name), CASES[name], tmp_path)


def test_every_shipped_importer_has_cases():
    assert set(REGISTRY.names()) >= set(CASES)


def test_excel_reads_one_named_sheet():
    path = PLUGINS / "excel/tests/people.xlsx"
    check_reads(REGISTRY.get("excel"), path, {"Cities": CITIES}, {"sheet": "Cities"})


def test_csv_delimiter_given_overrides_detection():
    path = PLUGINS / "csv/tests/people.csv"
    found = {}
    for sheet in REGISTRY.get("csv")({"delimiter": ";"}).sheets(str(path)):
        found[sheet.name] = (sheet.header, list(sheet.rows))
    assert found["people"][0] == ["Name,Age,Email,Joined,Member"]
