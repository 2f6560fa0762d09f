"""Creating and deleting link fields, both sides at once, in the request's unit of work.

Creating a link on table T to table O (``body``: ``type`` hm/bt/mm and the other table as
``childId``/``parentId``, whichever is not T; both are T for a self-link):

- ``hm``/``bt``: the child (O for hm, T for bt) gets a ``ForeignKey`` column named after the
  parent (``<parent>_id``, typed like the parent's primary key, hidden as a system field)
  with a real constraint and an index (``ddl``); the parent gets an ``hm``
  field and the child a ``bt`` field, each pointing at the other
  (``fk_symmetric_column_id``).
- ``mm``: a junction table (meta table of type ``mm``, hidden from table lists unless
  ``includeM2M``) with one key column per side; T and O each get an ``mm`` field.

The field created by the request keeps its title; the one on the other side is named after
T. ``rqd`` on a belongs-to link makes its foreign key required too (such a
link counts as required), so a new child record must name its parent; on a has-many or
many-to-many link it only marks that field (a form then asks for at least one record).

Deleting either field removes both, with the foreign key or the junction table; it is
refused while another computed field (formula, count, lookup, rollup) reads one of them.
Links join tables of one data source, each with a single-column primary key.
"""

from __future__ import annotations

import secrets

import sqlalchemy as sa

from workbench.plugin_api import (
    BadRequest,
    ComputedInSql,
    FieldValueError,
    described_as,
    field_type,
    new_id,
    notify,
    schema,
)

from . import ddl
from .foreign_key import ForeignKey
from .relations import BT, HM, MM, Key, Relation, RelationError, link_options

Column, Table, ViewColumn = schema.Column, schema.Table, schema.ViewColumn
sanitise, unique_name, column_json = schema.sanitise, schema.unique_name, schema.column_json
data_transaction = schema.data_transaction

#: the kinds a new link may have (``oo`` is not offered)
CREATABLE = (HM, BT, MM)


def requested_kind(body: dict, current: dict | None = None) -> str:
    options = body.get("colOptions") if isinstance(body.get("colOptions"), dict) else {}
    kind = body.get("type") or options.get("type") or (current or {}).get("type")
    if kind not in CREATABLE:
        raise FieldValueError("type must be hm (has many), bt (belongs to) or mm (many to many)")
    return kind


def _other_table(request, table: Table, body: dict) -> Table:
    options = body.get("colOptions") if isinstance(body.get("colOptions"), dict) else {}
    given = [
        v
        for v in (body.get("childId"), body.get("parentId"), options.get("fk_related_model_id"))
        if isinstance(v, str) and v
    ]
    if not given:
        raise FieldValueError("childId (the table to link to) is required")
    other_id = next((v for v in given if v != table.id), table.id)
    other = request.dbsession.get(Table, other_id)
    if other is None or other.project_id != table.project_id or other.type == "mm":
        raise FieldValueError(f"table '{other_id}' not found in this project")
    if other.source_id != table.source_id:
        raise FieldValueError("links join tables of the same data source only")
    return other


def _single_pk(table: Table) -> Column:
    pks = [c for c in table.columns if c.pk]
    if len(pks) != 1:
        raise FieldValueError(f"table '{table.title}' needs a single-column primary key to be linked")
    return pks[0]


def _key_kind(request, pk: Column) -> str:
    """``int`` or ``text``: how a foreign key to ``pk`` is stored."""
    sql_type = field_type(request.registry, pk).sql_type("postgresql")
    if isinstance(sql_type, sa.Integer):
        return "int"
    if isinstance(sql_type, (sa.String, sa.Text)):
        return "text"
    raise FieldValueError(f"the primary key of '{pk.table.title}' cannot be linked ({pk.uidt})")


def _physical_names(work, table: Table) -> set[str]:
    names = {c["name"] for c in sa.inspect(work.connection).get_columns(table.table_name)}
    return names | {c.column_name for c in table.columns if c.column_name}


def _append(table: Table, column: Column, show: bool) -> None:
    column.order = max((c.order or 0 for c in table.columns), default=0) + 1
    table.columns.append(column)
    for view in table.views:
        view.columns.append(ViewColumn(column_id=column.id, show=show, order=column.order))
    table.schema_version = (table.schema_version or 0) + 1


