import { describe, expect, it } from "vitest";
import { isoTimestamp, textPieces } from "./display";

describe("text as a cell shows it", () => {
  it("turns URI::(…) into links, with their labels", () => {
    expect(textPieces("see URI::(https://example.com/a?b=1) now")).toEqual([
      "see ",
      { href: "https://example.com/a?b=1", label: "https://example.com/a?b=1" },
      " now",
    ]);
    expect(textPieces("URI::(example.org) LABEL::(Example)")).toEqual([{ href: "http://example.org/", label: "Example" }]);
    expect(textPieces("URI::(mailto:a@b.org)")).toEqual([{ href: "mailto:a@b.org", label: "mailto:a@b.org" }]);
    expect(textPieces("a URI::(x.org) b URI::(y.org) LABEL::(Y)")).toHaveLength(4);
  });

  it("never makes a link of another scheme or of nothing", () => {
    expect(textPieces("URI::(javascript:alert(1))")).toEqual(["javascript:alert(1", ")"]);
    expect(textPieces("URI::(data:text/html,hi) LABEL::(x)")).toEqual(["x"]);
    expect(textPieces("URI::()")).toEqual([""]);
    expect(textPieces("no links here")).toEqual(["no links here"]);
  });

  it("shows whole ISO timestamps as YYYY-MM-DD HH:mm in local time", () => {
    expect(isoTimestamp("2024-05-01T09:30")).toBe("2024-05-01 09:30");
    expect(isoTimestamp("2024-05-01T09:30:15.250")).toBe("2024-05-01 09:30");
    const utc = new Date(Date.UTC(2024, 4, 1, 9, 30));
    const local = `${utc.getFullYear()}-${String(utc.getMonth() + 1).padStart(2, "0")}-${String(utc.getDate()).padStart(2, "0")} ${String(utc.getHours()).padStart(2, "0")}:${String(utc.getMinutes()).padStart(2, "0")}`;
    expect(isoTimestamp("2024-05-01T09:30:00Z")).toBe(local);
    expect(isoTimestamp("2024-05-01T09:30:00+00:00")).toBe(local);
  });

  it("leaves other text alone", () => {
    for (const text of ["2024-05-01", "on 2024-05-01T09:30", "2024-13-45T99:99Z", "2024-13-45T09:30", "2024-01-01T24:00", "09:30", ""]) {
      expect(isoTimestamp(text)).toBeNull();
    }
  });
});
