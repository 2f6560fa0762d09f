"""Serve the OpenAPI document (built once per process, on first request) and each
project's data API document (built on every request: tables change)."""

import sqlalchemy as sa
from pyramid.security import NO_PERMISSION_REQUIRED
from sqlalchemy.orm import selectinload

from workbench.api import api_view
from workbench.openapi.builder import build_document
from workbench.openapi.project import build_project_document
from workbench.security.permissions import Permission
from workbench.tables.models import Table


@api_view(
    "openapi",
    "GET",
    NO_PERMISSION_REQUIRED,
    tags=("info",),
    summary="This document: the OpenAPI 3.1 description of the whole API",
)
def openapi_document(request):
    registry = request.registry
    if "openapi_document" not in registry:
        registry["openapi_document"] = build_document(registry)
    return registry["openapi_document"]


@api_view(
    "project.swagger",
    "GET",
    Permission.TABLE_READ,
    tags=("projects",),
    summary="The OpenAPI 3.1 description of this project's records API, with each table's fields",
)
def project_document(request):
    project = request.context.project
    tables = request.dbsession.scalars(
        sa.select(Table)
        .where(Table.project_id == project.id)
        .options(selectinload(Table.columns))
        .order_by(Table.order, Table.created_at)
    ).all()
    return build_project_document(request.registry, project, tables)
