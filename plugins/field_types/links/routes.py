"""Routes of the links APIs (see ``views``)."""

from workbench.plugin_api import AliasRecordsContext, RecordsContext, add_api_route, record_paths

V1, V1_VIEW, V1_SHORT = record_paths.V1, record_paths.V1_VIEW, record_paths.V1_SHORT

NESTED = "/{row_id}/{relation_type:mm|hm|bt}/{column_name}"
V2 = "/api/v2/tables/{table_id}/links/{field_id}/records/{record_id}"


def includeme(config):
    def nested(name, suffix):
        paths = (V1 + NESTED + suffix, V1_VIEW + NESTED + suffix, V1_SHORT + NESTED + suffix)
        add_api_route(config, name, *paths, factory=AliasRecordsContext)

    nested("v1.links.exclude", "/exclude")
    nested("v1.link", "/{ref_row_id}")
    nested("v1.links", "")
    add_api_route(config, "v2.links", V2, factory=RecordsContext)
