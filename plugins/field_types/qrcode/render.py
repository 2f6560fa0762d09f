"""Drawing QR codes with segno (pure Python: SVG and PNG without imaging libraries)."""

from __future__ import annotations

import io

import segno

FORMATS = {"svg": "image/svg+xml", "png": "image/png"}


class TooLong(ValueError):
    """The text does not fit in the largest QR code."""


def qr_image(text: str, kind: str, scale: int, border: int) -> bytes:
    """The QR code of ``text`` (error correction M, raised when it still fits) as ``kind``."""
    try:
        code = segno.make_qr(text, error="m")
    except segno.DataOverflowError:
        raise TooLong(f"the value is too long for a QR code ({len(text.encode())} bytes)") from None
    out = io.BytesIO()
    if kind == "svg":
        code.save(out, kind="svg", scale=scale, border=border, xmldecl=False, svgclass=None, lineclass=None)
    else:
        code.save(out, kind="png", scale=scale, border=border)
    return out.getvalue()
