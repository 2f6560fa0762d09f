"""Reading records: the list parameters (``where``, ``sort``, ``fields``, paging, view) and
one SQLAlchemy Core statement per page, count or record."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import sqlalchemy as sa

from workbench.data import search
from workbench.data import where as where_syntax
from workbench.data.filters import json_filters_clause, stored_filters_clause, tree_clause
from workbench.data.model import Field, Model
from workbench.errors import BadRequest, NotFound
from workbench.fields.interfaces import FieldType, FieldValueError
from workbench.paging import int_param
from workbench.settings import as_bool

PK_SEPARATOR = "___"
DEFAULT_PAGE_SIZE = 25
# The most rows one page holds (``workbench.data.max_page_size``); a larger ``limit`` is
# lowered to it, as NocoDB does with its default of 1,000.
MAX_PAGE_SIZE = 1000


# Statements kept per model at most (one per set of fields a page reads, and a few more).
MAX_STATEMENTS = 64


@dataclass
class ListParams:
    conditions: list = field(default_factory=list)
    order_by: list = field(default_factory=list)
    fields: list[Field] = field(default_factory=list)
    limit: int = DEFAULT_PAGE_SIZE
    offset: int = 0
    #: the order as ``(expression, descending, field id)``, the primary key last (for cursors)
    sort_keys: list = field(default_factory=list)
    #: a random order (``shuffle``): no cursor can page through it
    shuffled: bool = False

    @property
    def where(self):
        conditions = self.conditions
        if not conditions:
            return None
        return conditions[0] if len(conditions) == 1 else sa.and_(*conditions)


def _names(value: str | None) -> list[str]:
    return [part.strip() for part in (value or "").split(",") if part.strip()]


def _params(request):
    """``request.params``, built once per request (WebOb builds a new one on every access)."""
    found = request.__dict__.get("_workbench_params")
    if found is None:
        found = request.__dict__["_workbench_params"] = request.params
    return found


def _param(request, *names):
    params = _params(request)
    for name in names:
        values = params.getall(name)
        if values:
            return values
    return []


def selected_fields(model: Model, request, view=None) -> list[Field]:
    names = [n for value in _param(request, "fields", "f") for n in _names(value)]
    if names:
        return [model.get(n) for n in names]
    if view is not None:
        shown = {vc.column_id for vc in view.columns if vc.show}
        pks = {f.id for f in model.pk_fields}
        return [f for f in model.fields if f.id in shown or f.id in pks]
    return list(model.fields)


def filter_conditions(request, model: Model, view=None) -> list:
    """The conditions a request selects records with: the view's filters, ``where``,
    ``filterArrJson`` and the quick search."""
    conditions = []
    if view is not None:
        clause = stored_filters_clause(model, list(view.filters))
        if clause is not None:
            conditions.append(clause)
    for text in _param(request, "where", "w"):
        tree = where_syntax.parse(text)
        if tree is not None:
            conditions.append(tree_clause(model, tree))
    for text in _param(request, "filterArrJson"):
        clause = json_filters_clause(model, text)
        if clause is not None:
            conditions.append(clause)
    if search.requested(request):
        # Through a view, searching every field means every field the view shows.
        shown = selected_fields(model, request, view) if view is not None else None
        clause = search.request_clause(request, model, shown)
        if clause is not None:
            conditions.append(clause)
    return conditions


def list_params(request, model: Model, view=None, paging: bool = True) -> ListParams:
    params = ListParams(conditions=filter_conditions(request, model, view))
    sorts: list[tuple[Field, bool]] = []
    for value in _param(request, "sort", "s"):
        for name in _names(value):
            descending = name.startswith("-")
            sorts.append((model.get(name.lstrip("-+")), descending))
    for text in _param(request, "sortArrJson"):
        sorts += _json_sorts(model, text)
    if view is not None:
        for sort in view.sorts:
            f = model.by_id.get(sort.column_id)
            if f is not None:
                sorts.append((f, sort.direction == "desc"))
    for f, descending in sorts:
        if f.expr is None:
            raise BadRequest(f"Field '{f.title}' cannot be sorted")
        # a kept formula sorts by its helper (the same values, indexed)
        expr = f.kept if f.kept is not None else f.expr
        params.order_by.append(_ordering(model, expr, descending))
        params.sort_keys.append((expr, descending, f.id))
    if as_bool(_params(request).get("shuffle", "0")):
        params.order_by = [sa.func.rand() if model.dialect in ("mysql", "mariadb") else sa.func.random()]
        params.shuffled = True
    else:
        params.order_by += [f.sa_column.asc() for f in model.pk_fields]
        params.sort_keys += [(f.sa_column, False, f.id) for f in model.pk_fields]
    params.fields = selected_fields(model, request, view)
    if paging:
        cap = int(request.registry.settings.get("workbench.data.max_page_size", MAX_PAGE_SIZE))
        # Like NocoDB, a limit above the cap is lowered to it, not refused.
        params.limit = min(int_param(request, "limit", DEFAULT_PAGE_SIZE, 1, aliases=("l",)), cap)
        params.offset = int_param(request, "offset", 0, 0, aliases=("o",))
    return params


def _json_sorts(model: Model, text: str) -> list[tuple[Field, bool]]:
    """``sortArrJson``: ``[{fk_column_id, direction}]`` as the GUI sends it."""
    try:
        items = json.loads(text)
    except ValueError:
        items = None
    if not isinstance(items, list) or not all(isinstance(i, dict) for i in items):
        raise BadRequest("sortArrJson must be a JSON array of {fk_column_id, direction}")
    return [(model.get(str(i.get("fk_column_id"))), str(i.get("direction", "asc")).lower() == "desc") for i in items]


def _ordering(model: Model, column, descending: bool):
    """Nulls sort as the smallest value on every dialect (PostgreSQL's default is the
    opposite), except on a PostgreSQL database whose indexes the engine does not manage,
    where they keep PostgreSQL's order so that its own indexes serve (``Model.nulls_largest``)."""
    clause = column.desc() if descending else column.asc()
    if model.dialect == "postgresql":
        nulls_first = descending if model.nulls_largest else not descending
        clause = clause.nulls_first() if nulls_first else clause.nulls_last()
    return clause


