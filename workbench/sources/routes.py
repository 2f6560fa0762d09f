"""Routes of sources: a project's connected databases (v2 paths with their v1 aliases),
the connection test and the meta diff."""

from workbench.api import add_api_route
from workbench.security.contexts import ProjectContext


def includeme(config):
    add_api_route(config, "connection.test", "/api/v1/db/meta/connection/test", "/api/v2/meta/connection/test")
    p = lambda name, *paths: add_api_route(config, name, *paths, factory=ProjectContext)  # noqa: E731
    p(
        "project.source",
        "/api/v2/meta/bases/{project_id}/sources/{source_id}",
        "/api/v1/db/meta/projects/{project_id}/bases/{source_id}",
    )
    p(
        "project.meta_diff",
        "/api/v1/db/meta/projects/{project_id}/meta-diff",
        "/api/v2/meta/bases/{project_id}/meta-diff",
    )
    p(
        "project.source.meta_diff",
        "/api/v1/db/meta/projects/{project_id}/meta-diff/{source_id}",
        "/api/v2/meta/bases/{project_id}/meta-diff/{source_id}",
    )
