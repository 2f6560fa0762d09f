"""Routes of import jobs: v1 paths with their v2 aliases."""

import re

from workbench.api import add_api_route
from workbench.imports.contexts import ImportContext
from workbench.security.contexts import ProjectContext

#: the upload route, whose body may be as large as ``workbench.import.max_size``
UPLOAD_PATTERN = re.compile(r"^/api/(v1/db/meta/projects|v2/meta/bases)/[^/]+/imports/?$")


def includeme(config):
    add_api_route(
        config,
        "imports",
        "/api/v1/db/meta/projects/{project_id}/imports",
        "/api/v2/meta/bases/{project_id}/imports",
        factory=ProjectContext,
    )
    add_api_route(
        config,
        "import",
        "/api/v1/db/meta/imports/{import_id}",
        "/api/v2/meta/imports/{import_id}",
        factory=ImportContext,
    )
    add_api_route(
        config,
        "import.start",
        "/api/v1/db/meta/imports/{import_id}/start",
        "/api/v2/meta/imports/{import_id}/start",
        factory=ImportContext,
    )
