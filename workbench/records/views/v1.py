"""v1 records API: ``/api/v1/db/data/noco/{project}/{table}`` (also with ``/views/{view}``)
and the bulk paths ``/api/v1/db/data/bulk/noco/{project}/{table}``."""

from workbench.api import api_view
from workbench.data.query import read_row
from workbench.errors import BadRequest
from workbench.records.services import Records, as_list, check_unique_keys
from workbench.records.views.common import (
    AGGREGATE_QUERY,
    LIST_QUERY,
    SEARCH_QUERY,
    aggregate,
    count,
    find_one,
    list_page,
    read_one,
)
from workbench.security.permissions import Permission

TAGS = ("records v1",)


@api_view(
    "v1.records",
    "GET",
    Permission.DATA_READ,
    tags=TAGS,
    query=LIST_QUERY + SEARCH_QUERY,
    summary="List records: {list, pageInfo}",
)
def list_records(request):
    return list_page(request)


@api_view(
    "v1.records.count",
    "GET",
    Permission.DATA_READ,
    tags=TAGS,
    query=LIST_QUERY[:1] + SEARCH_QUERY,
    summary="Count records matching where",
)
def count_records(request):
    return count(request)


@api_view(
    "v1.records.find_one",
    "GET",
    Permission.DATA_READ,
    tags=TAGS,
    query=LIST_QUERY[:3],
    summary="The first record matching where and sort ({} if none)",
)
def find_one_record(request):
    return find_one(request)


@api_view("v1.records", "POST", Permission.DATA_INSERT, tags=TAGS, summary="Insert a record; answers it")
def create_record(request):
    body = request.json_payload
    if not isinstance(body, dict):
        raise BadRequest("Request body must be a JSON object")
    return Records(request).writer().insert([body], want_rows=True)[0]


@api_view("v1.record", "GET", Permission.DATA_READ, tags=TAGS, summary="Read a record by id (composite: a___b)")
def read_record(request):
    return read_one(request, request.matchdict["row_id"])


@api_view("v1.record.exist", "GET", Permission.DATA_READ, tags=TAGS, summary="Whether a record exists")
def record_exists(request):
    records = Records(request)
    key = records.key_of_id(request.matchdict["row_id"])
    return read_row(records.connection, records.model, key, records.model.pk_fields) is not None


@api_view("v1.record", "PATCH", Permission.DATA_UPDATE, tags=TAGS, summary="Update a record; answers it")
def update_record(request):
    records = Records(request)
    body = request.json_payload
    if not isinstance(body, dict):
        raise BadRequest("Request body must be a JSON object")
    key = records.key_of_id(request.matchdict["row_id"])
    return records.writer().update([(key, records.without_pk(body))])[0][1]


@api_view("v1.record", "DELETE", Permission.DATA_DELETE, tags=TAGS, summary="Delete a record; answers 1")
def delete_record(request):
    records = Records(request)
    records.writer().delete([records.key_of_id(request.matchdict["row_id"])])
    return 1


@api_view("v1.bulk", "POST", Permission.DATA_INSERT, tags=TAGS, summary="Insert an array of records")
def bulk_insert(request):
    records = Records(request)
    items, _many = as_list(request.json_payload)
    return records.writer().insert_keys(items)


@api_view(
    "v1.bulk",
    "PATCH",
    Permission.DATA_UPDATE,
    tags=TAGS,
    summary="Update an array of records, each with its primary key",
)
def bulk_update(request):
    records = Records(request)
    items, _many = as_list(request.json_payload)
    pairs = [records.split_body(item) for item in items]
    check_unique_keys([key for key, _data in pairs])
    return [records.pk_json(after) for _before, after in records.writer().update(pairs)]


@api_view(
    "v1.bulk",
    "DELETE",
    Permission.DATA_DELETE,
    tags=TAGS,
    summary="Delete an array of records given their primary keys",
)
def bulk_delete(request):
    records = Records(request)
    items, _many = as_list(request.json_payload)
    keys = [records.key_of_body(item) for item in items]
    check_unique_keys(keys)
    return [records.pk_json(row) for row in records.writer().delete(keys)]


@api_view(
    "v1.bulk.all",
    "PATCH",
    Permission.DATA_UPDATE,
    tags=TAGS,
    query=LIST_QUERY[:1],
    summary="Update every record matching where; answers the count",
)
def update_all(request):
    records = Records(request)
    body = request.json_payload
    if not isinstance(body, dict):
        raise BadRequest("Request body must be a JSON object")
    return records.writer().update_where(records.params(paging=False).where, body)


@api_view(
    "v1.bulk.all",
    "DELETE",
    Permission.DATA_DELETE,
    tags=TAGS,
    query=LIST_QUERY[:1],
    summary="Delete every record matching where; answers the count",
)
def delete_all(request):
    records = Records(request)
    return records.writer().delete_where(records.params(paging=False).where)


@api_view(
    "v1.records.aggregate",
    "GET",
    Permission.DATA_READ,
    tags=TAGS,
    query=AGGREGATE_QUERY,
    summary="Footer aggregations of records matching where: {field: {type: value}}",
)
def aggregate_records(request):
    return aggregate(request)
