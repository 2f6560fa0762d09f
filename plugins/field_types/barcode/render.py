"""Drawing barcodes as SVG with python-barcode (pure Python, no imaging library).

Formats carry NocoDB's names. NocoDB's EAN-5, EAN-2, MSI and pharmacode are not offered:
the library does not draw them.
"""

from __future__ import annotations

import io

import barcode
from barcode.errors import BarcodeError
from barcode.writer import SVGWriter

#: NocoDB's format name → python-barcode's
FORMATS = {
    "CODE128": "code128",
    "CODE39": "code39",
    "EAN13": "ean13",
    "EAN8": "ean8",
    "UPC": "upca",
    "ITF14": "itf",
    "CODABAR": "codabar",
}
DEFAULT_FORMAT = "CODE128"
#: longer values make barcodes no scanner reads (and megabytes of SVG)
MAX_LENGTH = 200


class CannotEncode(ValueError):
    """The value does not fit the format (characters, digits, length)."""


def barcode_svg(text: str, barcode_format: str, show_text: bool = True) -> bytes:
    name = FORMATS[barcode_format]
    if len(text) > MAX_LENGTH:
        raise CannotEncode(f"a barcode holds at most {MAX_LENGTH} characters")
    if name == "itf" and not (text.isdigit() and len(text) == 14):
        raise CannotEncode("ITF14 encodes exactly 14 digits")
    try:
        code = barcode.get(name, text, writer=SVGWriter())
        out = io.BytesIO()
        code.write(out, options={"write_text": show_text})
    except (BarcodeError, ValueError, TypeError, KeyError, IndexError) as exc:
        message = str(exc).strip() or exc.__class__.__name__
        raise CannotEncode(f"{barcode_format} cannot encode this value: {message}") from None
    return out.getvalue()
