"""The Rollup field type: one aggregate over a field of the linked records.

Functions (NocoDB's): ``count``, ``min``, ``max``, ``avg``, ``sum``, ``countDistinct``,
``sumDistinct``, ``avgDistinct``, over any readable field of the linked table: stored
numbers, formulas, other rollups, lookups (their values, followed to the far table).
Sums and averages need numbers; counts take anything; min and max also take dates and
texts and keep their type. A record without linked values counts 0 and has no sum,
average, minimum or maximum (blank).

Column options: ``fk_relation_column_id``, ``fk_rollup_column_id``, ``rollup_function``,
and ``dataType`` (the result's formula type).
"""

from __future__ import annotations

import datetime as dt
import decimal
from typing import ClassVar

import sqlalchemy as sa
from workbench_plugins.field_types.dates.types import Date, DateTime

from workbench.plugin_api import DATE_AGGREGATIONS, NUMERIC_AGGREGATIONS, DataType, FieldType, FieldValueError, to_float
from workbench.plugin_api import operators as ops

from . import sql
from .configure import check_no_cycle, find_target, option
from .maintained import specs
from .paths import resolve

NUMBERS = frozenset({DataType.NUMERIC, DataType.BOOLEAN})
ORDERED = NUMBERS | {DataType.DATE, DataType.DATETIME, DataType.STRING}
_RESULT_SQL = {DataType.NUMERIC: sa.Float(), DataType.STRING: sa.UnicodeText()}


