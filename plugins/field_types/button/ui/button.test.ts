// A URL button opens only web and mail addresses (an address without a scheme is taken as
// https), and draws NocoDB's colour names or a #rrggbb colour.
import { describe, expect, it } from "vitest";
import { COLORS, colorOf, safeAddress } from "./index";

describe("a URL button's address", () => {
  it("opens web and mail addresses", () => {
    expect(safeAddress("https://example.com/orders/1")).toBe("https://example.com/orders/1");
    expect(safeAddress("example.com/a b")).toBe("https://example.com/a%20b");
    expect(safeAddress("mailto:a@example.com")).toBe("mailto:a@example.com");
  });

  it("opens nothing else", () => {
    for (const bad of ["javascript:alert(1)", "data:text/html,hi", "  ", null, 42, "file:///etc/passwd"]) {
      expect(safeAddress(bad)).toBeNull();
    }
  });
});

describe("a button's colour", () => {
  it("is a colour name or #rrggbb", () => {
    expect(colorOf("red")).toBe(COLORS.red);
    expect(colorOf("#12ab9f")).toBe("#12ab9f");
    expect(colorOf("url(x)")).toBeNull();
    expect(colorOf(null)).toBeNull();
  });
});
