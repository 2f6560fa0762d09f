"""Serve the OpenAPI document (built once per process, on first request)."""

from pyramid.security import NO_PERMISSION_REQUIRED

from workbench.api import api_view
from workbench.openapi.builder import build_document


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
