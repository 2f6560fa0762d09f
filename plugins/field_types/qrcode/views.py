"""The QR image of a record's QrCode field."""

from pyramid.response import Response

from workbench.plugin_api import BadRequest, Permission, Unprocessable, api_view

from .render import FORMATS, TooLong, qr_image
from .source import IMAGE_HEADERS, encoded_text, int_param

QUERY = (
    ("format", "svg (default) or png"),
    ("scale", "size of one module in pixels, 1 to 40 (default 4)"),
    ("border", "quiet zone in modules, 0 to 10 (default 4)"),
)


@api_view(
    "qrcode.image",
    "GET",
    Permission.DATA_READ,
    tags=("fields",),
    query=QUERY,
    response={"type": "string"},
    summary="The QR code of a record's QrCode field, as SVG or PNG",
)
def qr_code_image(request):
    kind = (request.params.get("format") or "svg").lower()
    if kind not in FORMATS:
        raise BadRequest(f"format must be one of {', '.join(FORMATS)}")
    scale = int_param(request, "scale", 4, 1, 40)
    border = int_param(request, "border", 4, 0, 10)
    _field, text = encoded_text(request, "QrCode")
    try:
        body = qr_image(text, kind, scale, border)
    except TooLong as exc:
        raise Unprocessable(f"Cannot draw a QR code: {exc}") from None
    response = Response(body=body, content_type=FORMATS[kind])
    response.headers.update(IMAGE_HEADERS)
    return response