class Rollup(FieldType):
    name = "Rollup"
    virtual = True
    formula_type = "numeric"
    icon = "diagram-tree"
    group = "computed"
    order = 510
    groupable = False
    export_as = "number"
    settings_schema: ClassVar[dict] = {
        "type": "object",
        "required": ["fk_relation_column_id", "fk_rollup_column_id"],
        "properties": {
            "fk_relation_column_id": {"type": "string", "title": "setting.fk_relation_column_id"},
            "fk_rollup_column_id": {"type": "string", "title": "setting.fk_rollup_column_id"},
            "rollup_function": {
                "type": "string",
                "enum": list(sql.ROLLUP_FUNCTIONS),
                "default": "sum",
                "title": "setting.rollup_function",
            },
        },
    }
    read_only = True
    dt = "rollup"
    operators = ops.NUMERIC
    search = "eq"
    aggregations = NUMERIC_AGGREGATIONS

    def __init__(self, column=None):
        super().__init__(column)
        options = (getattr(column, "col_options", None) or {}) if column is not None else {}
        self.options = options
        self.relation_id = options.get("fk_relation_column_id")
        self.target_id = options.get("fk_rollup_column_id")
        self.function = options.get("rollup_function") or "count"
        try:
            self.result = DataType(options.get("dataType") or DataType.NUMERIC)
        except ValueError:
            self.result = DataType.NUMERIC
        self._apply_result()
        self.target: FieldType | None = None
        #: what the built expression reads: a stored field one link away, and its SQL type
        self._stored_target = None

    def _apply_result(self):
        self._date = None
        if self.result is DataType.DATE:
            self._date = Date(self.column)
        elif self.result is DataType.DATETIME:
            self._date = DateTime(self.column)
        if self._date is not None:
            self.operators, self.search, self.aggregations = ops.DATE, None, DATE_AGGREGATIONS
        elif self.result is DataType.STRING:
            self.operators, self.search, self.aggregations = ops.TEXT, "like", FieldType.aggregations
        else:
            self.operators, self.search, self.aggregations = ops.NUMERIC, "eq", NUMERIC_AGGREGATIONS

    def sql_type(self, dialect):
        return None

    def to_db(self, value):
        raise FieldValueError("a rollup is computed and cannot be written")

    def to_api(self, value):
        if value is None:
            return 0 if self.function.startswith("count") else None
        if self._date is not None:
            if isinstance(value, str):
                value = _parse(value, self.result)
            return self._date.to_api(value) if isinstance(value, dt.date) else value
        if self.result is DataType.NUMERIC:
            if isinstance(value, (decimal.Decimal, float)):
                number = float(value)
                return int(number) if number.is_integer() else number
            if isinstance(value, str):
                number = to_float(value)
                return int(number) if number is not None and number.is_integer() else number
        return value

    def json_schema(self):
        """For the project's OpenAPI document."""
        if self.result is DataType.DATE:
            return {"type": "string", "format": "date"}
        return {"type": "number"} if self.result is DataType.NUMERIC else {"type": "string"}

    def filter_value(self, text):
        if self._date is not None:
            return self._date.filter_value(text)
        if self.result is DataType.NUMERIC:
            number = to_float(text)
            if number is None and str(text).strip():
                raise FieldValueError(f"{text!r} is not a number")
            return int(number) if number is not None and number.is_integer() else number
        return text

    def filter_clause(self, op, expr, args):
        if self._date is not None:
            return self._date.filter_clause(op, expr, args)
        return NotImplemented

    # -- ComputedInSql ---------------------------------------------------------------
    def configure(self, body, fields):
        function = option(body, "rollup_function", self.options.get("rollup_function"))
        if function not in sql.ROLLUP_FUNCTIONS:
            names = ", ".join(sql.ROLLUP_FUNCTIONS)
            raise FieldValueError(f"rollup_function must be one of {names}, got {function!r}")
        target = find_target(body, fields, "fk_rollup_column_id", self.options)
        element = target.data_type
        result = result_type(function, element)
        if result is None:
            raise FieldValueError(
                f"{function} needs a number field, and '{target.column.title}' holds {_describe(element)}"
            )
        check_no_cycle(fields, target, self.column.title if self.column is not None else "")
        return {
            "fk_relation_column_id": target.relation.column_id,
            "fk_rollup_column_id": target.column.id,
            "fk_related_model_id": target.relation.related_table_id,
            "rollup_function": function,
            "dataType": str(result),
        }

    def references(self):
        return [ref for ref in (self.relation_id, self.target_id) if ref]

    def data_type(self):
        return self.result

    def expression(self, resolver, dialect, functions):
        if not self.relation_id or not self.target_id or self.function not in sql.ROLLUP_FUNCTIONS:
            raise FieldValueError("the rollup is incomplete")
        path = resolve(resolver, self.relation_id, self.target_id, frozenset({self.column.id}))
        chain = path.chain(resolver.model.table)
        result = result_type(self.function, DataType(chain.value.type))
        if result is None:
            raise FieldValueError("the rolled-up field no longer holds numbers")
        self.result = result
        self._apply_result()
        self.target = path.target.type
        self._stored_target = (
            path.target.sa_column.type if len(path.steps) == 1 and path.target.sa_column is not None else None
        )
        if self.function.startswith("count"):
            return sa.func.coalesce(sql.rollup(chain, self.function, sa.Integer()), 0, type_=sa.Integer)
        if result is DataType.NUMERIC:
            value_type = sa.Float()
        elif self._date is not None:
            value_type = chain.value.expression.type
        else:
            value_type = _RESULT_SQL.get(result, sa.UnicodeText())
        return sql.rollup(chain, self.function, value_type)

    def maintained_spec(self, model):
        """What a helper column keeping this rollup holds (``workbench.data.maintained``),
        None when it is not kept: a stored number field through one has-many or
        many-to-many link (read once the expression is built)."""
        if self.function not in specs.FUNCTIONS or self._stored_target is None:
            return None
        relation = specs.link_relation(model, self.relation_id)
        kind = specs.target_kind(self._stored_target)
        if relation is None or kind is None:
            return None
        return specs.rollup_spec(self.function, self.relation_id, self.target_id, kind)

    def maintained_link(self) -> str | None:
        return self.relation_id

    def describe(self, title_of):
        return {
            "fk_relation_column_id": self.relation_id,
            "fk_rollup_column_id": self.target_id,
            "rollup_function": self.function,
        }


def result_type(function: str, element: DataType) -> DataType | None:
    """The formula type of ``function`` over values of type ``element`` (None: refused)."""
    if function in ("count", "countDistinct"):
        return DataType.NUMERIC
    if function in ("min", "max"):
        if element in ORDERED:
            return DataType.NUMERIC if element is DataType.BOOLEAN else element
        return None
    return DataType.NUMERIC if element in NUMBERS else None


def _describe(element: DataType) -> str:
    return {
        DataType.STRING: "texts",
        DataType.DATE: "dates",
        DataType.DATETIME: "dates",
        DataType.ARRAY: "lists",
        DataType.JSON: "JSON values",
    }.get(element, str(element))


def _parse(text: str, kind: DataType):
    try:
        value = dt.datetime.fromisoformat(text.replace(" ", "T").removesuffix("Z"))
    except ValueError:
        return text
    return value.date() if kind is DataType.DATE else value.replace(tzinfo=None)
