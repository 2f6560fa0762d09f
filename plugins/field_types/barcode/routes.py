"""The barcode image route (one per record and Barcode field)."""

from workbench.plugin_api import RecordsContext, add_api_route

IMAGE_PATH = "/api/plugins/barcode/tables/{table_id}/columns/{column_id}/records/{row_id}"


def includeme(config):
    add_api_route(config, "barcode.image", IMAGE_PATH, factory=RecordsContext)
