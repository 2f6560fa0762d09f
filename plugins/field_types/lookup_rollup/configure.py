"""Checking the column body of a lookup or rollup: the link field must be a link of this
table, the field read must exist in the linked table, and following them must not lead
back to the field being configured (a circular lookup)."""

from __future__ import annotations

from dataclasses import dataclass

from workbench_plugins.field_types.links.relations import Relation, RelationError

from workbench.plugin_api import (
    ComputedInSql,
    DataType,
    FieldValueError,
    FormulaError,
    TableFields,
    check_cycles,
    data_type_of,
    field_type,
    reach_other_tables,
)


@dataclass(frozen=True)
class Target:
    relation: Relation
    #: the meta column read in the linked table, and its field type
    column: object
    type: object
    #: its formula type; for a lookup, the type of its values
    data_type: DataType
    #: whether a record may reach several values through the link (and the target)
    many: bool


def option(body: dict, name: str, current=None):
    """A value given at the top of the body (as NocoDB's GUI sends it) or in ``colOptions``."""
    options = body.get("colOptions") if isinstance(body.get("colOptions"), dict) else {}
    value = body.get(name, options.get(name))
    return current if value in (None, "") else value


def find_target(body: dict, fields: TableFields, target_key: str, current: dict) -> Target:
    """The link and the field read through it, from ``body`` (or the stored options)."""
    if fields.column_of is None or fields.columns_of is None:
        raise FieldValueError("links cannot be followed here")
    relation_id = option(body, "fk_relation_column_id", current.get("fk_relation_column_id"))
    target_key_value = option(body, target_key, current.get(target_key))
    if not relation_id:
        raise FieldValueError("fk_relation_column_id (the link field) is required")
    if not target_key_value:
        raise FieldValueError(f"{target_key} (the field of the linked table) is required")
    own = set(fields.ids.values())
    link = fields.column_of(str(relation_id)) if str(relation_id) in own else None
    if link is None:
        raise FieldValueError(f"link field {relation_id!r} not found in this table")
    try:
        relation = Relation.of(link)
    except RelationError:
        raise FieldValueError(f"field '{link.title}' is not a link") from None
    columns = fields.columns_of(relation.related_table_id) or []
    column = next((c for c in columns if c.id == target_key_value), None) or next(
        (c for c in columns if c.title == target_key_value), None
    )
    if column is None:
        raise FieldValueError(f"field {target_key_value!r} not found in the linked table")
    ftype = field_type(fields.registry, column)
    if ftype.sql_type(fields.dialect) is None and not isinstance(ftype, ComputedInSql):
        raise FieldValueError(f"field '{column.title}' of the linked table cannot be read")
    data_type = data_type_of(ftype)
    many = relation.many
    if column.uidt == "Lookup":
        options = column.col_options or {}
        data_type = DataType(options.get("dataType") or DataType.STRING)
        many = many or bool(options.get("multi"))
    return Target(relation, column, ftype, data_type, many)


def check_no_cycle(fields: TableFields, target: Target, title: str) -> None:
    """Refuse a field that, through links and the fields it reads, reads itself."""
    me = fields.column_id or "new"
    graph = {me: [target.relation.column_id, target.column.id], **fields.graph}
    titles = {**fields.titles, me: title}
    reach_other_tables(fields.registry, graph, titles, fields.column_of, None)
    try:
        check_cycles(graph, titles)
    except FormulaError as exc:
        raise FieldValueError(f"Circular lookup: {str(exc).removeprefix('Circular reference: ')}") from None
