"""Serve the OpenAPI document (built once per process, on first request)."""

from workbench.openapi.builder import build_document


def openapi_document(request):
    registry = request.registry
    if "openapi_document" not in registry:
        registry["openapi_document"] = build_document(registry)
    return registry["openapi_document"]
