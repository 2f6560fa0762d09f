"""The OpenAPI 3.1 document of the whole API, built from the views actually registered.

Served at ``/api/v1/openapi.json`` (stable path). Each view declared with
``workbench.api.api_view`` contributes its summary, permission, body and response
schemas; a test checks that every API route has its operation in the document.
"""

from workbench.api import add_api_route

OPENAPI_PATH = "/api/v1/openapi.json"


def includeme(config):
    add_api_route(config, "openapi", OPENAPI_PATH)
    config.scan(".views")