def _foreign_key_column(request, work, parent: Table, child: Table, pk: Column, required: bool) -> Column:
    """The child's new foreign key to the parent, in meta and in the database; a required
    one makes the belongs-to link required: a new child must name its parent."""
    kind = _key_kind(request, pk)
    name = unique_name(sanitise(f"{parent.table_name}_id", "link"), _physical_names(work, child))
    title = unique_name(f"{parent.title}_id", {c.title for c in child.columns})
    tag = secrets.token_hex(4)
    constraint = f"fk_{parent.table_name[:10]}_{child.table_name[:10]}_{tag}"
    index = f"ix_{child.table_name[:10]}_{name[:20]}_{tag}"
    column = _key_meta(
        request,
        title,
        name,
        parent,
        pk,
        kind,
        system=True,
        rqd=required,
        options={"fk_constraint_name": constraint, "fk_index_name": index},
    )
    _append(child, column, show=False)
    request.dbsession.flush()
    sql_type = field_type(request.registry, column).sql_type(work.dialect)
    ddl.add_foreign_key(
        work,
        table=child.table_name,
        column=name,
        type_=sql_type,
        parent=parent.table_name,
        parent_column=pk.column_name,
        constraint=constraint,
        index=index,
    )
    return column


def _reverse(table: Table, other: Table, uidt: str) -> Column:
    """The link field on the other side (named after ``table``), not yet configured."""
    column = Column(
        id=new_id("cl_"),
        title=unique_name(table.title, {c.title for c in other.columns}),
        column_name=None,
        uidt=uidt,
        dt=None,
        meta={},
    )
    _append(other, column, show=True)
    return column


def create_link(request, table: Table, column: Column, body: dict, belongs_to_type: str) -> None:
    """Build everything a new link field needs (see the module docstring);
    ``belongs_to_type`` is the type of the belongs-to field made opposite a has-many link."""
    kind = requested_kind(body)
    other = _other_table(request, table, body)
    work = data_transaction(request, table.source)
    work.lock_schema()
    column.column_name = None
    if kind in (HM, BT):
        parent, child = (table, other) if kind == HM else (other, table)
        pk = _single_pk(parent)
        _single_pk(child)
        fk = _foreign_key_column(request, work, parent, child, pk, required=kind == BT and bool(column.rqd))
        reverse = _reverse(table, other, belongs_to_type if kind == HM else column.uidt)
        has_many, belongs_to = (column, reverse) if kind == HM else (reverse, column)
        fk_key, pk_key = Key(fk.id, fk.column_name), Key(pk.id, pk.column_name)
        names = {"fk_index_name": fk.col_options["fk_constraint_name"]}
        parent_side, child_side = (parent.id, parent.table_name), (child.id, child.table_name)
        has_many.col_options = link_options(
            HM,
            source=parent_side,
            related=child_side,
            child=fk_key,
            parent=pk_key,
            symmetric_column_id=belongs_to.id,
            extra=names,
        )
        belongs_to.col_options = link_options(
            BT,
            source=child_side,
            related=parent_side,
            child=fk_key,
            parent=pk_key,
            symmetric_column_id=has_many.id,
            extra=names,
        )
    else:
        pk_here, pk_there = _single_pk(table), _single_pk(other)
        junction, here, there = _junction(request, work, table, other, pk_here, pk_there)
        reverse = _reverse(table, other, column.uidt)
        key_here, key_there = Key(pk_here.id, pk_here.column_name), Key(pk_there.id, pk_there.column_name)
        j_here, j_there = Key(here.id, here.column_name), Key(there.id, there.column_name)
        column.col_options = link_options(
            MM,
            source=(table.id, table.table_name),
            related=(other.id, other.table_name),
            child=key_here,
            parent=key_there,
            junction=(junction.id, junction.table_name, j_here, j_there),
            symmetric_column_id=reverse.id,
        )
        reverse.col_options = link_options(
            MM,
            source=(other.id, other.table_name),
            related=(table.id, table.table_name),
            child=key_there,
            parent=key_here,
            junction=(junction.id, junction.table_name, j_there, j_here),
            symmetric_column_id=column.id,
        )
    request.dbsession.flush()
    _tell(request, "insert", other, reverse)  # the caller tells of the requested field


def _tell(request, action: str, table: Table, column: Column) -> None:
    """Tell plugins (realtime) of a field changed on the other side of a link."""
    notify.meta_changed(request, "column", action, column_json(column, table, request.registry))


