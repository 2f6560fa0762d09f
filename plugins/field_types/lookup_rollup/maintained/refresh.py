"""Computing helper columns again: for chosen records (after a write) or for a whole table
(when a helper is built). Each is one UPDATE per chunk of records that sets every helper of
the table to its field's correlated query, so the helper holds exactly what that query
answers (NULL or 0 for a record without linked rows, whatever the dialect)."""

from __future__ import annotations

import sqlalchemy as sa

from workbench.data.maintained import helper_name

CHUNK = 500


def kept_fields(model, link_ids=None) -> list:
    """The fields of ``model`` read from their helper (optionally: those over ``link_ids``)."""
    return [
        f
        for f in model.computed_fields
        if f.correlated is not None and (link_ids is None or f.type.maintained_link() in link_ids)
    ]


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
    """Compute the helpers of ``fields`` again for the records whose key is in ``keys``."""
    keys = sorted({k for k in keys if k is not None}, key=str)
    if not fields or not keys or len(model.pk_fields) != 1:
        return 0
    pk = model.pk_fields[0].sa_column
    values = _values(model, fields)
    for start in range(0, len(keys), CHUNK):
        chunk = keys[start : start + CHUNK]
        connection.execute(model.table.update().where(pk.in_(chunk)).values(values))
    return len(keys)


def refresh_all(connection, model, fields) -> None:
    """Compute the helpers of ``fields`` for every record of the table."""
    if fields:
        connection.execute(model.table.update().values(_values(model, fields)))
