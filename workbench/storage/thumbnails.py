"""Narrower copies of stored images for the web app's thumbnails and covers: a signed
link's ``?w=`` names one of the image breakpoints (``IMAGE_WIDTHS``) and an image wider
than that is served scaled down to it (its height in proportion), so a phone reads a small
copy of a large photo. Anything else (another type, an image already narrow enough, a file
over ``MAX_SOURCE_BYTES`` or ``MAX_PIXELS``, one that cannot be read) is served as it is.
Copies are made per request and cached by the browser like the link."""

from __future__ import annotations

import io
import warnings

from workbench.errors import BadRequest

#: the image breakpoints: xs 320, sm 640, md 768, lg 1024, xl 1280, xxl 1536
IMAGE_WIDTHS = (320, 640, 768, 1024, 1280, 1536)
#: the largest file scaled down (bytes) and the most pixels decoded
MAX_SOURCE_BYTES = 20 * 1024 * 1024
MAX_PIXELS = 40_000_000
#: the types scaled down, and the format the copy is written in
_FORMATS = {"image/png": "PNG", "image/jpeg": "JPEG", "image/webp": "WEBP", "image/gif": "PNG"}


def requested_width(value: str | None) -> int | None:
    """The width a link asks for (None for the file itself); another width is refused."""
    if value is None or value == "":
        return None
    if not value.isdigit() or int(value) not in IMAGE_WIDTHS:
        raise BadRequest(f"w must be one of {', '.join(map(str, IMAGE_WIDTHS))}")
    return int(value)


def scaled(stream, size: int, mimetype: str, width: int) -> tuple[bytes, str] | None:
    """The image of ``stream`` scaled down to ``width`` as ``(bytes, type)``, or None when
    the file is to be served as it is."""
    fmt = _FORMATS.get(mimetype)
    if fmt is None or size > MAX_SOURCE_BYTES:
        return None
    from PIL import Image, UnidentifiedImageError

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(stream) as image:
                if image.width * image.height > MAX_PIXELS or image.width <= width:
                    return None
                height = max(1, round(image.height * width / image.width))
                if fmt == "JPEG":
                    image.draft("RGB", (width, height))
                copy = image.convert("RGBA" if fmt in ("PNG", "WEBP") else "RGB").resize((width, height), Image.LANCZOS)
    except (UnidentifiedImageError, Image.DecompressionBombError, Image.DecompressionBombWarning, OSError, ValueError):
        return None
    out = io.BytesIO()
    copy.save(out, fmt, **({"quality": 85} if fmt in ("JPEG", "WEBP") else {"optimize": True}))
    return out.getvalue(), "image/png" if fmt == "PNG" else mimetype
