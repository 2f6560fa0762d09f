"""Column services: build a column from an API body, add, change (with data conversion),
set the display value, delete. Physical DDL goes through ``workbench.data.ddl``."""

from __future__ import annotations

import json

import sqlalchemy as sa

from workbench.data import ddl
from workbench.data.computed import build_error, table_fields
from workbench.data.model import ColumnInfo, build_model
from workbench.data.unit import data_transaction
from workbench.db import mark_changed  # noqa: F401  (meta changes here are ORM flushes)
from workbench.errors import BadRequest, Unprocessable
from workbench.fields.interfaces import ChecksMeta, ComputedInSql, FieldValueError, HasOptions, ManagesSchema
from workbench.fields.lookup import described_as, field_type, field_type_class
from workbench.fields.roles import default_text
from workbench.meta.base import new_id
from workbench.records.loading import meta_loader
from workbench.tables.dependents import bump_readers, meta_access, users_in_project
from workbench.tables.models import Column, Table, ViewColumn
from workbench.tables.naming import check_title, sanitise, unique_name

BATCH = 1000


def _options(body: dict) -> tuple[dict | None, str | None]:
    return body.get("colOptions") or body.get("col_options"), body.get("dtxp")


def _checked_default(registry, column: Column, cdf):
    if cdf is None or cdf == "":
        return None
    try:
        field_type(registry, column).to_db(cdf)
    except FieldValueError as exc:
        raise BadRequest(f"Invalid default value for field '{column.title}': {exc}") from None
    return str(cdf) if not isinstance(cdf, str) else cdf


def new_column(
    request, table: Table, body: dict, taken_titles: set[str], taken_names: set[str], siblings=None
) -> Column:
    """A meta column from an API body; its title and physical name are made unique.
    ``siblings`` are the table's other columns when they are not in ``table.columns`` yet
    (a table being created): what a formula may reference."""
    if not isinstance(body, dict):
        raise BadRequest("Each column must be an object")
    uidt = body.get("uidt") or default_text(request.registry["field_types"]).name
    cls = field_type_class(request.registry, uidt)
    title = unique_name(check_title(body.get("title") or body.get("column_name"), "Column"), taken_titles)
    name = unique_name(sanitise(body.get("column_name") or title, "field"), taken_names)
    taken_titles.add(title)
    taken_names.add(name)
    column = Column(
        id=new_id("cl_"),
        title=title,
        column_name=name,
        uidt=uidt,
        dt=body.get("dt") or cls.dt,
        pk=bool(body.get("pk")),
        ai=bool(body.get("ai")),
        rqd=bool(body.get("rqd")),
        pv=bool(body.get("pv")),
        system=cls.system_role is not None and not body.get("pk"),
        meta=body.get("meta") if isinstance(body.get("meta"), dict) else {},
    )
    ftype = cls(column)
    _check_meta(ftype, column)
    if isinstance(ftype, HasOptions):
        try:
            column.col_options = ftype.normalise_options(*_options(body))
        except FieldValueError as exc:
            raise BadRequest(f"Field '{title}': {exc}") from None
    if isinstance(ftype, ComputedInSql):
        others = table.columns if siblings is None else siblings
        _configure_computed(request, table, column, ftype, body, [*others, column])
    if ftype.sql_type("sqlite") is None:
        column.column_name = None
    column.cdf = _checked_default(request.registry, column, body.get("cdf"))
    return column


def _configure_computed(request, table: Table, column: Column, ftype, body: dict, columns) -> None:
    """Check a computed field (a formula) against the table's fields, on the dialect of
    the table's source, and keep what it stores."""
    dialect = data_transaction(request, table.source).dialect
    fields = table_fields(request.registry, columns, dialect, column.id, *meta_access(request))
    try:
        column.col_options = ftype.configure(body, fields)
    except FieldValueError as exc:
        raise BadRequest(f"Field '{column.title}': {exc}") from None
    error = _build_error(request, table, column, columns, dialect)
    if error is not None:
        raise BadRequest(f"Field '{column.title}': {error}")


