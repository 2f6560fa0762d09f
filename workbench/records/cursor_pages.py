"""Lists read by cursor: ``cursor`` (empty for the first page) next to ``limit``, and
``offset`` with an empty cursor to jump to a position.

The answer keeps the ``{list, pageInfo}`` shape; ``pageInfo`` carries ``pageSize``,
``isFirstPage``, ``isLastPage``, ``nextCursor`` and ``prevCursor`` (None at either end) and,
after a jump, the ``offset`` jumped to (``offsetIsEstimate`` when the table changed since
the positions were last read). ``totalRows`` is left out on the project's own tables:
counting a large table costs more than its page; ``/count`` answers it. A connected
database's table shows ``totalRows`` with ``totalRowsEstimated``: its count is the
database's estimate when the table is big, and kept a short while (``records.counting``).
"""

from __future__ import annotations

from workbench.data import keyset, seek
from workbench.data.cursors import BACKWARD, FORWARD, codec_of, order_digest
from workbench.errors import BadRequest
from workbench.records.expand import expand_rows, with_keys
from workbench.records.services import Records


def wants_cursor(request) -> bool:
    return "cursor" in request.params


def anchor_cache(registry) -> seek.AnchorCache:
    cache = registry.get("record_anchors")
    if cache is None:
        cache = registry["record_anchors"] = seek.AnchorCache()
    return cache


def cursor_page(request, records: Records, params) -> dict:
    from workbench.records.counting import is_external, records_count

    if params.shuffled:
        raise BadRequest("A shuffled list cannot be read by cursor")
    model = records.model
    codec = codec_of(request.registry)
    digest = order_digest(records.table.id, params.sort_keys)
    token = request.params.get("cursor", "")
    params.fields, added = with_keys(model, params.fields)
    info: dict = {"pageSize": params.limit}
    if token:
        if params.offset:
            raise BadRequest("offset cannot be combined with a cursor: jump with an empty cursor")
        values, direction = codec.decode(token, digest, len(params.sort_keys))
        page = keyset.read_page(records.connection, model, params, values, backward=direction == BACKWARD)
    elif params.offset:
        keys = keyset.key_spec(params)
        scope = (records.table.id, records.table.schema_version, records.table.source.id)
        anchor, skip, exact = seek.anchor_before(
            anchor_cache(request.registry), records.connection, model, scope, params, keys, params.offset
        )
        page = keyset.read_page(records.connection, model, params, anchor, skip=skip)
        page.more_before = True
        info["offset"] = params.offset
        if not exact:
            info["offsetIsEstimate"] = True
    else:
        page = keyset.read_page(records.connection, model, params)
    rows = expand_rows(request, records.connection, model, params.fields, page.rows, added)
    info["isFirstPage"] = not page.more_before
    info["isLastPage"] = not page.more_after
    info["nextCursor"] = codec.encode(digest, page.last, FORWARD) if page.more_after and page.last else None
    info["prevCursor"] = codec.encode(digest, page.first, BACKWARD) if page.more_before and page.first else None
    if is_external(records):
        counted = records_count(records, params.where)
        info["totalRows"] = counted.total
        info["totalRowsEstimated"] = counted.estimated
    return {"list": rows, "pageInfo": info}
