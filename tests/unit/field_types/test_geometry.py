"""Geometry: WKT is checked, normalised, and errors say where and why."""

import pytest
from workbench_plugins.field_types.geometry import Geometry, register_field_types
from workbench_plugins.field_types.geometry.wkt import MAX_DEPTH, WKTError, geometry_type, normalise

from workbench.fields.interfaces import FieldValueError


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("POINT(1 2)", "POINT (1 2)"),
        ("  point ( -1.5  2e2 ) ", "POINT (-1.5 200)"),
        ("POINT Z (1 2 3)", "POINT Z (1 2 3)"),
        ("POINT M (1 2 3)", "POINT M (1 2 3)"),
        ("POINT ZM (1 2 3 4)", "POINT ZM (1 2 3 4)"),
        ("POINT (1 2 3)", "POINT (1 2 3)"),
        ("POINT EMPTY", "POINT EMPTY"),
        ("LINESTRING(0 0,1 1,2 .5)", "LINESTRING (0 0, 1 1, 2 0.5)"),
        ("POLYGON((0 0,4 0,4 4,0 0),(1 1,2 1,2 2,1 1))", "POLYGON ((0 0, 4 0, 4 4, 0 0), (1 1, 2 1, 2 2, 1 1))"),
        ("MULTIPOINT(1 2,3 4)", "MULTIPOINT ((1 2), (3 4))"),
        ("MULTIPOINT((1 2),(3 4))", "MULTIPOINT ((1 2), (3 4))"),
        ("MULTILINESTRING((0 0,1 1),(2 2,3 3))", "MULTILINESTRING ((0 0, 1 1), (2 2, 3 3))"),
        (
            "MULTIPOLYGON(((0 0,1 0,1 1,0 0)),((5 5,6 5,6 6,5 5)))",
            "MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), ((5 5, 6 5, 6 6, 5 5)))",
        ),
        (
            "GEOMETRYCOLLECTION(POINT(1 2),LINESTRING(0 0,1 1),POINT Z (1 2 3))",
            "GEOMETRYCOLLECTION (POINT (1 2), LINESTRING (0 0, 1 1), POINT Z (1 2 3))",
        ),
        ("GEOMETRYCOLLECTION EMPTY", "GEOMETRYCOLLECTION EMPTY"),
        ("srid=4326;POINT(13.4 52.5)", "SRID=4326;POINT (13.4 52.5)"),
        ("POINT(0.1 1234567890123456789)", "POINT (0.1 1.2345678901234568e+18)"),
    ],
)
def test_valid(text, canonical):
    assert normalise(text) == canonical
    assert normalise(canonical) == canonical


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "",
            "expected a geometry type (POINT, LINESTRING, POLYGON, MULTIPOINT, MULTILINESTRING, MULTIPOLYGON, "
            "GEOMETRYCOLLECTION) at position 1, found end of text",
        ),
        ("CIRCLE(0 0)", "at position 1, found 'CIRCLE'"),
        ("POINT(1 2", "expected ')' at position 10, found end of text"),
        ("POINT 1 2", "expected '(' at position 7, found '1'"),
        ("POINT(1)", "a coordinate has 2 to 4 numbers, found 1 at position 7"),
        ("POINT(1 2 3 4 5)", "a coordinate has 2 to 4 numbers, found 5 at position 7"),
        ("POINT(1 2,3 4)", "expected ')' at position 10, found ','"),
        ("POINT(a b)", "expected a coordinate at position 7, found 'a'"),
        ("POINT(1 2) extra", "expected end of text at position 12, found 'extra'"),
        ("POINT(1;2)", "unexpected character ';' at position 8"),
        ("POINT(1e999 2)", "number out of range at position 7"),
        ("POINT Z (1 2)", "has 2 numbers, earlier ones have 3"),
        ("LINESTRING(0 0)", "a linestring needs at least 2 points, found 1 at position 11"),
        ("LINESTRING(0 0, 1 1 1)", "coordinate at position 17 has 3 numbers, earlier ones have 2"),
        ("POLYGON((0 0,1 0,1 1,0 1))", "polygon ring at position 9 is not closed"),
        ("POLYGON((0 0,1 0,0 0))", "a polygon ring needs at least 4 points, found 3"),
        ("POLYGON(0 0,1 0,1 1,0 0)", "expected '(' at position 9, found '0'"),
        ("MULTIPOLYGON((0 0,1 0,1 1,0 0))", "expected '(' at position 15, found '0'"),
        ("GEOMETRYCOLLECTION(POINT(1 2),)", "expected a geometry type"),
        ("SRID=x;POINT(1 2)", "unexpected character '=' at position 5"),
        ("SRID=4326;POINT(1 2", "expected ')' at position 20"),
    ],
)
def test_invalid(text, message):
    with pytest.raises(WKTError) as info:
        normalise(text)
    assert message in str(info.value)


def test_nesting_and_length_are_bounded():
    deep = "GEOMETRYCOLLECTION(" * (MAX_DEPTH + 2) + "POINT(1 2)" + ")" * (MAX_DEPTH + 2)
    with pytest.raises(WKTError, match="nested deeper"):
        normalise(deep)
    with pytest.raises(WKTError, match="longer than"):
        normalise("POINT(" + "1" * 1_000_001 + " 2)")


def test_geometry_type():
    assert geometry_type("SRID=4326;MULTIPOINT ((1 2))") == "MULTIPOINT"
    assert geometry_type("POINT EMPTY") == "POINT"


def test_field_type():
    assert register_field_types() == [Geometry]
    field = Geometry()
    assert field.to_db(" point(1 2) ") == "POINT (1 2)"
    assert field.to_db("") is None
    assert field.to_db(None) is None
    assert field.to_api("POINT (1 2)") == "POINT (1 2)"
    assert field.filter_value("POINT") == "POINT"
    assert "like" in field.operators
    with pytest.raises(FieldValueError, match=r"^invalid geometry: expected '\)' at position 10"):
        field.to_db("POINT(1 2")
    with pytest.raises(FieldValueError):
        field.to_db({"type": "Point"})
