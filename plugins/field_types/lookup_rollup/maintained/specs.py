"""Which fields are maintained, and the helper column each gets."""

from __future__ import annotations

import sqlalchemy as sa
from workbench_plugins.field_types.links.relations import HM, MM, Relation, RelationError

#: rollup functions kept in a helper column
FUNCTIONS = ("count", "sum", "min", "max", "avg", "countDistinct", "sumDistinct", "avgDistinct")


def link_relation(model, link_id: str | None) -> Relation | None:
    """The relation of link ``link_id`` of ``model`` when an aggregate over it may be kept:
    a has-many or many-to-many link to another table."""
    link = model.by_id.get(link_id) if link_id else None
    if link is None:
        return None
    try:
        relation = Relation.of(link.column)
    except RelationError:
        return None
    if relation.type not in (HM, MM) or relation.is_self:
        return None
    return relation


def target_kind(sql_type) -> str | None:
    """``int`` or ``float`` for a stored column whose values a helper holds exactly
    (decimals, dates and texts are not kept)."""
    if isinstance(sql_type, sa.Integer):
        return "int"
    if isinstance(sql_type, sa.Float):
        return "float"
    return None


def rollup_spec(function: str, link_id: str, target_id: str, kind: str) -> str:
    return f"rollup:{function}:{link_id}:{target_id}:{kind}"


def counts(spec: str) -> bool:
    """Whether ``spec`` is a count (0, never NULL, for a record without linked rows)."""
    parts = spec.split(":")
    return parts[0] == "count" or parts[1] in ("count", "countDistinct")


def helper_type(spec: str) -> sa.types.TypeEngine:
    """The SQL type of the helper of ``spec``: whole numbers for counts, and for the minimum
    and maximum of whole numbers; double precision for the rest (a sum of whole numbers
    reads as a floating-point number through its correlated query too)."""
    parts = spec.split(":")
    if counts(spec):
        return sa.BigInteger()
    if parts[1] in ("min", "max") and parts[-1] == "int":
        return sa.BigInteger()
    return sa.Double()
