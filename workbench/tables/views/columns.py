"""Columns: add, read, change (rename, retype with conversion, default, required,
options), delete, and make one the display value (primary value)."""

from workbench.api import api_view
from workbench.paging import paged
from workbench.plugins import notify
from workbench.security.permissions import Permission
from workbench.tables import columns as services
from workbench.tables.schemas import ColumnBody
from workbench.tables.serialize import column_json, table_json
from workbench.tables.views.tables import _body


@api_view(
    "table.columns",
    "POST",
    Permission.COLUMN_CREATE,
    tags=("columns",),
    body=ColumnBody,
    summary="Add a column; returns the table with its columns",
)
def add_column(request):
    body = _body(request)
    request.validated(ColumnBody, data=body)
    table = request.context.table
    column = services.add_column(request, table, body)
    notify.meta_changed(request, "column", "insert", column_json(column, table, request.registry))
    return table_json(table, registry=request.registry, user_id=request.authenticated_userid)


@api_view("table.columns", "GET", Permission.TABLE_READ, tags=("columns",), summary="List a table's columns")
def list_columns(request):
    table = request.context.table
    items = [column_json(c, table, request.registry) for c in table.columns]
    return paged(items, len(items), max(len(items), 1), 0)


@api_view("column", "GET", Permission.TABLE_READ, tags=("columns",), summary="Read a column")
def read_column(request):
    return column_json(request.context.column, request.context.table, request.registry)


@api_view(
    "column",
    "PATCH",
    Permission.COLUMN_UPDATE,
    tags=("columns",),
    body=ColumnBody,
    summary="Change a column: title, type (converting the data), default, required, options",
)
def update_column(request):
    body = _body(request)
    request.validated(ColumnBody, data=body)
    table = request.context.table
    column = services.update_column(request, table, request.context.column, body)
    notify.meta_changed(request, "column", "update", column_json(column, table, request.registry))
    return table_json(table, registry=request.registry, user_id=request.authenticated_userid)


@api_view("column", "DELETE", Permission.COLUMN_DELETE, tags=("columns",), summary="Delete a column and its data")
def delete_column(request):
    table, column = request.context.table, request.context.column
    snapshot = column_json(column, table, request.registry)
    services.delete_column(request, table, column)
    notify.meta_changed(request, "column", "delete", snapshot)
    return table_json(table, registry=request.registry, user_id=request.authenticated_userid)


@api_view(
    "column.primary",
    "POST",
    Permission.COLUMN_UPDATE,
    tags=("columns",),
    summary="Make the column the table's display value (primary value)",
)
def set_primary(request):
    table, column = request.context.table, request.context.column
    services.set_primary(table, column)
    request.dbsession.flush()
    notify.meta_changed(request, "column", "update", column_json(column, table, request.registry))
    return {"msg": "The column has been set as the display value"}
