"""Barcode: a virtual field showing another field's value, drawn as a barcode."""

from typing import ClassVar

from workbench_plugins.field_types.qrcode.source import SourcedField

from workbench.plugin_api import FieldValueError

from .render import DEFAULT_FORMAT, FORMATS


class Barcode(SourcedField):
    name = "Barcode"
    icon = "barcode"
    order = 550
    settings_schema: ClassVar[dict] = {
        "type": "object",
        "required": ["fk_barcode_value_column_id"],
        "properties": {
            "fk_barcode_value_column_id": {"type": "string", "title": "setting.source"},
            "meta": {
                "type": "object",
                "properties": {
                    "barcodeFormat": {
                        "type": "string",
                        "enum": list(FORMATS),
                        "default": DEFAULT_FORMAT,
                        "title": "setting.barcodeFormat",
                    }
                },
            },
        },
    }
    option = "fk_barcode_value_column_id"
    computed_example: ClassVar[dict] = {
        "body": {"colOptions": {"fk_barcode_value_column_id": "Source"}},
        "rows": (("5901234123457", "5901234123457"), (None, None)),
    }

    @property
    def barcode_format(self) -> str:
        return self.meta.get("barcodeFormat") or DEFAULT_FORMAT

    # -- ChecksMeta --------------------------------------------------------------
    def check_meta(self, meta: dict) -> dict:
        chosen = meta.get("barcodeFormat") or DEFAULT_FORMAT
        if not isinstance(chosen, str) or chosen.upper() not in FORMATS:
            raise FieldValueError(f"barcodeFormat must be one of {', '.join(FORMATS)}")
        return {**meta, "barcodeFormat": chosen.upper()}
