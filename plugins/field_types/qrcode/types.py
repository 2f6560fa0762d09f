"""QrCode: a virtual field showing another field's value, drawn as a QR code."""

from .source import SourcedField


class QrCode(SourcedField):
    name = "QrCode"
    option = "fk_qr_value_column_id"
