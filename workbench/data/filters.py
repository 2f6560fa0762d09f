"""Turning a ``where`` tree (or a view's stored filters) into one SQL condition.

Each condition is checked against its field type: the field must exist, the operator must
be one the type offers, and the value must parse; otherwise ``BadRequest`` names the field.
A type that ``FiltersItself`` builds its own SQL (select sets, date sub-operators); the
others get the generic comparisons below.
"""

from __future__ import annotations

import json
import types

import sqlalchemy as sa

from workbench.data.model import Field, Model
from workbench.data.where import Condition, Group
from workbench.errors import BadRequest
from workbench.fields import operators as ops
from workbench.fields.interfaces import FieldValueError, FiltersItself

_IS_VALUES = {
    "true": "checked",
    "false": "notchecked",
    "null": "blank",
    "notnull": "notblank",
    "blank": "blank",
    "notblank": "notblank",
    "empty": "empty",
    "notempty": "notempty",
}


def _canonical(op: str, args: list[str]) -> tuple[str, list[str]]:
    op = ops.ALIASES.get(op, op)
    if op in ("is", "isnot") and args:
        mapped = _IS_VALUES.get(args[0].lower())
        if mapped is None:
            raise BadRequest(f"Unsupported value for '{op}': {args[0]!r}")
        if op == "isnot":
            mapped = {
                "checked": "notchecked",
                "notchecked": "checked",
                "blank": "notblank",
                "notblank": "blank",
                "empty": "notempty",
                "notempty": "empty",
            }[mapped]
        return mapped, []
    return op, args


def _is_text(f: Field) -> bool:
    return isinstance(f.expr.type, (sa.Text, sa.String))


def _blank(f: Field, expr):
    return sa.or_(expr.is_(None), expr == "") if _is_text(f) else expr.is_(None)


def _value(f: Field, text: str):
    try:
        return f.type.filter_value(text)
    except FieldValueError as exc:
        raise BadRequest(f"Invalid filter value for field '{f.title}': {exc}") from None


def condition_clause(model: Model, field_name: str, op: str, args: list[str]):
    f = model.get(field_name)
    op, args = _canonical(op, args)
    if f.expr is None:
        raise BadRequest(f"Field '{f.title}' cannot be filtered")
    if op not in f.type.operators:
        raise BadRequest(f"Operator '{op}' is not supported for field '{f.title}' ({f.column.uidt})")
    # a kept formula filters on its helper (the same values, indexed)
    expr = f.kept if f.kept is not None else f.expr
    if f.filters_itself:
        try:
            clause = f.type.filter_clause(op, expr, args)
        except FieldValueError as exc:
            raise BadRequest(f"Invalid filter on field '{f.title}': {exc}") from None
        if clause is not NotImplemented:
            return clause
    return _generic(f, expr, op, args, model.dialect)


def value_condition(f, expr, op: str, args: list[str], dialect: str = ""):
    """The condition ``op`` on ``expr``, a value of ``f``'s type (``f`` needs ``type``,
    ``expr`` and ``title``): the type's own SQL if it ``FiltersItself``, else the generic
    one. Lookups use it on the values of linked records."""
    if isinstance(f.type, FiltersItself):
        try:
            clause = f.type.filter_clause(op, expr, args)
        except FieldValueError as exc:
            raise BadRequest(f"Invalid filter on field '{f.title}': {exc}") from None
        if clause is not NotImplemented:
            return clause
    return _generic(f, expr, op, args, dialect)


