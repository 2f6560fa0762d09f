import { describe, expect, it } from "vitest";
import { parseTsv, toTsv } from "./tsv";

describe("tsv", () => {
  it("splits rows and cells", () => {
    expect(parseTsv("a\tb\nc\td\n")).toEqual([["a", "b"], ["c", "d"]]);
    expect(parseTsv("a\tb\r\nc\td")).toEqual([["a", "b"], ["c", "d"]]);
    expect(parseTsv("one")).toEqual([["one"]]);
    expect(parseTsv("a\t\tc")).toEqual([["a", "", "c"]]);
  });

  it("reads quoted cells with tabs, line breaks and doubled quotes", () => {
    expect(parseTsv('"line 1\nline 2"\tx\ny\t"say ""hi"""')).toEqual([["line 1\nline 2", "x"], ["y", 'say "hi"']]);
    expect(parseTsv('"a\tb"')).toEqual([["a\tb"]]);
  });

  it("keeps a stray quote as text", () => {
    expect(parseTsv('5" screen\tok')).toEqual([['5" screen', "ok"]]);
    expect(parseTsv('"open\tx')).toEqual([['"open', "x"]]);
  });

  it("quotes what needs it and round-trips", () => {
    const rows = [["plain", "tab\there"], ['q"uote', "multi\nline"], ["", "end"]];
    const text = toTsv(rows);
    expect(text).toBe('plain\t"tab\there"\n"q""uote"\t"multi\nline"\n\tend');
    expect(parseTsv(text)).toEqual(rows);
  });
});