def _build_error(request, table: Table, column: Column, columns, dialect: str) -> str | None:
    """Why a computed field (a formula) that type checks still cannot be built in SQL (past
    the limits of ``workbench.formulas.limits``), or None."""
    ftype = field_type(request.registry, column)
    # A field that builds more than its column (a link) is complete only once built.
    if not isinstance(ftype, ComputedInSql) or isinstance(ftype, ManagesSchema):
        return None
    error = build_error(request.registry, table, list(columns), dialect, column.id, meta_loader(request.dbsession))
    return None if error is None else f"Invalid {described_as(request.registry, column)}: {error}"


def _users(request, table: Table, column: Column) -> list[tuple[Column, object]]:
    """The computed fields that read ``column``: of ``table``, and of the tables reading
    it through links (lookups, rollups)."""
    return users_in_project(request, table, column)


def _check_users(request, table: Table, column: Column, seen: set[str] | None = None) -> None:
    """After ``column`` changed type or options, every formula that reads it must still
    type check; otherwise the change is refused (400) naming the formula and the problem.
    Formulas whose result type changed with it keep their new type, and their own
    readers are checked in turn."""
    dialect = data_transaction(request, table.source).dialect
    seen = {column.id} if seen is None else seen
    for other, ftype in _users(request, table, column):
        if other.id in seen:
            continue
        seen.add(other.id)
        fields = table_fields(request.registry, other.table.columns, dialect, other.id, *meta_access(request))
        try:
            options = ftype.configure({}, fields)
        except FieldValueError as exc:
            kind = described_as(request.registry, other)
            raise BadRequest(
                f"Field '{column.title}' is used by {kind} field '{other.title}', which would break: {exc}"
            ) from None
        changed = options != other.col_options
        if changed:
            other.col_options = options
        error = _build_error(request, other.table, other, other.table.columns, dialect)
        if error is not None:
            kind = described_as(request.registry, other)
            raise BadRequest(
                f"Field '{column.title}' is used by {kind} field '{other.title}', which would break: {error}"
            )
        if changed:
            if other.table_id != table.id:
                bump(other.table)
            _check_users(request, other.table, other, seen)


def _check_meta(ftype, column: Column) -> None:
    if isinstance(ftype, ChecksMeta):
        try:
            column.meta = ftype.check_meta(dict(column.meta or {}))
        except FieldValueError as exc:
            raise BadRequest(f"Field '{column.title}': {exc}") from None


def add_column(request, table: Table, body: dict) -> Column:
    work = data_transaction(request, table.source)
    column = new_column(
        request,
        table,
        body,
        {c.title for c in table.columns},
        {c.column_name for c in table.columns if c.column_name} | _physical_columns(work, table),
    )
    if body.get("title") and column.title != check_title(body["title"], "Column"):
        raise BadRequest(f"A field named '{body['title']}' already exists")
    column.order = max((c.order or 0 for c in table.columns), default=0) + 1
    bump(table)
    table.columns.append(column)
    request.dbsession.flush()
    model = build_model(request.registry, table, [column], work.dialect)
    sa_column = model.fields[0].sa_column
    if sa_column is not None:
        ddl.add_column(work, table.table_name, sa_column)
    for view in table.views:
        view.columns.append(ViewColumn(column_id=column.id, show=True, order=column.order))
    if column.pv:
        set_primary(table, column)
    request.dbsession.flush()
    create_managed(request, table, column, body)
    return column


def create_managed(request, table: Table, column: Column, body: dict) -> None:
    """Let a field that builds more than its column (links: ``ManagesSchema``) build it."""
    ftype = field_type(request.registry, column)
    if isinstance(ftype, ManagesSchema):
        try:
            ftype.create(request, table, column, body)
        except FieldValueError as exc:
            raise BadRequest(f"Field '{column.title}': {exc}") from None
        request.dbsession.flush()


def bump(table: Table) -> None:
    """Mark the table's schema as changed (see ``workbench.records.loading``), and that of
    the tables reading it through links."""
    table.schema_version = (table.schema_version or 0) + 1
    bump_readers(table)


def _physical_columns(work, table: Table) -> set[str]:
    work.lock_schema()
    return {c["name"] for c in sa.inspect(work.connection).get_columns(table.table_name)}


def set_primary(table: Table, column: Column) -> None:
    bump(table)
    for other in table.columns:
        other.pv = other.id == column.id


