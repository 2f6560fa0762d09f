"""The JSON field type: any JSON value, stored as its text so every dialect compares it alike."""

import json

import sqlalchemy as sa

from workbench.plugin_api import FieldType, FieldValueError, hookimpl
from workbench.plugin_api import operators as ops


class JSON(FieldType):
    name = "JSON"
    formula_type = "json"
    keeps_structure = True
    import_converts = "text"
    icon = "code-block"
    group = "other"
    order = 700
    sortable = False
    groupable = False
    native_types = ("json", "jsonb")
    export_as = "json"
    examples = (({"a": [1, 2]}, {"a": [1, 2]}), ('[1, "x"]', [1, "x"]), ({"ü": "☃"}, {"ü": "☃"}), (None, None))
    invalid_examples = ("{not json",)
    operators = ops.TEXT
    search = "like"
    dt = "json"

    def sql_type(self, dialect):
        return sa.Text()

    def to_db(self, value):
        if value is None:
            return None
        if isinstance(value, str):
            if not value.strip():
                return None
            try:
                value = json.loads(value)
            except ValueError:
                raise FieldValueError("expected valid JSON text") from None
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)

    def to_api(self, value):
        if value is None:
            return None
        if not isinstance(value, (str, bytes, bytearray)):  # a native json column, already read
            return value
        try:
            return json.loads(value)
        except ValueError:
            return value

    def filter_value(self, text):
        return text


@hookimpl
def register_field_types():
    return [JSON]
