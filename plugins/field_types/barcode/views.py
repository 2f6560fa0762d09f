"""The barcode image of a record's Barcode field."""

from pyramid.response import Response
from workbench_plugins.field_types.qrcode.source import IMAGE_HEADERS, encoded_text

from workbench.plugin_api import Permission, Unprocessable, api_view

from .render import CannotEncode, barcode_svg
from .types import Barcode

QUERY = (("text", "1 (default) to print the value under the bars, 0 not to"),)


@api_view(
    "barcode.image",
    "GET",
    Permission.DATA_READ,
    tags=("fields",),
    query=QUERY,
    response={"type": "string"},
    summary="The barcode of a record's Barcode field, as SVG",
)
def barcode_image(request):
    f, text = encoded_text(request, "Barcode")
    show_text = request.params.get("text", "1") not in ("0", "false", "no")
    try:
        body = barcode_svg(text, Barcode(f.column).barcode_format, show_text)
    except CannotEncode as exc:
        raise Unprocessable(f"Cannot draw a barcode: {exc}") from None
    response = Response(body=body, content_type="image/svg+xml")
    response.headers.update(IMAGE_HEADERS)
    return response
