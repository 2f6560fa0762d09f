// The UI of Barcode fields: a thumbnail of the record's barcode, larger on click.
import { definePlugin } from "@workbench/plugin-api";
import { codeUI } from "../../qrcode/ui/codeCell";

const code = codeUI("barcode");

export default definePlugin({ id: "field_barcode", setup: code.setup, fieldTypes: { Barcode: { Cell: code.Cell, Settings: code.Settings, settingsOf: code.settingsOf } } });