def select_columns(fields: list[Field]):
    """What a SELECT reads for ``fields``: stored columns, and computed fields'
    expressions (labelled by column id), so the whole record is one statement."""
    return [f.sa_column if f.sa_column is not None else f.expr.label(f.id) for f in fields if f.expr is not None]


def row_json(fields: list[Field], row) -> dict:
    """A record as the API shows it; ``row`` holds the readable fields of ``fields`` in order."""
    readable = [f for f in fields if f.expr is not None]
    return {f.column.title: f.type.to_api(value) for f, value in zip(readable, row, strict=True)}


def rows_json(readable: list[Field], rows) -> list[dict]:
    """``row_json`` of many rows holding ``readable`` (fields with an ``expr``) in order:
    values whose type shows them as stored are taken as they are, the others converted."""
    titles = [f.column.title for f in readable]
    converters = [
        (index, f.column.title, f.type.to_api)
        for index, f in enumerate(readable)
        if type(f.type).to_api is not FieldType.to_api
    ]
    records = []
    for row in rows:
        record = dict(zip(titles, row, strict=True))
        for index, title, to_api in converters:
            record[title] = to_api(row[index])
        records.append(record)
    return records


def page_statement(model: Model, params: ListParams, limit, offset) -> sa.Select:
    """The SELECT of a page. When computed fields are read and the page is not simply the
    first rows by key (a filter, a sort or an offset), the page's keys are found first in
    a sub-select and the computed fields evaluated for those rows only: a sort or offset
    over a table never computes lookups and rollups for the rows it skips.

    ``limit`` and ``offset`` may be bound parameters (a statement kept for reuse)."""
    columns = select_columns(params.fields)
    pks = [f.sa_column for f in model.pk_fields]
    computed = any(f.computed for f in params.fields)
    plain_offset = isinstance(offset, int) and not offset
    simple = plain_offset and params.where is None and _by_key(model, params.order_by)
    if not (limit is not None and pks and computed and not simple):
        # The SELECT of these fields is built once per model; the page's clauses are added
        # to it (a generative copy).
        base_key = ("select", tuple(f.id for f in params.fields))
        statement = model.statements.get(base_key)
        if statement is None:
            statement = sa.select(*columns).select_from(model.table)
            if len(model.statements) < MAX_STATEMENTS:  # callers choose the fields: bounded
                model.statements[base_key] = statement
        where = params.where
        if where is not None:
            statement = statement.where(where)
        statement = statement.order_by(*params.order_by)
        return statement.limit(limit).offset(offset) if limit is not None else statement
    keys = sa.select(*(pk.label(f"_wb_pk{i}") for i, pk in enumerate(pks))).select_from(model.table)
    if params.where is not None:
        keys = keys.where(params.where)
    page = keys.order_by(*params.order_by).limit(limit).offset(offset).subquery("_wb_page")
    joined = model.table.join(page, sa.and_(*(pk == page.c[f"_wb_pk{i}"] for i, pk in enumerate(pks))))
    return sa.select(*columns).select_from(joined).order_by(*params.order_by)