def delete_column(request, table: Table, column: Column) -> None:
    if column.pk or column.system:
        raise BadRequest(f"Field '{column.title}' is a system field and cannot be deleted")
    ftype = field_type(request.registry, column)
    _refuse_if_used(request, table, column)
    if isinstance(ftype, ManagesSchema):  # removes both sides of a link and what joins them
        symmetric = request.dbsession.get(Column, (column.col_options or {}).get("fk_symmetric_column_id") or "")
        if symmetric is not None:
            _refuse_if_used(request, symmetric.table, symmetric)
        ftype.delete(request, table, column)
        return
    work = data_transaction(request, table.source)
    if column.column_name:
        ddl.drop_column(work, table.table_name, column.column_name)
    was_pv = column.pv
    bump(table)
    table.columns.remove(column)
    request.dbsession.delete(column)
    request.dbsession.flush()
    for view in table.views:  # their view columns went with the column (ON DELETE CASCADE)
        request.dbsession.expire(view, ["columns"])
    if was_pv:
        first = next((c for c in table.columns if not c.pk and not c.system), None)
        if first is not None:
            first.pv = True


def _refuse_if_used(request, table: Table, column: Column) -> None:
    """400 naming the computed fields (formulas, lookups, rollups) that read ``column``."""
    users = _users(request, table, column)
    if users:
        kinds = {described_as(request.registry, other) for other, _ftype in users}
        kind = kinds.pop() if len(kinds) == 1 else "computed"
        names = ", ".join(f"'{other.title}'" for other, _ftype in users)
        raise BadRequest(f"Field '{column.title}' is used by {kind} field {names}: change or delete those first")


def update_column(request, table: Table, column: Column, body: dict) -> Column:
    """Rename, retype (converting the data), change default, required, options, meta."""
    bump(table)
    if "title" in body and body["title"] != column.title:
        title = check_title(body["title"], "Column")
        if any(c.title.lower() == title.lower() for c in table.columns if c.id != column.id):
            raise BadRequest(f"A field named '{title}' already exists")
        column.title = title
    old = ColumnInfo.of(column)
    new_uidt = body.get("uidt") or column.uidt
    if new_uidt != column.uidt and (column.pk or column.system):
        raise BadRequest(f"The type of system field '{column.title}' cannot be changed")
    cls = field_type_class(request.registry, new_uidt)
    was_computed = isinstance(field_type(request.registry, old), ComputedInSql)
    if new_uidt != old.uidt and (was_computed or issubclass(cls, ComputedInSql)):
        computed = old.uidt if was_computed else new_uidt
        raise BadRequest(f"Field '{column.title}' cannot change type to or from {computed}: add a new field instead")
    if isinstance(body.get("meta"), dict):
        column.meta = body["meta"]
    column.uidt = new_uidt
    if new_uidt != old.uidt:
        column.dt = body.get("dt") or cls.dt
    ftype = cls(column)
    _check_meta(ftype, column)
    if isinstance(ftype, HasOptions):
        col_options, dtxp = _options(body)
        if col_options is not None or dtxp or new_uidt != old.uidt:
            try:
                column.col_options = ftype.normalise_options(col_options or column.col_options, dtxp)
            except FieldValueError as exc:
                raise BadRequest(f"Field '{column.title}': {exc}") from None
    elif isinstance(ftype, ComputedInSql):
        _configure_computed(request, table, column, ftype, body, table.columns)
    else:
        column.col_options = None
    if "rqd" in body:
        column.rqd = bool(body["rqd"])
    if "order" in body:
        try:
            column.order = float(body["order"])
        except (TypeError, ValueError):
            raise BadRequest("order must be a number") from None
    if "cdf" in body:
        column.cdf = _checked_default(request.registry, column, body["cdf"])
    if new_uidt != old.uidt or column.col_options != old.col_options or column.meta != old.meta:
        _check_users(request, table, column)
    if old.column_name and (new_uidt != old.uidt or column.col_options != old.col_options or column.meta != old.meta):
        renames = _option_changes(old.col_options, column.col_options, _options(body)[0])
        options_grew = isinstance(ftype, HasOptions) and _only_added(old.col_options, column.col_options)
        if new_uidt != old.uidt or column.meta != old.meta or renames or not options_grew:
            _convert(request, table, old, column, renames)
    if body.get("pv"):
        set_primary(table, column)
    request.dbsession.flush()
    return column


