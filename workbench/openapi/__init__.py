"""The OpenAPI 3.1 document of the whole API, built from the views actually registered.

Served at ``/api/v1/openapi.json`` (stable path); each project's data API has its own
document (``workbench.openapi.project``). Each view declared with
``workbench.api.api_view`` contributes its summary, permission, body and response
schemas; a test checks that every API route has its operation in the document.
"""

from workbench.api import add_api_route
from workbench.security.contexts import ProjectContext

OPENAPI_PATH = "/api/v1/openapi.json"


def includeme(config):
    add_api_route(config, "openapi", OPENAPI_PATH)
    # One project's data API (workbench.openapi.project).
    add_api_route(
        config,
        "project.swagger",
        "/api/v1/db/meta/projects/{project_id}/swagger.json",
        "/api/v2/meta/bases/{project_id}/swagger.json",
        factory=ProjectContext,
    )
    config.scan(".views")
