"""Users' avatars: an image of a few kinds (PNG, JPEG, GIF, WebP, told by its bytes, never by
its name or declared type), at most MAX_BYTES and MAX_SIDE pixels a side, kept in the meta
database and read at an address carrying its digest (so that it can be cached for good and
is not guessed)."""

from __future__ import annotations

import hashlib
import struct

from workbench.errors import BadRequest, PayloadTooLarge
from workbench.storage.filetypes import sniff

#: the largest avatar file, in bytes
MAX_BYTES = 1024 * 1024
#: the longest side of an avatar, in pixels
MAX_SIDE = 4096
#: the image types an avatar may be
TYPES = ("image/png", "image/jpeg", "image/gif", "image/webp")


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:32]


def checked_image(data: bytes) -> str:
    """The type of ``data`` when it is an avatar this server takes: 413 when too large, 400
    for another type, a damaged image or one too large in pixels."""
    if len(data) > MAX_BYTES:
        raise PayloadTooLarge(f"An avatar may be at most {MAX_BYTES // 1024} KB")
    if not data:
        raise BadRequest("The avatar file is empty")
    mimetype = sniff(data[:64])
    if mimetype not in TYPES:
        raise BadRequest("An avatar must be a PNG, JPEG, GIF or WebP image")
    size = image_size(data, mimetype)
    if size is None:
        raise BadRequest("The avatar image is damaged")
    width, height = size
    if not (0 < width <= MAX_SIDE and 0 < height <= MAX_SIDE):
        raise BadRequest(f"An avatar may be at most {MAX_SIDE} pixels wide and high")
    return mimetype


def image_size(data: bytes, mimetype: str) -> tuple[int, int] | None:
    """The width and height the image's header gives, or None when it cannot be read."""
    try:
        if mimetype == "image/png":
            if data[12:16] != b"IHDR":
                return None
            return struct.unpack(">II", data[16:24])
        if mimetype == "image/gif":
            return struct.unpack("<HH", data[6:10])
        if mimetype == "image/jpeg":
            return _jpeg_size(data)
        if mimetype == "image/webp":
            return _webp_size(data)
    except struct.error:
        return None
    return None


# JPEG markers that start a frame (SOF0..SOF15 but DHT, JPG and DAC)
_SOF = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}


def _jpeg_size(data: bytes) -> tuple[int, int] | None:
    pos = 2
    while pos + 4 <= len(data):
        if data[pos] != 0xFF:
            return None
        marker = data[pos + 1]
        if marker == 0xFF:  # fill byte
            pos += 1
            continue
        (length,) = struct.unpack(">H", data[pos + 2 : pos + 4])
        if marker in _SOF:
            height, width = struct.unpack(">HH", data[pos + 5 : pos + 9])
            return width, height
        if length < 2:
            return None
        pos += 2 + length
    return None


def _webp_size(data: bytes) -> tuple[int, int] | None:
    chunk = data[12:16]
    if chunk == b"VP8X":
        width = int.from_bytes(data[24:27], "little") + 1
        height = int.from_bytes(data[27:30], "little") + 1
        return width, height
    if chunk == b"VP8L" and data[20:21] == b"\x2f":
        bits = int.from_bytes(data[21:25], "little")
        return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    if chunk == b"VP8 " and data[23:26] == b"\x9d\x01\x2a":
        width, height = struct.unpack("<HH", data[26:30])
        return width & 0x3FFF, height & 0x3FFF
    return None
