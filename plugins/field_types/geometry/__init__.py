"""The Geometry field type: a geometry as Well-Known Text, checked and stored canonically."""

import sqlalchemy as sa

from workbench.fields import operators as ops
from workbench.fields.coerce import to_text
from workbench.fields.interfaces import FieldType, FieldValueError
from workbench.hookspecs import hookimpl

from .wkt import WKTError, normalise


class Geometry(FieldType):
    """WKT text on every dialect (no spatial extension is assumed)."""

    name = "Geometry"
    operators = ops.TEXT
    search = "like"
    dt = "text"

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
