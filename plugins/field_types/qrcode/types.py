"""QrCode: a virtual field showing another field's value, drawn as a QR code."""

from typing import ClassVar

from .source import SourcedField


class QrCode(SourcedField):
    name = "QrCode"
    icon = "heat-grid"
    order = 540
    settings_schema: ClassVar[dict] = {
        "type": "object",
        "required": ["fk_qr_value_column_id"],
        "properties": {"fk_qr_value_column_id": {"type": "string", "title": "setting.source"}},
    }
    option = "fk_qr_value_column_id"
    computed_example: ClassVar[dict] = {
        "body": {"fk_qr_value_column_id": "cl_source"},
        "rows": (("https://example.com/é", "https://example.com/é"), ("", ""), (None, None)),
    }
