"""Footer aggregations: each field type names the ones it offers (``aggregations``); this
module turns a name into one SQL expression, so a whole footer is one SELECT."""

from __future__ import annotations

import json

import sqlalchemy as sa

from workbench.data.model import Field, Model
from workbench.errors import BadRequest


def _blank(f: Field):
    column = f.expr
    if isinstance(column.type, (sa.Text, sa.String)):
        return sa.or_(column.is_(None), column == "")
    return column.is_(None)


def _count_if(condition):
    return sa.func.sum(sa.case((condition, 1), else_=0))


AGGREGATES = {
    "count": lambda f: sa.func.count(),
    "count_empty": lambda f: _count_if(_blank(f)),
    "count_filled": lambda f: _count_if(sa.not_(_blank(f))),
    "count_unique": lambda f: sa.func.count(sa.distinct(f.expr)),
    "sum": lambda f: sa.func.sum(f.expr),
    "avg": lambda f: sa.func.avg(sa.cast(f.expr, sa.Float)),  # a double everywhere (MariaDB: 4 digits)
    "min": lambda f: sa.func.min(f.expr),
    "max": lambda f: sa.func.max(f.expr),
    "earliest": lambda f: sa.func.min(f.expr),
    "latest": lambda f: sa.func.max(f.expr),
    "checked": lambda f: _count_if(f.expr == sa.true()),
    "unchecked": lambda f: _count_if(sa.or_(f.expr == sa.false(), f.expr.is_(None))),
}
# Results that are values of the field (serialised by its type); the others are numbers.
_FIELD_VALUED = {"min", "max", "earliest", "latest"}


def parse_request(model: Model, text: str | None) -> list[tuple[Field, str]]:
    """``aggregation=[{"field": title or id, "type": "sum"}, ...]``, each checked."""
    try:
        items = json.loads(text or "[]")
    except ValueError:
        items = None
    if not isinstance(items, list) or not all(isinstance(i, dict) for i in items):
        raise BadRequest('aggregation must be a JSON array of {"field", "type"}')
    wanted = []
    for item in items:
        f = model.get(str(item.get("field")))
        name = item.get("type")
        if f.expr is None or name not in f.type.aggregations or name not in AGGREGATES:
            raise BadRequest(f"Aggregation {name!r} is not available for field '{f.title}'")
        wanted.append((f, name))
    return wanted


def aggregate(connection, model: Model, wanted: list[tuple[Field, str]], where=None) -> dict:
    """``{field title: {aggregation: value}}`` in one statement."""
    if not wanted:
        return {}
    statement = sa.select(*(AGGREGATES[name](f) for f, name in wanted)).select_from(model.table)
    if where is not None:
        statement = statement.where(where)
    row = connection.execute(statement).one()
    result: dict[str, dict] = {}
    for (f, name), value in zip(wanted, row, strict=True):
        if name in _FIELD_VALUED:
            value = f.type.to_api(value) if value is not None else None
        elif value is not None:
            value = float(value) if name in ("sum", "avg") else int(value)
        result.setdefault(f.title, {})[name] = value
    return result
