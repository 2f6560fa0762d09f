import { describe, expect, it } from "vitest";
import { contrastLevel, contrastRatio, DARK_TEXT, LIGHT_TEXT, luminance, readableText, rgb } from "./contrast";
import { BRAND_PALETTE, DARK_PASTELS, LIGHT_PASTELS, ROLE_COLOURS } from "./palettes";

describe("contrast of text on a colour", () => {
  it("reads hex colours of 3 and 6 digits only", () => {
    expect(rgb("#fff")).toEqual([255, 255, 255]);
    expect(rgb("4351E8")).toEqual([67, 81, 232]);
    expect(rgb("#abcd")).toBeNull();
    expect(rgb("red")).toBeNull();
  });

  it("computes WCAG luminance and ratios", () => {
    expect(luminance("#000")).toBe(0);
    expect(luminance("#fff")).toBe(1);
    expect(contrastRatio("#000", "#fff")).toBe(21);
    expect(contrastRatio("#fff", "#000")).toBe(21);
    expect(contrastRatio("#777", "#777")).toBe(1);
    // Known pairs: #777 on white is 4.48:1, #767676 the lightest grey passing AA (4.54:1).
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
  });

  it("tells the AA and AAA levels for small and large text", () => {
    expect(contrastLevel(7)).toBe("AAA");
    expect(contrastLevel(6.99)).toBe("AA");
    expect(contrastLevel(4.5)).toBe("AA");
    expect(contrastLevel(4.49)).toBe("fail");
    expect(contrastLevel(4.5, "large")).toBe("AAA");
    expect(contrastLevel(3, "large")).toBe("AA");
    expect(contrastLevel(2.99, "large")).toBe("fail");
  });

  it("picks white text on dark colours and dark text on light ones", () => {
    expect(readableText("#4351E8")).toBe(LIGHT_TEXT);
    expect(readableText("#1C2127")).toBe(LIGHT_TEXT);
    expect(readableText("#FFF4BA")).toBe(DARK_TEXT);
    expect(readableText("#ffffff")).toBe(DARK_TEXT);
  });

  it("keeps text on every palette and role colour readable (AA for small text)", () => {
    for (const colour of [...LIGHT_PASTELS, ...DARK_PASTELS, ...BRAND_PALETTE, ...Object.values(ROLE_COLOURS)]) {
      expect(contrastLevel(contrastRatio(colour, readableText(colour))), colour).not.toBe("fail");
    }
    expect(LIGHT_PASTELS).toHaveLength(10);
    expect(DARK_PASTELS).toHaveLength(10);
    expect(BRAND_PALETTE).toHaveLength(18);
    expect(Object.keys(ROLE_COLOURS).sort()).toEqual(["commenter", "creator", "editor", "owner", "super", "viewer"]);
  });
});
