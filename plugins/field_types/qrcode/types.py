"""QrCode: a virtual field showing another field's value, drawn as a QR code."""

from typing import ClassVar

from .source import SourcedField


class QrCode(SourcedField):
    name = "QrCode"
    option = "fk_qr_value_column_id"
    computed_example: ClassVar[dict] = {
        "body": {"fk_qr_value_column_id": "cl_source"},
        "rows": (("https://example.com/é", "https://example.com/é"), ("", ""), (None, None)),
    }
