"""The Lookup field type: a field of the linked records, read through a link field.

Through belongs-to links only, a record reaches at most one linked record: the lookup
is that record's value, with the looked-up field's type (its filters, search, sort and
API form). Through a has-many or many-to-many link it is the list of the linked
records' values (a JSON array in the API, a list in formulas), and a filter or search
matches a record when any of its values does, as in NocoDB: ``eq``, ``like``, ``gt``...
need one matching value, ``neq``, ``nlike``, ``nanyof`` need none, ``blank`` means no
value at all. Lists sort by their JSON text.

Column options (NocoDB's): ``fk_relation_column_id`` (the link field of this table) and
``fk_lookup_column_id`` (the field of the linked table), plus what the checks found:
``dataType`` (the formula type of one value), ``multi`` (a list or one value).
"""

from __future__ import annotations

import datetime as dt
import json
import types
from typing import ClassVar

import sqlalchemy as sa

from workbench.plugin_api import DataType, FieldType, FieldValueError, value_condition
from workbench.plugin_api import operators as ops

from . import sql
from .configure import check_no_cycle, find_target
from .paths import resolve

#: operators that hold when no linked value meets their positive form
_NEGATIVE = {"neq": "eq", "nlike": "like", "nanyof": "anyof", "nallof": "allof", "notchecked": "checked"}
_DATES = (DataType.DATE, DataType.DATETIME)
_SCHEMAS = {
    DataType.NUMERIC: {"type": "number"},
    DataType.STRING: {"type": "string"},
    DataType.BOOLEAN: {"type": "boolean"},
    DataType.DATE: {"type": "string", "format": "date"},
    DataType.DATETIME: {"type": "string"},
}


