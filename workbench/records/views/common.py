"""Reading helpers shared by the v1 and v2 views."""

from workbench.data import aggregates
from workbench.data.query import count_rows, read_row, select_rows, selected_fields
from workbench.errors import NotFound
from workbench.paging import paged
from workbench.records.counting import is_external, records_count
from workbench.records.cursor_pages import cursor_page, wants_cursor
from workbench.records.expand import expand_rows, with_keys
from workbench.records.services import Records

LIST_QUERY = (
    ("where", "filter, e.g. (Status,eq,done)~and(Qty,gt,3)"),
    ("sort", "comma-separated fields, '-' for descending"),
    ("fields", "comma-separated fields to return"),
    ("limit", "page size (default 25)"),
    ("offset", "rows to skip (with an empty cursor: the position to jump to)"),
    ("cursor", "keyset paging: empty for the first page, then pageInfo's nextCursor or prevCursor"),
    ("viewId", "apply a view's filters, sorts and visible fields"),
)
SEARCH_QUERY = (
    ("searchValue", "quick search text (like for text types, equal for the others)"),
    ("searchField", "the field to search (title or id); default: every searchable field"),
)
AGGREGATE_QUERY = (
    (
        "aggregation",
        'JSON array of {"field", "type"}; types per field type: count, count_empty, count_filled, '
        "count_unique, sum, avg, min, max, earliest, latest, checked, unchecked",
    ),
    *LIST_QUERY[:1],
    LIST_QUERY[-1],
)


def list_page(request) -> dict:
    records = Records(request)
    params = records.params()
    if wants_cursor(request):
        return cursor_page(request, records, params)
    params.fields, added = with_keys(records.model, params.fields)
    rows = select_rows(records.connection, records.model, params)
    expand_rows(request, records.connection, records.model, params.fields, rows, added)
    estimated = None
    if params.offset == 0 and len(rows) < params.limit:
        total = len(rows)
        estimated = False
    elif is_external(records):
        counted = records_count(records, params.where)
        total, estimated = counted.total, counted.estimated
    else:
        total = count_rows(records.connection, records.model, params.where)
    result = paged(rows, total, params.limit, params.offset)
    if is_external(records):
        result["pageInfo"]["totalRowsEstimated"] = bool(estimated)
    return result


def count(request) -> dict:
    records = Records(request)
    where = records.params(paging=False).where
    if not is_external(records):
        return {"count": count_rows(records.connection, records.model, where)}
    counted = records_count(records, where)
    return {"count": counted.total, "estimated": counted.estimated}


def aggregate(request) -> dict:
    records = Records(request)
    wanted = aggregates.parse_request(records.model, request.params.get("aggregation"))
    return aggregates.aggregate(records.connection, records.model, wanted, records.params(paging=False).where)


def find_one(request) -> dict:
    records = Records(request)
    params = records.params(paging=False)
    params.fields, added = with_keys(records.model, params.fields)
    rows = select_rows(records.connection, records.model, params, limit=1, offset=0)
    expand_rows(request, records.connection, records.model, params.fields, rows, added)
    return rows[0] if rows else {}


def read_one(request, row_id) -> dict:
    records = Records(request)
    fields, added = with_keys(records.model, selected_fields(records.model, request, records.view))
    row = read_row(records.connection, records.model, records.key_of_id(row_id), fields)
    if row is None:
        raise NotFound(f"Record '{row_id}' not found")
    return expand_rows(request, records.connection, records.model, fields, [row], added)[0]
