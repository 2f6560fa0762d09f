"""The Formula field type: a value computed from the record's other fields in SQL.

A formula is virtual (no physical column). Its column options hold the parsed tree, with
fields referenced by column id so it survives renames, the same text with ids
(``formula``, as NocoDB stores it) and the result type (``dataType``); ``formula_raw``,
the text with the fields' current titles, is rendered whenever the column is read.

The data engine reads it through ``ComputedInSql``: the tree is compiled to one SQL
expression, other formulas it references expanded in place, so a page with formulas is
still one SELECT, and filters and sorts work on it like on stored fields. Filter
operators and value parsing follow the result type (numbers, texts, dates, booleans).

Comparisons and logical functions are booleans in SQL (so filters and conditions use
them as such) and, as in NocoDB, 1 or 0 in the API on every dialect; a boolean formula
is filtered with ``checked``/``notchecked`` or ``eq``/``neq`` 1, 0, true or false.
"""

from __future__ import annotations

import datetime as dt
import json
from typing import ClassVar

from workbench_plugins.field_types.dates.types import Date, DateTime

from workbench.plugin_api import (
    DATE_AGGREGATIONS,
    NUMERIC_AGGREGATIONS,
    DataType,
    FieldType,
    FieldValueError,
    check_formula_text,
    compile_formula,
    formula_references,
    hookimpl,
    maintained_aggregates,
    render_formula,
    stored_formula,
    to_bool,
    to_float,
)
from workbench.plugin_api import operators as ops

_OPERATORS = {
    DataType.NUMERIC: ops.NUMERIC,
    DataType.STRING: ops.TEXT,
    DataType.JSON: ops.TEXT,
    DataType.ARRAY: ops.TEXT,
    DataType.DATE: ops.DATE,
    DataType.DATETIME: ops.DATE,
    DataType.BOOLEAN: ops.CHECKBOX | ops.NULLS | frozenset({"eq", "neq"}),
    DataType.NULL: ops.BLANK | ops.NULLS,
}
_SEARCH = {DataType.NUMERIC: "eq", DataType.STRING: "like"}
_AGGREGATIONS = {
    DataType.NUMERIC: NUMERIC_AGGREGATIONS,
    DataType.DATE: DATE_AGGREGATIONS,
    DataType.DATETIME: DATE_AGGREGATIONS,
}
_DATES = {DataType.DATE: Date, DataType.DATETIME: DateTime}
#: the JSON schema of a value, by result type (dates take their type's)
_SCHEMAS = {
    DataType.NUMERIC: {"type": "number"},
    DataType.STRING: {"type": "string"},
    DataType.BOOLEAN: {"type": "boolean"},
}


class Formula(FieldType):
    name = "Formula"
    virtual = True
    described_as = "formula"
    icon = "function"
    group = "computed"
    order = 530
    settings_schema: ClassVar[dict] = {
        "type": "object",
        "required": ["formula_raw"],
        "properties": {"formula_raw": {"type": "string", "minLength": 1, "title": "setting.formula_raw"}},
    }
    read_only = True
    dt = "formula"
    computed_example: ClassVar[dict] = {
        "body": {"formula_raw": '{Source} & "!"'},
        "rows": (("a", "a!"), ("été", "été!"), (None, "!")),
    }

    def __init__(self, column=None):
        super().__init__(column)
        options = (getattr(column, "col_options", None) or {}) if column is not None else {}
        self.tree = options.get("parsed_tree")
        try:
            self.result = DataType(options.get("dataType") or DataType.STRING)
        except ValueError:
            self.result = DataType.STRING
        self.operators = _OPERATORS.get(self.result, ops.TEXT)
        self.search = _SEARCH.get(self.result)
        self.aggregations = _AGGREGATIONS.get(self.result, FieldType.aggregations)
        date_type = _DATES.get(self.result)
        self._date = date_type(column) if date_type else None

    def sql_type(self, dialect):
        return None

    #: a kept number formula's helper is read by sorts and filters only (see
    #: ``workbench.data.maintained``)
    kept_as_formula = True

    def maintained_spec(self, model) -> str | None:
        """Kept when it is a number computed from its record's own fields and kept
        aggregates (``maintained_aggregates.formula_spec``)."""
        if self.result is not DataType.NUMERIC or self.column is None:
            return None
        f = model.by_id.get(self.column.id)
        return maintained_aggregates.formula_spec(model, f) if f is not None else None

    def json_schema(self):
        if self._date is not None:
            return self._date.json_schema()
        return dict(_SCHEMAS.get(self.result, {}))

    def to_db(self, value):
        raise FieldValueError("a formula is computed and cannot be written")

    def to_api(self, value):
        if self._date is not None and isinstance(value, dt.date):
            return self._date.to_api(value)
        if self.result is DataType.BOOLEAN and value is not None:
            return 1 if value else 0
        if self.result is DataType.ARRAY and isinstance(value, str):
            try:  # a list (from lookups) is a JSON array text in SQL, a list in the API
                return json.loads(value)
            except ValueError:
                return value
        return value

    def filter_value(self, text):
        if self._date is not None:
            return self._date.filter_value(text)
        if self.result is DataType.BOOLEAN:
            return to_bool(text)
        if self.result is DataType.NUMERIC:
            number = to_float(text)
            return int(number) if number is not None and number.is_integer() else number
        return text

    # -- FiltersItself -----------------------------------------------------------
    def filter_clause(self, op, expr, args):
        if self._date is not None:
            return self._date.filter_clause(op, expr, args)
        return NotImplemented

    # -- ComputedInSql -----------------------------------------------------------
    def configure(self, body, fields):
        """Parse and check ``formula_raw`` (or, when absent, the stored tree again)."""
        options = body.get("colOptions") if isinstance(body.get("colOptions"), dict) else {}
        raw = body.get("formula_raw", options.get("formula_raw"))
        if raw is None and self.tree is not None:
            raw = render_formula(self.tree, fields.titles)
        if raw is None:
            raise FieldValueError("formula_raw is required")
        if not isinstance(raw, str):
            raise FieldValueError("formula_raw must be a text")
        tree, checked = check_formula_text(raw, fields)
        return {
            "formula": stored_formula(tree),
            "parsed_tree": tree,
            "dataType": str(checked["dt"]),
        }

    def references(self):
        return formula_references(self.tree) if self.tree else []

    def data_type(self):
        return self.result

    def expression(self, resolver, dialect, functions):
        if self.tree is None:
            raise FieldValueError("the formula is missing")
        return compile_formula(self.tree, resolver, dialect, functions)

    def describe(self, title_of):
        if self.tree is None:
            return {"formula_raw": None}
        options = (self.column.col_options or {}) if self.column is not None else {}
        return {
            "formula": options.get("formula"),
            "formula_raw": render_formula(self.tree, title_of),
            "dataType": str(self.result),
        }


@hookimpl
def register_field_types():
    return [Formula]
