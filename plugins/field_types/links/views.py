"""The links APIs of one record: v1 nested routes
(``/api/v1/db/data/noco/{project}/{table}/{rowId}/{mm|hm|bt}/{column}[/exclude|/{refRowId}]``)
and v2 (``/api/v2/tables/{tableId}/links/{fieldId}/records/{recordId}``)."""

from workbench.plugin_api import Permission, api_view

from .records import LinkedRecords

TAGS = ("links",)
LIST_QUERY = (
    ("where", "filter on the linked table"),
    ("sort", "comma-separated fields of the linked table"),
    ("fields", "fields of the linked table to return"),
    ("limit", "page size (default 25)"),
    ("offset", "rows to skip"),
)
CREATED = {"msg": "The relation data has been created successfully"}
DELETED = {"msg": "The relation data has been deleted successfully"}


def _v1(request) -> LinkedRecords:
    md = request.matchdict
    return LinkedRecords(request, md["column_name"], md["row_id"], kind=md["relation_type"])


def _v2(request) -> LinkedRecords:
    md = request.matchdict
    return LinkedRecords(request, md["field_id"], md["record_id"])


@api_view("v1.links", "GET", Permission.DATA_READ, tags=TAGS, query=LIST_QUERY, summary="Records linked to a record")
def v1_list(request):
    return _v1(request).page()


@api_view(
    "v1.links.exclude",
    "GET",
    Permission.DATA_READ,
    tags=TAGS,
    query=LIST_QUERY,
    summary="Records not linked to a record yet (what a record picker offers)",
)
def v1_exclude(request):
    return _v1(request).page(excluded=True)


@api_view("v1.link", "POST", Permission.DATA_UPDATE, tags=TAGS, summary="Link a record to a record")
def v1_add(request):
    _v1(request).add(request.matchdict["ref_row_id"])
    return CREATED


@api_view("v1.link", "DELETE", Permission.DATA_UPDATE, tags=TAGS, summary="Unlink a record from a record")
def v1_remove(request):
    _v1(request).remove(request.matchdict["ref_row_id"])
    return DELETED


@api_view(
    "v2.links",
    "GET",
    Permission.DATA_READ,
    tags=TAGS,
    query=LIST_QUERY,
    summary="Records linked to a record: {list, pageInfo}; a belongs-to link answers one record",
)
def v2_list(request):
    return _v2(request).page()


@api_view(
    "v2.links",
    "POST",
    Permission.DATA_UPDATE,
    tags=TAGS,
    summary="Link records: body is one id, a list of ids or [{Id}]",
)
def v2_add(request):
    _v2(request).add(request.json_payload)
    return True


@api_view(
    "v2.links",
    "DELETE",
    Permission.DATA_UPDATE,
    tags=TAGS,
    summary="Unlink records: body is one id, a list of ids or [{Id}]",
)
def v2_remove(request):
    _v2(request).remove(request.json_payload)
    return True
