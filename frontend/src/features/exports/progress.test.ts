import { deflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { csvRowCounter, occurrences, xlsxRowCounter } from "./progress";
import { fileNameOf } from "./download";

const bytes = (text: string) => new TextEncoder().encode(text);

/** Split `data` into pieces of `size` bytes (a stream's chunks). */
function pieces(data: Uint8Array, size: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = 0; i < data.length; i += size) out.push(data.subarray(i, i + size));
  return out;
}

describe("csvRowCounter", () => {
  it("counts records, not line ends inside quoted fields, whatever the chunks", () => {
    const text = 'Name,Notes\r\n"a","two\r\nlines"\r\nb,"quote "" and\nbreak"\r\nc,plain\r\n';
    for (const size of [1, 3, 7, 1000]) {
      const counter = csvRowCounter();
      pieces(bytes(text), size).forEach((p) => counter.push(p));
      expect(counter.rows()).toBe(3);
    }
  });

  it("counts nothing before the header has ended", () => {
    const counter = csvRowCounter();
    counter.push(bytes("Name,Qty"));
    expect(counter.rows()).toBe(0);
  });
});

describe("occurrences", () => {
  it("finds a pattern split over chunks", () => {
    const count = occurrences(bytes("</row>"));
    expect(count(bytes("<row>x</ro")) + count(bytes("w><row></r")) + count(bytes("ow></"))).toBe(2);
  });
});

/** A ZIP local file entry as the server streams it: header, deflated data, then more bytes. */
function zipEntry(name: string, content: string): Uint8Array {
  const nameBytes = bytes(name);
  const extra = new Uint8Array(20); // a zip64 extra field, as the server writes it
  const header = new Uint8Array(30);
  const view = new DataView(header.buffer);
  view.setUint32(0, 0x04034b50, true);
  view.setUint16(6, 0x08, true); // sizes follow the data
  view.setUint16(8, 8, true); // deflated
  view.setUint16(26, nameBytes.length, true);
  view.setUint16(28, extra.length, true);
  const data = deflateRawSync(Buffer.from(content));
  const trailer = bytes("PK\x07\x08 and the next entries of the archive");
  const out = new Uint8Array(header.length + nameBytes.length + extra.length + data.length + trailer.length);
  let at = 0;
  for (const part of [header, nameBytes, extra, new Uint8Array(data), trailer]) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

describe("xlsxRowCounter", () => {
  it("counts the worksheet's rows as its deflated data arrives", async () => {
    const rows = Array.from({ length: 500 }, (_, i) => `<row r="${i + 2}"><c><v>${i}</v></c></row>`).join("");
    const sheet = `<worksheet><sheetData><row r="1"><c t="inlineStr"><is><t>Qty</t></is></c></row>${rows}</sheetData></worksheet>`;
    const counter = xlsxRowCounter();
    for (const piece of pieces(zipEntry("xl/worksheets/sheet1.xml", sheet), 97)) counter.push(piece);
    await expect.poll(() => counter.rows()).toBe(500);
  });
});

describe("fileNameOf", () => {
  it("prefers the UTF-8 name, then the plain one, then the fallback", () => {
    expect(fileNameOf(`attachment; filename="Caf_-export.csv"; filename*=UTF-8''Caf%C3%A9-export.csv`, "x")).toBe("Café-export.csv");
    expect(fileNameOf('attachment; filename="Items-export.csv"', "x")).toBe("Items-export.csv");
    expect(fileNameOf(null, "export.xlsx")).toBe("export.xlsx");
  });
});
