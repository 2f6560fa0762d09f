"""Routes of the records API. Specific suffixes (count, find-one, views) come before the
record-id routes so that they win."""

from workbench.api import add_api_route
from workbench.records.contexts import AliasRecordsContext, RecordsContext

V1 = "/api/v1/db/data/noco/{project_id}/{table_name}"
V1_VIEW = V1 + "/views/{view_name}"
V1_SHORT = "/api/v1/data/noco/{project_id}/{table_name}"
V1_BULK = "/api/v1/db/data/bulk/noco/{project_id}/{table_name}"
V2 = "/api/v2/tables/{table_id}/records"


def includeme(config):
    a = lambda name, suffix: add_api_route(  # noqa: E731
        config, name, V1 + suffix, V1_VIEW + suffix, V1_SHORT + suffix, factory=AliasRecordsContext
    )
    a("v1.records.count", "/count")
    a("v1.records.find_one", "/find-one")
    a("v1.records.aggregate", "/aggregate")
    a("v1.records.groupby", "/groupby")
    a("v1.records.group", "/group/{column_id}")
    a("v1.records", "")
    a("v1.record.exist", "/{row_id}/exist")
    a("v1.record", "/{row_id}")
    add_api_route(config, "v1.bulk.all", V1_BULK + "/all", factory=AliasRecordsContext)
    add_api_route(config, "v1.bulk", V1_BULK, factory=AliasRecordsContext)
    add_api_route(config, "v2.records.count", V2 + "/count", factory=RecordsContext)
    add_api_route(config, "v2.records.aggregate", "/api/v2/tables/{table_id}/aggregate", factory=RecordsContext)
    add_api_route(config, "v2.records", V2, factory=RecordsContext)
    add_api_route(config, "v2.record", V2 + "/{record_id}", factory=RecordsContext)
