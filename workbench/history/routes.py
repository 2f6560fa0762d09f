"""Routes of record history and the audit log (NocoDB's paths, with v2 aliases)."""

from workbench.api import add_api_route
from workbench.history.contexts import RecordHistoryContext
from workbench.security.contexts import ProjectContext


def includeme(config):
    add_api_route(
        config, "history.record", "/api/v1/db/meta/audits", "/api/v2/meta/audits", factory=RecordHistoryContext
    )
    add_api_route(
        config,
        "history.restore",
        "/api/v1/db/meta/audits/{entry_id}/restore",
        "/api/v2/meta/audits/{entry_id}/restore",
        factory=RecordHistoryContext,
    )
    add_api_route(
        config,
        "project.audits",
        "/api/v1/db/meta/projects/{project_id}/audits",
        "/api/v2/meta/bases/{project_id}/audits",
        factory=ProjectContext,
    )
