"""v2 records API: ``/api/v2/tables/{tableId}/records``; writes answer with primary keys."""

from workbench.api import api_view
from workbench.records.services import Records, as_list, check_unique_keys
from workbench.records.views.common import (
    AGGREGATE_QUERY,
    LIST_QUERY,
    SEARCH_QUERY,
    aggregate,
    count,
    list_page,
    read_one,
)
from workbench.security.permissions import Permission

TAGS = ("records",)


@api_view(
    "v2.records",
    "GET",
    Permission.DATA_READ,
    tags=TAGS,
    query=LIST_QUERY + SEARCH_QUERY,
    summary="List records: {list, pageInfo}",
)
def list_records(request):
    return list_page(request)


@api_view(
    "v2.records.count",
    "GET",
    Permission.DATA_READ,
    tags=TAGS,
    query=LIST_QUERY[:1] + LIST_QUERY[-1:] + SEARCH_QUERY,
    summary="Count records matching where",
)
def count_records(request):
    return count(request)


@api_view(
    "v2.record",
    "GET",
    Permission.DATA_READ,
    tags=TAGS,
    query=(("fields", "fields to return"),),
    summary="Read one record",
)
def read_record(request):
    return read_one(request, request.matchdict["record_id"])


@api_view(
    "v2.records",
    "POST",
    Permission.DATA_INSERT,
    tags=TAGS,
    summary="Insert one record or an array of records; answers their primary keys",
)
def create_records(request):
    records = Records(request)
    items, many = as_list(request.json_payload)
    keys = records.writer().insert_keys(items)
    return keys if many else keys[0]


@api_view(
    "v2.records",
    "PATCH",
    Permission.DATA_UPDATE,
    tags=TAGS,
    summary="Update one record or an array of records; each carries its primary key",
)
def update_records(request):
    records = Records(request)
    items, many = as_list(request.json_payload)
    pairs = [records.split_body(item) for item in items]
    check_unique_keys([key for key, _data in pairs])
    changes = records.writer().update(pairs)
    keys = [records.pk_json(after) for _before, after in changes]
    return keys if many else keys[0]


@api_view(
    "v2.records",
    "DELETE",
    Permission.DATA_DELETE,
    tags=TAGS,
    summary="Delete one record or an array of records, given their primary keys",
)
def delete_records(request):
    records = Records(request)
    items, many = as_list(request.json_payload)
    keys = [records.key_of_body(item) for item in items]
    check_unique_keys(keys)
    rows = records.writer().delete(keys)
    result = [records.pk_json(row) for row in rows]
    return result if many else result[0]


@api_view(
    "v2.records.aggregate",
    "GET",
    Permission.DATA_READ,
    tags=TAGS,
    query=AGGREGATE_QUERY,
    summary="Footer aggregations of records matching where: {field: {type: value}}",
)
def aggregate_records(request):
    return aggregate(request)