class Lookup(FieldType):
    name = "Lookup"
    virtual = True
    formula_type = "array"
    icon = "search-around"
    group = "computed"
    order = 500
    sortable = False
    groupable = False
    export_as = "list"
    settings_schema: ClassVar[dict] = {
        "type": "object",
        "required": ["fk_relation_column_id", "fk_lookup_column_id"],
        "properties": {
            "fk_relation_column_id": {"type": "string", "title": "setting.fk_relation_column_id"},
            "fk_lookup_column_id": {"type": "string", "title": "setting.fk_lookup_column_id"},
        },
    }
    read_only = True
    dt = "lookup"

    def __init__(self, column=None):
        super().__init__(column)
        options = (getattr(column, "col_options", None) or {}) if column is not None else {}
        self.options = options
        self.relation_id = options.get("fk_relation_column_id")
        self.target_id = options.get("fk_lookup_column_id")
        self.multi = bool(options.get("multi", True))
        try:
            self.element = DataType(options.get("dataType") or DataType.STRING)
        except ValueError:
            self.element = DataType.STRING
        self.target: FieldType | None = None
        self._chain = None
        self._dialect = ""
        self.operators = ops.TEXT
        self.search = "like"

    def sql_type(self, dialect):
        return None

    def to_db(self, value):
        raise FieldValueError("a lookup is computed and cannot be written")

    # -- values ------------------------------------------------------------------
    def to_api(self, value):
        if not self.multi:
            return self._element(value)
        if value is None:
            return []
        items = json.loads(value) if isinstance(value, (str, bytes)) else value
        if not isinstance(items, list):
            items = [items]
        return [self._element(item) for item in items]

    def _element(self, value):
        if value is None or self.target is None:
            return value
        if self.element in _DATES and isinstance(value, str):
            value = _parse_date(value, self.element)
        elif self.element is DataType.BOOLEAN and isinstance(value, int):
            value = bool(value)
        try:
            return self.target.to_api(value)
        except (TypeError, ValueError, AttributeError):
            return value

    def export_item(self):
        """The looked-up field's type: each value is written as that field is."""
        return self.target

    def json_schema(self):
        """For the project's OpenAPI document: a list, or one value of the stored type."""
        element = _SCHEMAS.get(self.element, {})
        return {"type": "array", "items": element} if self.multi else dict(element)

    def filter_value(self, text):
        if self.target is None:
            return text
        return self.target.filter_value(text)

    # -- filters and search (FiltersItself, SearchesItself) --------------------------
    def filter_clause(self, op, expr, args):
        if self._chain is None:
            return NotImplemented
        if not self.multi:
            return self._target_condition(op, expr, args)
        if op in ("blank", "null", "empty"):
            return sa.not_(sql.any_row(self._chain, self._present()))
        if op in ("notblank", "notnull", "notempty"):
            return sql.any_row(self._chain, self._present())
        positive = _NEGATIVE.get(op)
        if positive is not None:
            return sa.not_(sql.any_row(self._chain, self._element_condition(positive, args)))
        return sql.any_row(self._chain, self._element_condition(op, args))

    def _target_condition(self, op, expr, args):
        if self.target is None:
            return NotImplemented
        fake = types.SimpleNamespace(expr=expr, type=self.target, title=self.column.title if self.column else "")
        return value_condition(fake, expr, op, args, self._dialect)

    def _element_condition(self, op, args):
        value = self._chain.value.expression
        condition = self._target_condition(op, value, args)
        if condition is NotImplemented:
            raise FieldValueError(f"operator '{op}' cannot be used here")
        return condition

    def _present(self):
        value = self._chain.value.expression
        if isinstance(value.type, (sa.String, sa.Text)):
            return sa.and_(value.is_not(None), value != "")
        return value.is_not(None)

    def search_clause(self, expr, text, dialect):
        if not self.multi or self._chain is None or self.target is None:
            return NotImplemented
        rule = getattr(self.target, "search", None)
        if rule == "like":
            return sql.any_row(self._chain, self._target_condition("like", self._chain.value.expression, [text]))
        if rule == "eq":
            value = self.target.filter_value(text)
            if value is None:
                raise FieldValueError("no value")
            return sql.any_row(self._chain, self._chain.value.expression == value)
        return sa.false()

    # -- ComputedInSql ---------------------------------------------------------------
    def configure(self, body, fields):
        target = find_target(body, fields, "fk_lookup_column_id", self.options)
        check_no_cycle(fields, target, self.column.title if self.column is not None else "")
        return {
            "fk_relation_column_id": target.relation.column_id,
            "fk_lookup_column_id": target.column.id,
            "fk_related_model_id": target.relation.related_table_id,
            "dataType": str(target.data_type),
            "multi": target.many,
        }

    def references(self):
        return [ref for ref in (self.relation_id, self.target_id) if ref]

    def data_type(self):
        return DataType.ARRAY if self.multi else self.element

    def expression(self, resolver, dialect, functions):
        if not self.relation_id or not self.target_id:
            raise FieldValueError("the lookup is incomplete")
        path = resolve(resolver, self.relation_id, self.target_id, frozenset({self.column.id}))
        chain = path.chain(resolver.model.table)
        self._chain, self._dialect = chain, dialect
        self.multi = path.many
        self.element = DataType(chain.value.type)
        target = path.target
        self.target = target.type
        self.search = getattr(target.type, "search", None)
        target_ops = frozenset(getattr(target.type, "operators", ops.TEXT))
        if self.multi:
            self.operators = (target_ops - ops.RANGE - {"in"}) | ops.BLANK | ops.NULLS
            return sql.json_list(chain, dialect)
        self.operators = target_ops
        return sql.single(chain)

    def describe(self, title_of):
        return {
            "fk_relation_column_id": self.relation_id,
            "fk_lookup_column_id": self.target_id,
        }


def _parse_date(text: str, kind: DataType):
    try:
        value = dt.datetime.fromisoformat(text.replace(" ", "T").removesuffix("Z"))
    except ValueError:
        return text
    if kind is DataType.DATE:
        return value.date()
    return value.replace(tzinfo=None) if value.tzinfo else value
