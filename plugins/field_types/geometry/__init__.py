"""The Geometry field type: a geometry as Well-Known Text, checked and stored canonically."""

from typing import ClassVar

import sqlalchemy as sa

from workbench.plugin_api import FieldType, FieldValueError, hookimpl, to_text
from workbench.plugin_api import operators as ops

from .wkt import WKTError, normalise


class Geometry(FieldType):
    """WKT text on every dialect (no spatial extension is assumed)."""

    name = "Geometry"
    value_schema: ClassVar[dict] = {"type": "string"}
    icon = "map-marker"
    order = 710
    sortable = False
    groupable = False
    operators = ops.TEXT
    search = "like"
    dt = "text"
    examples = (
        ("point(1 2)", "POINT (1 2)"),
        ("POLYGON((0 0,1 0,1 1,0 0))", "POLYGON ((0 0, 1 0, 1 1, 0 0))"),
        ("SRID=4326;MULTIPOINT Z (1 2 3, 4 5 6)", "SRID=4326;MULTIPOINT Z ((1 2 3), (4 5 6))"),
        ("", None),
    )
    invalid_examples = ("POINT(1", "CIRCLE(0 0)", "LINESTRING(0 0)", {"type": "Point"})

    def sql_type(self, dialect):
        return sa.Text()

    def to_db(self, value):
        text = to_text(value)
        if text is None or not text.strip():
            return None
        try:
            return normalise(text)
        except WKTError as exc:
            raise FieldValueError(f"invalid geometry: {exc}") from None

    def filter_value(self, text):
        return text


@hookimpl
def register_field_types():
    return [Geometry]
