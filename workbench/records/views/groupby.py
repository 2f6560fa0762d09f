"""Group-by on the v1 records API: ``.../groupby`` (distinct values of fields with their
record counts) and ``.../group/{columnId}`` (a page of records per value of one field)."""

from __future__ import annotations

import json

import sqlalchemy as sa

from workbench.api import api_view
from workbench.data import grouping
from workbench.data.query import DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, filter_conditions
from workbench.errors import BadRequest
from workbench.paging import int_param, paged
from workbench.records.services import Records
from workbench.records.views.common import LIST_QUERY, SEARCH_QUERY
from workbench.security.permissions import Permission

TAGS = ("records v1",)
#: NocoDB's grouped lists: 10 groups of 10 records unless asked otherwise
GROUP_PAGE_SIZE = 10

GROUPBY_QUERY = (
    ("column_name", "the field (title or id) to group by; comma-separated for several"),
    ("sort", "grouped fields or count, '-' for descending (default: the grouped fields ascending)"),
    ("where", LIST_QUERY[0][1]),
    ("limit", "groups per page (default 25)"),
    ("offset", "groups to skip"),
    *SEARCH_QUERY,
)
GROUP_QUERY = (
    ("options", "JSON array of the group values to list (null for records without a value)"),
    ("groupLimit", "without options: how many distinct values to list (default 10)"),
    ("groupOffset", "without options: distinct values to skip"),
    ("limit", "records per group (default 10)"),
    ("offset", "records to skip in every group"),
    *LIST_QUERY[:3],
    *SEARCH_QUERY,
)


def _names(value: str | None) -> list[str]:
    return [part.strip() for part in (value or "").split(",") if part.strip()]


def _cap(request) -> int:
    return int(request.registry.settings.get("workbench.data.max_page_size", MAX_PAGE_SIZE))


@api_view(
    "v1.records.groupby",
    "GET",
    Permission.DATA_READ,
    tags=TAGS,
    query=GROUPBY_QUERY,
    summary="Distinct values of fields with their record counts: {list: [{<field>: value, count}], pageInfo}",
)
def group_by(request):
    records = Records(request)
    model = records.model
    fields = grouping.group_fields(model, _names(request.params.get("column_name")))
    conditions = filter_conditions(request, model, records.view)
    where = sa.and_(*conditions) if conditions else None
    limit = min(int_param(request, "limit", DEFAULT_PAGE_SIZE, 1, aliases=("l",)), _cap(request))
    offset = int_param(request, "offset", 0, 0, aliases=("o",))
    sorts = [n for value in request.params.getall("sort") for n in _names(value)]
    groups, total = grouping.group_by(records.connection, model, fields, where, sorts, limit, offset)
    return paged(groups, total, limit, offset)


def _options(request, f) -> list | None:
    text = request.params.get("options")
    if text is None:
        return None
    try:
        items = json.loads(text)
    except ValueError:
        items = None
    if not isinstance(items, list) or any(isinstance(i, (dict, list)) for i in items):
        raise BadRequest("options must be a JSON array of group values")
    return grouping.parse_keys(f, items)


@api_view(
    "v1.records.group",
    "GET",
    Permission.DATA_READ,
    tags=TAGS,
    query=GROUP_QUERY,
    summary="A page of records for each value of a field: [{key, value: {list, pageInfo}}]",
)
def grouped_records(request):
    records = Records(request)
    model = records.model
    f = grouping.group_fields(model, [request.matchdict["column_id"]])[0]
    params = records.params(paging=False)
    limit = min(int_param(request, "limit", GROUP_PAGE_SIZE, 1, aliases=("l",)), _cap(request))
    offset = int_param(request, "offset", 0, 0, aliases=("o",))
    keys = _options(request, f)
    if keys is None:
        group_limit = min(int_param(request, "groupLimit", GROUP_PAGE_SIZE, 1), _cap(request))
        group_offset = int_param(request, "groupOffset", 0, 0)
        keys = grouping.distinct_keys(records.connection, model, f, params.where, group_limit, group_offset)
    groups = grouping.grouped_rows(records.connection, model, f, keys, params, limit, offset)
    return [
        {"key": None if key is None else f.type.to_api(key), "value": paged(rows, count, limit, offset)}
        for key, rows, count in groups
    ]
