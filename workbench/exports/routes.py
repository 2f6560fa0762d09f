"""Routes of the signed-in download: NocoDB's v1 data paths (by project and table, and
with a view), ending in ``/export/{kind}``."""

from workbench.api import add_api_route
from workbench.records.contexts import AliasRecordsContext
from workbench.records.routes import V1, V1_SHORT, V1_VIEW


def includeme(config):
    suffix = "/export/{kind}"
    add_api_route(
        config,
        "v1.records.export",
        V1 + suffix,
        V1_VIEW + suffix,
        V1_SHORT + suffix,
        V1_SHORT + "/views/{view_name}" + suffix,
        factory=AliasRecordsContext,
    )