def _generic(f: Field, expr, op: str, args: list[str], dialect: str = ""):
    if op == "blank":
        return _blank(f, expr)
    if op == "notblank":
        return sa.not_(_blank(f, expr))
    if op == "null":
        return expr.is_(None)
    if op == "notnull":
        return expr.is_not(None)
    if op == "empty":
        return expr == ""
    if op == "notempty":
        return sa.or_(expr != "", expr.is_(None))
    if op == "checked":
        return expr == sa.true()
    if op == "notchecked":
        return sa.or_(expr == sa.false(), expr.is_(None))
    if op in ops.LIST_OPERATORS:
        values = [_value(f, a) for a in args if a != ""]
        if op == "in":
            return expr.in_(values) if values else sa.false()
        if len(values) != 2:
            raise BadRequest(f"Operator '{op}' on field '{f.title}' needs two values")
        between = expr.between(*values)
        return between if op == "btw" else sa.or_(sa.not_(between), expr.is_(None))
    text = ",".join(args)
    if op in ("like", "nlike"):
        pattern = text if "%" in text else f"%{_escape_like(text)}%"
        target = expr if _is_text(f) else sa.cast(expr, sa.Text)
        if dialect == "sqlite":
            # SQLite's LIKE ignores ASCII case and its lower() folds ASCII only: the lower()
            # of ilike on both sides would cost a third of a scan for the same answer.
            like = target.like(pattern, escape="\\")
        else:
            like = target.ilike(pattern, escape="\\")
        return like if op == "like" else sa.or_(sa.not_(like), expr.is_(None))
    if op in ("eq", "neq") and text == "":
        blank = _blank(f, expr)
        return blank if op == "eq" else sa.not_(blank)
    value = _value(f, text)
    if value is None:
        return expr.is_(None) if op == "eq" else expr.is_not(None)
    if op == "eq":
        return expr == value
    if op == "neq":
        return sa.or_(expr != value, expr.is_(None))
    return {"gt": expr > value, "lt": expr < value, "ge": expr >= value, "le": expr <= value}[op]


def _escape_like(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def tree_clause(model: Model, node: Condition | Group):
    """The SQL of a parsed ``where`` tree."""
    if isinstance(node, Condition):
        return condition_clause(model, node.field, node.op, node.args)
    disjuncts: list[list] = [[]]
    for index, (logic, negate, child) in enumerate(node.items):
        clause = tree_clause(model, child)
        if negate:
            clause = sa.not_(clause)
        if index and logic == "or":
            disjuncts.append([])
        disjuncts[-1].append(clause)
    parts = [sa.and_(*conj) if len(conj) > 1 else conj[0] for conj in disjuncts]
    return sa.or_(*parts) if len(parts) > 1 else parts[0]


def stored_filters_clause(model: Model, filters: list) -> sa.ColumnElement | None:
    """The SQL of a view's stored filters (a tree of ``Filter`` rows through ``parent_id``)."""
    children: dict[str | None, list] = {}
    for item in filters:
        children.setdefault(item.parent_id, []).append(item)

    def group(parent_id) -> Group | None:
        items = []
        for item in sorted(children.get(parent_id, []), key=lambda x: x.order or 0):
            if item.is_group:
                node = group(item.id)
                if node is None:
                    continue
            else:
                column = model.find(item.column_id) if item.column_id else None
                if column is None:
                    raise BadRequest(f"Field '{item.column_id}' not found in table '{model.title}'")
                if not item.comparison_op:
                    raise BadRequest(f"A filter on field '{column.title}' needs an operator")
                args = [item.comparison_sub_op] if item.comparison_sub_op else []
                if item.value not in (None, ""):
                    args += (
                        [item.value]
                        if item.comparison_sub_op
                        else str(item.value).split(",")
                        if item.comparison_op in ops.LIST_OPERATORS
                        else [str(item.value)]
                    )
                node = Condition(column.id, item.comparison_op, args)
            logic = (item.logical_op or "and").lower()
            items.append(("or" if logic == "or" else "and", logic == "not", node))
        return Group(items) if items else None

    root = group(None)
    return tree_clause(model, root) if root else None


def json_filters_clause(model: Model, text: str):
    """``filterArrJson``: filter objects as the GUI sends them, groups holding ``children``."""
    try:
        items = json.loads(text)
    except ValueError:
        raise BadRequest("filterArrJson must be a JSON array") from None
    flat: list[types.SimpleNamespace] = []

    def walk(level, parent_id):
        if not isinstance(level, list):
            raise BadRequest("filterArrJson must be a JSON array of filter objects")
        for order, item in enumerate(level):
            if not isinstance(item, dict):
                raise BadRequest("filterArrJson must be a JSON array of filter objects")
            node_id = f"json-{len(flat)}"
            value = item.get("value")
            flat.append(
                types.SimpleNamespace(
                    id=node_id,
                    parent_id=parent_id,
                    order=order,
                    is_group=bool(item.get("is_group")),
                    column_id=item.get("fk_column_id"),
                    comparison_op=item.get("comparison_op"),
                    comparison_sub_op=item.get("comparison_sub_op"),
                    logical_op=item.get("logical_op"),
                    value=None if value is None else str(value),
                )
            )
            if item.get("is_group"):
                walk(item.get("children") or [], node_id)

    walk(items, None)
    return stored_filters_clause(model, flat)
