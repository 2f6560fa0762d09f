"""The QrCode field type: a QR code of another field's value.

The records API gives the source field's value (as NocoDB does) for the client to draw;
``GET /api/plugins/qrcode/tables/{tableId}/columns/{columnId}/records/{recordId}`` draws
it on the server as SVG (default) or PNG (``?format=png``), for whoever may read the table.
"""

from workbench.plugin_api import hookimpl

from .types import QrCode


@hookimpl
def register_field_types():
    return [QrCode]


@hookimpl
def configure_pyramid(config):
    config.include(f"{__name__}.routes")
    config.scan(f"{__name__}.views")
