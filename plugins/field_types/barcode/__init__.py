"""The Barcode field type: a barcode of another field's value.

``meta.barcodeFormat`` picks the symbology with NocoDB's names (CODE128 by default). The
records API gives the source field's value for the client to draw;
``GET /api/plugins/barcode/tables/{tableId}/columns/{columnId}/records/{recordId}`` draws
it on the server as SVG, for whoever may read the table.
"""

from workbench.plugin_api import hookimpl

from .types import Barcode


@hookimpl
def register_field_types():
    return [Barcode]


@hookimpl
def configure_pyramid(config):
    config.include(f"{__name__}.routes")
    config.scan(f"{__name__}.views")