def _titles(options: dict | None) -> set:
    return {o.get("title") for o in (options or {}).get("options", [])}


def _only_added(old: dict | None, new: dict | None) -> bool:
    """Options only added, recoloured or reordered: every stored value is still valid as it is."""
    return _titles(old) <= _titles(new)


def _option_changes(old: dict | None, new: dict | None, sent: dict | None) -> dict[str, str | None]:
    """How the stored values follow an options edit: ``{old title: new title}`` for an option
    that kept its id under a new title, ``{old title: None}`` for one removed (its values are
    cleared). Removals count only when the client names options by id (``sent``); a list of
    bare titles keeps the values of missing options (they are added back)."""
    before = {o.get("id"): o.get("title") for o in (old or {}).get("options", []) if o.get("id")}
    after = {o.get("id"): o.get("title") for o in (new or {}).get("options", [])}
    changes: dict[str, str | None] = {
        title: after[option_id]
        for option_id, title in before.items()
        if option_id in after and after[option_id] != title
    }
    sent_options = (sent or {}).get("options") if isinstance(sent, dict) else None
    if isinstance(sent_options, list) and any(isinstance(o, dict) and o.get("id") for o in sent_options):
        changes.update({title: None for option_id, title in before.items() if option_id not in after})
    return changes


def _convert(
    request, table: Table, old: ColumnInfo, column: Column, renames: dict[str, str | None] | None = None
) -> None:
    """Re-validate and convert every stored value to the column's new type.

    Same physical type: values are rewritten in place. Different type: a new physical
    column is added and filled, the meta points at it, and the old one is dropped after
    commit (see ``workbench.data.unit``). A value that cannot be converted stops it with
    422 naming the field and the value. ``renames`` (see ``_option_changes``) rewrite or
    clear the values of select options renamed or removed.
    """
    registry = request.registry
    work = data_transaction(request, table.source)
    # rewriting every stored value: one schema change at a time, with no time budget
    work.lock_schema()
    dialect = work.connection.dialect
    old_type = field_type(registry, old)
    new_type = field_type(registry, column)
    pk = next(c for c in table.columns if c.pk)
    converted = []
    rows = work.connection.execute(
        sa.select(sa.column(pk.column_name), sa.column(old.column_name, old_type.sql_type(dialect.name))).select_from(
            sa.table(table.table_name)
        )
    ).all()
    for key, value in rows:
        api_value = old_type.to_api(value)
        if value is None:
            api_value = None  # e.g. an empty checkbox reads as false but holds nothing
        elif isinstance(api_value, (dict, list)) and not new_type.keeps_structure:
            api_value = json.dumps(api_value, ensure_ascii=False)
        if renames and isinstance(new_type, HasOptions):
            api_value = new_type.rename_value(api_value, renames)
        try:
            new_value = new_type.to_db(api_value)
        except FieldValueError as exc:
            unknown = getattr(exc, "values", None)
            if unknown is None or not isinstance(new_type, HasOptions):
                raise Unprocessable(
                    f"Cannot convert field '{column.title}' to {column.uidt}: value {api_value!r} ({exc})"
                ) from None
            column.col_options = new_type.add_unknown(unknown)
            new_type = field_type(registry, column)
            new_value = new_type.to_db(api_value)
        converted.append({"_k": key, "_v": new_value})
    new_sql = new_type.sql_type(dialect.name)
    same = old_type.sql_type(dialect.name).compile(dialect=dialect) == new_sql.compile(dialect=dialect)
    target = old.column_name
    if not same:
        target = unique_name(
            old.column_name, {c.column_name for c in table.columns if c.column_name} | _physical_columns(work, table)
        )
        ddl.add_column(work, table.table_name, sa.Column(target, new_sql))
    physical = sa.table(table.table_name, sa.column(pk.column_name), sa.column(target, new_sql))
    statement = (
        physical.update()
        .where(physical.c[pk.column_name] == sa.bindparam("_k"))
        .values({target: sa.bindparam("_v", type_=new_sql)})
    )
    for start in range(0, len(converted), BATCH):
        work.connection.execute(statement, converted[start : start + BATCH])
    if not same:
        ddl.drop_column(work, table.table_name, old.column_name)
        column.column_name = target
