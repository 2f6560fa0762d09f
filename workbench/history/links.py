"""The links of records about to be deleted, read before the delete (which cascades to a
many-to-many link's junction rows and clears the foreign key of a has-many link's records),
so that restoring a record can link it again.

Fields that store the related key in the record itself (belongs-to) need nothing here: the
key is among the record's values. Links are read for at most ``MAX_RECORDS`` records of
one write, in one query per link field and chunk of records. A larger delete keeps each
record's values (belongs-to keys among them) but not its has-many and many-to-many links:
its entries say ``"links_kept": false``, and restoring such a record brings it back
without them.
"""

from __future__ import annotations

import sqlalchemy as sa

from workbench.errors import NotFound

MAX_RECORDS = 1000
CHUNK = 100
_PENDING = "_workbench_history_links"
_KEY = "_wb_history_key"


def _link_fields(model) -> list:
    found = []
    for f in model.fields:
        if not getattr(f.type, "links_records", False) or not hasattr(f.type, "linked_condition"):
            continue
        try:
            wanted = not f.type.stores_key() and f.type.related_table_id() is not None
        except Exception:  # a field whose options no longer describe a link links nothing
            wanted = False
        if wanted:
            found.append(f)
    return found


def capture(request, connection, model, found: list[tuple[dict, dict]]) -> None:
    """Read the links of the ``(key, record)`` pairs about to be deleted; the history
    listener picks them up (``pending``)."""
    from workbench.history.recorder import enabled

    if not enabled(request) or not found or len(model.pk_fields) != 1:
        return
    fields = _link_fields(model)
    if not fields:
        return
    from workbench.records.loading import load_table_ref_by_id, model_for

    pk = model.pk_fields[0]
    if len(found) > MAX_RECORDS:
        request.__dict__.setdefault(_PENDING, {})[model.id] = (pk.title, None)
        return
    keys = [key[pk.id] for key, _row in found]
    links: dict = {}
    for f in fields:
        try:
            ref = load_table_ref_by_id(request, f.type.related_table_id())
        except NotFound:
            continue
        related = model_for(request, ref, connection.dialect.name)
        if len(related.pk_fields) != 1:
            continue
        related_pk = related.pk_fields[0].sa_column
        for start in range(0, len(keys), CHUNK):
            selects = [
                sa.select(sa.literal(key).label(_KEY), related_pk.label("related"))
                .select_from(related.table)
                .where(f.type.linked_condition(related.table, key))
                for key in keys[start : start + CHUNK]
            ]
            statement = selects[0] if len(selects) == 1 else sa.union_all(*selects)
            for row in connection.execute(statement):
                links.setdefault(row[0], {}).setdefault(f.id, []).append(row[1])
    request.__dict__.setdefault(_PENDING, {})[model.id] = (pk.title, links)


def pending(request, table_id: str) -> tuple[str | None, dict | None]:
    """``(primary key title, {key: {field id: [related keys]}})`` captured for ``table_id``;
    the links are None when the delete was too large to keep them."""
    return request.__dict__.get(_PENDING, {}).pop(table_id, (None, {}))
