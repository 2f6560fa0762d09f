"""Routes of projects (bases): NocoDB v1 meta paths with their v2 aliases."""

from workbench.api import add_api_route
from workbench.security.contexts import ProjectContext


def includeme(config):
    add_api_route(config, "projects", "/api/v1/db/meta/projects", "/api/v2/meta/bases")
    p = lambda name, *paths: add_api_route(config, name, *paths, factory=ProjectContext)  # noqa: E731
    p("project", "/api/v1/db/meta/projects/{project_id}", "/api/v2/meta/bases/{project_id}")
    p("project.info", "/api/v1/db/meta/projects/{project_id}/info", "/api/v2/meta/bases/{project_id}/info")
    p("project.sources", "/api/v1/db/meta/projects/{project_id}/bases", "/api/v2/meta/bases/{project_id}/sources")
    p("project.users", "/api/v1/db/meta/projects/{project_id}/users", "/api/v2/meta/bases/{project_id}/users")
    p(
        "project.user",
        "/api/v1/db/meta/projects/{project_id}/users/{user_id}",
        "/api/v2/meta/bases/{project_id}/users/{user_id}",
    )
