"""Tables: list, create, read, rename, reorder, delete."""

import sqlalchemy as sa
from sqlalchemy.orm import selectinload

from workbench.api import api_view
from workbench.errors import BadRequest
from workbench.paging import paged
from workbench.plugins import notify
from workbench.security.permissions import Permission
from workbench.settings import as_bool
from workbench.tables import services
from workbench.tables.models import Table
from workbench.tables.schemas import TableCreateBody, TableUpdateBody
from workbench.tables.serialize import table_json


def _body(request) -> dict:
    body = request.json_payload
    if not isinstance(body, dict):
        raise BadRequest("Request body must be a JSON object")
    return body


@api_view("tables", "GET", Permission.TABLE_READ, tags=("tables",), summary="List a project's tables")
def list_tables(request):
    # Junction tables of many-to-many links only with includeM2M=true (as NocoDB).
    hidden = () if as_bool(request.params.get("includeM2M", "false")) else (Table.type != "mm",)
    tables = request.dbsession.scalars(
        sa.select(Table)
        .where(Table.project_id == request.context.project_id, *hidden)
        .order_by(Table.order, Table.created_at)
        .options(selectinload(Table.columns))
    ).all()
    items = [table_json(t, with_children=False) for t in tables]
    return paged(items, len(items), max(len(items), 1), 0)


@api_view(
    "tables",
    "POST",
    Permission.TABLE_CREATE,
    tags=("tables",),
    body=TableCreateBody,
    summary="Create a table with its columns, the system columns and a default grid view",
)
def create_table(request):
    body = _body(request)
    request.validated(TableCreateBody, data=body)
    table = services.create_table(request, request.context.project, body)
    result = table_json(table, registry=request.registry, user_id=request.authenticated_userid)
    notify.meta_changed(request, "table", "insert", result)
    return result


@api_view("table", "GET", Permission.TABLE_READ, tags=("tables",), summary="Read a table with its columns and views")
def read_table(request):
    return table_json(request.context.table, registry=request.registry, user_id=request.authenticated_userid)


@api_view(
    "table",
    "PATCH",
    Permission.TABLE_UPDATE,
    tags=("tables",),
    body=TableUpdateBody,
    summary="Rename a table (the physical name stays), or change its meta or order",
)
def update_table(request):
    table = services.update_table(request, request.context.table, _body(request))
    result = table_json(table, registry=request.registry, user_id=request.authenticated_userid)
    notify.meta_changed(request, "table", "update", result)
    return result


@api_view("table", "DELETE", Permission.TABLE_DELETE, tags=("tables",), summary="Delete a table and its data")
def delete_table(request):
    table = request.context.table
    snapshot = table_json(table, registry=request.registry, user_id=request.authenticated_userid)
    services.delete_table(request, table)
    notify.meta_changed(request, "table", "delete", snapshot)
    return {"msg": "The table has been deleted successfully"}


@api_view(
    "table.reorder",
    "POST",
    Permission.TABLE_UPDATE,
    tags=("tables",),
    summary="Move a table in the project's list",
    body=TableUpdateBody,
)
def reorder_table(request):
    table = services.reorder_table(request, request.context.table, _body(request).get("order"))
    result = table_json(table, with_children=False)
    notify.meta_changed(request, "table", "update", result)
    return result
