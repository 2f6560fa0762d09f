"""The QR image route (one per record and QrCode field)."""

from workbench.plugin_api import RecordsContext, add_api_route

IMAGE_PATH = "/api/plugins/qrcode/tables/{table_id}/columns/{column_id}/records/{row_id}"


def includeme(config):
    add_api_route(config, "qrcode.image", IMAGE_PATH, factory=RecordsContext)
