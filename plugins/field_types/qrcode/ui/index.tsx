// The UI of QrCode fields: a thumbnail of the record's QR code, larger on click.
import { definePlugin } from "@workbench/plugin-api";
import { codeUI } from "./codeCell";

const qr = codeUI("qrcode");

export default definePlugin({ id: "field_qrcode", setup: qr.setup, fieldTypes: { QrCode: { Cell: qr.Cell, Settings: qr.Settings, settingsOf: qr.settingsOf } } });
