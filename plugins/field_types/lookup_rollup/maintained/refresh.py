"""Computing helper columns again: for chosen records (after a write) or for a whole table
(when a helper is built). Each is one UPDATE per chunk of records that sets every helper of
the table to its field's correlated query, so the helper holds exactly what that query
answers (NULL or 0 for a record without linked rows, whatever the dialect)."""

from __future__ import annotations

import sqlalchemy as sa

from workbench.plugin_api import maintained_aggregates

helper_name = maintained_aggregates.helper_name

CHUNK = 500


def kept_fields(model, link_ids=None) -> list:
    """The fields of ``model`` read from their helper (optionally: those over ``link_ids``)."""
    return [
        f
        for f in model.computed_fields
        if f.correlated is not None and (link_ids is None or f.type.maintained_link() in link_ids)
    ]


def kept_formulas(model) -> list:
    """The formulas of ``model`` kept in a helper (computed from the record's own fields and
    its kept aggregates: computed again whenever those are)."""
    return [f for f in model.computed_fields if f.kept is not None]


def _values(model, fields) -> dict:
    """``{helper column: correlated query}`` (a helper the model does not read yet, being
    built, joins the model's table too: nothing lists that table's columns)."""
    values = {}
    for f in fields:
        name = helper_name(f.id)
        query = f.correlated if f.correlated is not None else f.expr
        if name not in model.table.c:
            model.table.append_column(sa.Column(name, query.type, key=name))
        values[model.table.c[name]] = query
    return values


def refresh_keys(connection, model, fields, keys) -> int:
    """Compute the helpers of ``fields`` again for the records whose key is in ``keys``, then
    those of the kept formulas (which read them) of the same records."""
    keys = {k for k in keys if k is not None}
    formulas = kept_formulas(model)
    if not (fields or formulas) or not keys or len(model.pk_fields) != 1:
        return 0
    try:
        keys = sorted(keys)
    except TypeError:
        keys = sorted(keys, key=str)
    pk = model.pk_fields[0].sa_column
    values = _values(model, fields) if fields else None
    formula_values = _values(model, formulas) if formulas else None
    for start in range(0, len(keys), CHUNK):
        chunk = pk.in_(keys[start : start + CHUNK])
        if connection.dialect.name == "postgresql":
            # The records are locked first, in key order, and computed by the next statement:
            # a writer that waited for another one's lock then reads its committed rows
            # (each statement of a READ COMMITTED transaction sees what was committed before
            # it), where an UPDATE that waited would keep the sub-selects' older view.
            connection.execute(sa.select(pk).where(chunk).order_by(pk).with_for_update())
        if values:
            _update(connection, model, values, chunk)
        if formula_values:  # a statement of its own: it reads the helpers just written
            _update(connection, model, formula_values, chunk)
    return len(keys)


def refresh_all(connection, model, fields) -> None:
    """Compute the helpers of ``fields`` for every record of the table."""
    if fields:
        _update(connection, model, _values(model, fields), None)


def _update(connection, model, values: dict, where) -> None:
    """One UPDATE of the helpers in ``values`` for the records ``where`` selects.

    MariaDB and MySQL evaluate a sub-select assigned to a column for that column's type (an
    average of whole numbers keeps all its digits in a double, where the SELECT answers a
    decimal of four places): there the correlated queries are read by a SELECT first, and
    their answers written with one executemany."""
    if connection.dialect.name not in ("mysql", "mariadb"):
        statement = model.table.update().values(values)
        connection.execute(statement if where is None else statement.where(where))
        return
    pk = model.pk_fields[0].sa_column
    columns = list(values)
    select = sa.select(pk, *values.values()).select_from(model.table)
    rows = connection.execute(select if where is None else select.where(where)).all()
    if not rows:
        return
    bound = {column: sa.bindparam(f"_wb_v{i}") for i, column in enumerate(columns)}
    statement = model.table.update().where(pk == sa.bindparam("_wb_key")).values(bound)
    for start in range(0, len(rows), CHUNK * 10):
        params = [
            {"_wb_key": row[0], **{f"_wb_v{i}": row[i + 1] for i in range(len(columns))}}
            for row in rows[start : start + CHUNK * 10]
        ]
        connection.execute(statement, params)


def _fold(spec: str | None) -> str | None:
    """How a helper of ``spec`` takes rows inserted into its linked table without reading
    the other linked rows: ``rows`` (a link count), ``count``, ``sum`` (of whole numbers:
    exact in any order), ``min`` or ``max``; None when it must be computed again."""
    if not spec:
        return None
    parts = spec.split(":")
    if parts[0] == "count":
        return "rows"
    function, kind = parts[1], parts[-1]
    if function in ("count", "min", "max") or (function == "sum" and kind == "int"):
        return function
    return None


def add_inserted(connection, model, fields, relation, child_model, child_keys) -> None:
    """Rows were inserted into the has-many linked table ``child_model`` (keys
    ``child_keys``): one grouped SELECT of the new rows per chunk gives each record's count,
    sum, minimum and maximum of them, folded into those helpers by one executemany; the
    other helpers of ``fields`` (averages, distinct functions, sums of floating-point
    numbers) are computed again for the records the rows link to."""
    if not fields or not child_keys or len(child_model.pk_fields) != 1:
        return
    pk = child_model.pk_fields[0].sa_column
    fk = child_model.by_id[relation.related_key.column_id].sa_column
    folds, rest = [], []
    for f in fields:
        how = _fold(f.type.maintained_spec(model))
        target = child_model.by_id.get(getattr(f.type, "target_id", None) or "")
        if how == "rows":
            folds.append((f, how, sa.func.count()))
        elif how is not None and target is not None and target.sa_column is not None:
            folds.append((f, how, getattr(sa.func, how)(target.sa_column)))
        else:
            rest.append(f)
    statement = _fold_statement(connection.dialect.name, model, folds) if folds else None
    parents: set = set()
    keys = list(child_keys)
    for start in range(0, len(keys), CHUNK):
        chunk = keys[start : start + CHUNK]
        select = sa.select(fk, *(aggregate for _f, _how, aggregate in folds)).where(pk.in_(chunk), fk.is_not(None))
        rows = connection.execute(select.group_by(fk)).all()
        parents.update(row[0] for row in rows)
        if statement is not None and rows:
            params = [{"_wb_key": row[0], **{f"_wb_d{i}": row[i + 1] for i in range(len(folds))}} for row in rows]
            connection.execute(statement, params)
    refresh_keys(connection, model, rest, parents)


def _fold_statement(dialect: str, model, folds) -> sa.Update:
    table = model.table
    key = model.pk_fields[0].sa_column
    values = {}
    for i, (f, how, _aggregate) in enumerate(folds):
        helper = table.c[helper_name(f.id)]
        delta = sa.bindparam(f"_wb_d{i}", type_=helper.type)
        if how in ("rows", "count"):
            values[helper] = sa.func.coalesce(helper, 0) + delta
        elif how == "sum":
            values[helper] = sa.func.coalesce(helper + delta, helper, delta)
        else:  # the smaller (larger) of both, either one when the other is NULL
            if dialect == "sqlite":
                pair = getattr(sa.func, how)(helper, delta)
            else:
                pair = (sa.func.least if how == "min" else sa.func.greatest)(helper, delta)
            values[helper] = sa.func.coalesce(pair, helper, delta)
    return table.update().where(key == sa.bindparam("_wb_key")).values(values)
