"""Import type detection and column naming, rule by rule."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from workbench.imports.convert import converter
from workbench.imports.detect import column_names, detect_column, detect_columns, table_name
from workbench.plugins import load_plugins

#: the enabled plugins' registries (what ``request.registry`` holds)
REGISTRY = load_plugins({}).registries


def uidt(values, **kw):
    return detect_column(REGISTRY, values, **kw)["uidt"]


# -- names ---------------------------------------------------------------------------------
def test_special_characters_become_underscores():
    assert column_names(["First name", "e-mail", "Price ($)", "a.b/c"]) == ["First_name", "e_mail", "Price_", "a_b_c"]
    assert column_names(["na me!", "  x  ", "__", "é ü"]) == ["na_me_", "x", "field_3", "é_ü"]


def test_empty_headers_become_field_n():
    assert column_names(["A", "", None, "  "]) == ["A", "field_2", "field_3", "field_4"]


def test_duplicates_get_a_numeric_suffix():
    assert column_names(["Name", "name", "Name", "x"]) == ["Name", "name_1", "Name_2", "x"]


def test_rows_wider_than_the_header_get_field_n():
    assert column_names(["A"], 3) == ["A", "field_2", "field_3"]


def test_table_names_lose_dots_and_slashes():
    assert table_name("sales.2024/q1") == "sales_2024_q1"
    assert table_name("") == "Sheet"


# -- types, in the order of the rules ----------------------------------------------------
def test_long_text_over_255_characters_or_with_line_breaks():
    assert uidt(["short", "x" * 256]) == "LongText"
    assert uidt(["a\nb", "c"]) == "LongText"
    assert uidt(["x" * 255]) != "LongText"


def test_any_email_makes_email():
    assert uidt(["ada@example.com", "not one", None]) == "Email"


def test_any_url_makes_url():
    assert uidt(["https://example.com/a", "plain"]) == "URL"
    assert uidt(["www.example.com"]) == "URL"


@pytest.mark.parametrize(
    "values",
    [
        ["checked", "unchecked"],
        ["x", None, "X"],
        ["yes", "no", "Yes"],
        ["y", "n"],
        ["1", "0", "1"],
        ["[x]", "[ ]"],
        ["✓", "✗"],
        ["enabled", "disabled"],
        ["on", "off"],
        ["done", None],
        ["true", "false"],
        [True, False],
    ],
)
def test_boolean_pairs_make_checkbox(values):
    assert uidt(values) == "Checkbox"


def test_mixed_boolean_vocabularies_are_not_a_checkbox():
    assert uidt(["yes", "off", "yes", "off"]) != "Checkbox"
    assert uidt([None, None]) == "SingleLineText"


def test_integers_make_number_and_fractions_decimal():
    assert uidt(["1", "20", "-3", 4]) == "Number"
    assert uidt(["1", "2.5"]) == "Decimal"
    assert uidt([1.0, 2.0]) == "Number"
    assert uidt([Decimal("1.25")]) == "Decimal"


def test_currency_from_dollar_text_or_an_excel_format():
    assert uidt(["$1.50", "$20"]) == "Currency"
    assert uidt([1.5, 2], currency=True) == "Currency"


def test_dates_with_the_most_common_format():
    found = detect_column(REGISTRY, ["05/01/2020", "31/12/2019", "13/02/2021"])
    assert found["uidt"] == "Date"
    assert found["meta"] == {"date_format": "DD/MM/YYYY"}
    iso = detect_column(REGISTRY, ["2020-01-05", "2020-02-01"])
    assert iso["meta"] == {"date_format": "YYYY-MM-DD"}


def test_date_cells_default_to_yyyy_mm_dd_slashes():
    found = detect_column(REGISTRY, [dt.date(2020, 1, 5)])
    assert found == {"uidt": "Date", "meta": {"date_format": "YYYY/MM/DD"}, "dtxp": ""}


def test_date_times():
    assert uidt(["2020-01-05 10:30", "2020-01-06 11:00:05"]) == "DateTime"
    assert uidt(["2020-01-05T10:30:00Z"]) == "DateTime"
    assert uidt([dt.datetime(2020, 1, 5, 10, 30)]) == "DateTime"


def test_repeated_values_make_a_single_select():
    found = detect_column(REGISTRY, ["red", "blue", "red", "blue", "red"])
    assert found["uidt"] == "SingleSelect"
    assert found["dtxp"] == "'red','blue'"


def test_commas_make_a_multi_select():
    found = detect_column(REGISTRY, ["a, b", "b", "a", "a,b"])
    assert found["uidt"] == "MultiSelect"
    assert found["dtxp"] == "'a','b'"


def test_too_many_or_too_few_repeats_stay_text():
    assert uidt(["a", "b", "c"]) == "SingleLineText"  # distinct > half
    many = [f"v{i}" for i in range(65)] * 2
    assert uidt(many) == "SingleLineText"  # more than 64 options


def test_detect_columns_names_and_types_together():
    columns = detect_columns(REGISTRY, ["Name", "", "Name"], [["a", "1", "x"], ["b", "2", "y", "extra"]])
    assert [(c["column_name"], c["uidt"]) for c in columns] == [
        ("Name", "SingleLineText"),
        ("field_2", "Number"),
        ("Name_1", "SingleLineText"),
        ("field_4", "SingleLineText"),
    ]


# -- conversion for the insert ---------------------------------------------------------------
def test_converters_follow_the_template():
    assert converter(REGISTRY, "Checkbox", {})("Yes") is True
    assert converter(REGISTRY, "Checkbox", {})(None) is False
    assert converter(REGISTRY, "Date", {"date_format": "DD/MM/YYYY"})("05/01/2020") == dt.date(2020, 1, 5)
    assert converter(REGISTRY, "DateTime", {"date_format": "DD/MM/YYYY"})("05/01/2020 10:30") == "2020-01-05 10:30"
    assert converter(REGISTRY, "Currency", {})("$1,250.50") == "1250.50"
    assert converter(REGISTRY, "SingleLineText", {})(dt.date(2020, 1, 5)) == "2020-01-05"
    assert converter(REGISTRY, "Number", {})(Decimal("3")) == 3
    with pytest.raises(ValueError, match="checkbox"):
        converter(REGISTRY, "Checkbox", {})("maybe")


def test_a_kind_no_enabled_type_detects_falls_back_on_text():
    """Detection asks the types what they detect: without the type detecting e-mails
    (a plugin disabled), such a column is plain text."""
    without_email = {"field_types": [t for t in REGISTRY["field_types"] if t.import_detects != "email"]}
    assert detect_column(without_email, ["a@b.example"])["uidt"] == detect_column(REGISTRY, ["plain"])["uidt"]
