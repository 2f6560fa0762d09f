"""The OpenAPI 3 document of the whole API, built from the views actually registered.

Served at ``/api/v1/openapi.json`` (stable path). Each view declared with
``workbench.api.api_view`` contributes its summary, permission, body and response
schemas; a test checks that every API route has its operation in the document.
"""

from pyramid.security import NO_PERMISSION_REQUIRED

OPENAPI_PATH = "/api/v1/openapi.json"


def includeme(config):
    config.add_route("openapi", OPENAPI_PATH)
    config.add_view("workbench.openapi.views.openapi_document", route_name="openapi",
                    permission=NO_PERMISSION_REQUIRED, renderer="json", request_method="GET")