def _by_key(model: Model, order_by: list) -> bool:
    """Whether ``order_by`` is the default order: the primary key, ascending."""
    pks = model.pk_fields
    return len(order_by) == len(pks) and all(
        getattr(clause, "element", None) is f.sa_column and clause.modifier is sa.sql.operators.asc_op
        for clause, f in zip(order_by, pks, strict=True)
    )


def select_rows(connection, model: Model, params: ListParams, limit=None, offset=None) -> list[dict]:
    limit = params.limit if limit is None else limit
    offset = params.offset if offset is None else offset
    every_field = len(params.fields) == len(model.fields) and all(
        a is b for a, b in zip(params.fields, model.fields, strict=True)
    )
    if limit and params.where is None and every_field and _by_key(model, params.order_by):
        # the same statement for every plain page of the table (built and keyed once)
        key = ("page", bool(offset))
        statement = model.statements.get(key)
        if statement is None:
            bound = sa.bindparam("_wb_offset") if offset else 0
            statement = model.statements[key] = page_statement(model, params, sa.bindparam("_wb_limit"), bound)
        values = {"_wb_limit": limit, "_wb_offset": offset} if offset else {"_wb_limit": limit}
        result = connection.execute(statement, values)
    else:
        result = connection.execute(page_statement(model, params, limit or None, offset))
    return rows_json([f for f in params.fields if f.expr is not None], result)


def count_rows(connection, model: Model, where=None) -> int:
    statement = model.statements.get("count")
    if statement is None:
        statement = model.statements["count"] = sa.select(sa.func.count()).select_from(model.table)
    if where is not None:
        statement = statement.where(where)
    return connection.execute(statement).scalar_one()


def parse_row_id(model: Model, row_id) -> dict[str, object]:
    """``{field id: value}`` of a record id (composite keys are joined with ``___``)."""
    pks = model.pk_fields
    parts = str(row_id).split(PK_SEPARATOR) if len(pks) > 1 else [str(row_id)]
    if len(parts) != len(pks):
        raise BadRequest(f"Invalid record id {row_id!r}")
    try:
        return {f.id: f.type.to_db(part) for f, part in zip(pks, parts, strict=True)}
    except FieldValueError:
        raise NotFound(f"Record '{row_id}' not found") from None


def pk_clause(model: Model, key: dict[str, object]):
    return sa.and_(*(model.by_id[fid].sa_column == value for fid, value in key.items()))


def row_id_of(model: Model, row: dict) -> str:
    return PK_SEPARATOR.join(str(row.get(f.title)) for f in model.pk_fields)


def read_row(connection, model: Model, key: dict[str, object], fields=None) -> dict | None:
    if fields is None or list(fields) == model.fields:
        fields = model.fields
        statement = model.statements.get("by_pk")
        if statement is None:  # built once per model, with the key as parameters
            statement = model.statements["by_pk"] = (
                sa.select(*select_columns(fields))
                .select_from(model.table)
                .where(*(f.sa_column == sa.bindparam(f"pk_{i}") for i, f in enumerate(model.pk_fields)))
            )
        params = {f"pk_{i}": key[f.id] for i, f in enumerate(model.pk_fields)}
        row = connection.execute(statement, params).first()
    else:
        statement = sa.select(*select_columns(fields)).select_from(model.table).where(pk_clause(model, key))
        row = connection.execute(statement).first()
    return None if row is None else row_json(fields, row)