def _junction(request, work, table: Table, other: Table, pk_here: Column, pk_there: Column):
    """The junction table of a new many-to-many link: meta table and physical table."""
    taken = schema.existing_tables(work) | {
        name.lower() for name in request.dbsession.scalars(sa.select(Table.table_name))
    }
    name = unique_name(f"nc_m2m_{secrets.token_hex(5)}", taken)
    junction = Table(
        project_id=table.project_id,
        source_id=table.source_id,
        title=name,
        table_name=name,
        type="mm",
        meta={},
        order=None,
    )
    request.dbsession.add(junction)
    junction.source = table.source
    keys = []
    names: set[str] = set()
    for order, (side, pk) in enumerate(((table, pk_here), (other, pk_there)), start=1):
        column_name = unique_name(sanitise(f"{side.table_name}_id", "link")[:60], names)
        names.add(column_name)
        kind = _key_kind(request, pk)
        keys.append(_key_meta(request, column_name, column_name, side, pk, kind, pk=True, rqd=True, order=order))
    for key in keys:
        junction.columns.append(key)
    request.dbsession.flush()
    first, second = (
        (
            key.column_name,
            field_type(request.registry, key).sql_type(work.dialect),
            key.col_options["references"]["table"],
            key.col_options["references"]["column"],
        )
        for key in keys
    )
    ddl.create_junction(work, name=name, first=first, second=second, index=f"ix_{name}_{second[0][:20]}")
    return junction, keys[0], keys[1]


# -- deleting ------------------------------------------------------------------------
def _readers(request, tables: list[Table], ids: set[str]) -> list[Column]:
    """Computed fields of ``tables`` (other than ``ids``) that read one of ``ids``."""
    found = []
    for table in tables:
        for other in table.columns:
            if other.id in ids:
                continue
            ftype = field_type(request.registry, other)
            if isinstance(ftype, ComputedInSql) and ids & set(ftype.references()):
                found.append(other)
    return found


def _remove(request, table: Table, column: Column) -> None:
    table.columns.remove(column)
    request.dbsession.delete(column)
    table.schema_version = (table.schema_version or 0) + 1


def delete_link(request, table: Table, column: Column) -> None:
    """Delete a link field, its other side and the foreign key or junction table."""
    db = request.dbsession
    try:
        relation = Relation.of(column)
    except RelationError:
        relation = None
    other = db.get(Table, relation.related_table_id) if relation else None
    reverse = db.get(Column, relation.symmetric_column_id) if relation and relation.symmetric_column_id else None
    if reverse is not None and other is not None and reverse not in other.columns:
        reverse = None
    foreign_key = None
    if relation is not None and relation.type in (HM, BT):
        foreign_key = db.get(Column, (column.col_options or {}).get("fk_child_column_id"))
    ids = {c.id for c in (column, reverse, foreign_key) if c is not None}
    tables = [table] + ([other] if other is not None and other is not table else [])
    readers = _readers(request, tables, ids)
    if readers:
        kinds = {described_as(request.registry, r) for r in readers}
        kind = kinds.pop() if len(kinds) == 1 else "computed"
        names = ", ".join(f"'{r.title}'" for r in readers)
        raise BadRequest(f"Field '{column.title}' is used by {kind} field {names}: change or delete those first")
    work = data_transaction(request, table.source)
    if foreign_key is not None:
        child = foreign_key.table
        options = foreign_key.col_options or {}
        ddl.drop_foreign_key(
            work,
            table=child.table_name,
            column=foreign_key.column_name,
            constraint=options.get("fk_constraint_name") or "",
            index=options.get("fk_index_name") or "",
        )
        _remove(request, child, foreign_key)
    if relation is not None and relation.type == MM:
        junction = db.get(Table, relation.junction_table_id)
        ddl.drop_junction(work, relation.junction_table)
        if junction is not None:
            db.delete(junction)
    _remove(request, table, column)
    if reverse is not None:
        _tell(request, "delete", other, reverse)
        _remove(request, other, reverse)
    db.flush()
    for side in tables:
        for view in side.views:  # their view columns went with the columns (ON DELETE CASCADE)
            db.expire(view, ["columns"])


def _key_meta(request, title, name, parent: Table, parent_key: Column, kind, *, options=None, **attrs) -> Column:
    """The meta of a foreign key column ``name`` (a ``ForeignKey``) referring to
    ``parent``'s key."""
    return Column(
        id=new_id("cl_"),
        title=title,
        column_name=name,
        uidt=ForeignKey.name,
        dt="bigint" if kind == "int" else "varchar",
        meta={},
        col_options={
            "fk_related_model_id": parent.id,
            "fk_parent_column_id": parent_key.id,
            "key": kind,
            "references": {"table": parent.table_name, "column": parent_key.column_name},
            **(options or {}),
        },
        **attrs,
    )
