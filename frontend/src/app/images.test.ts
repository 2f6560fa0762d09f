import { describe, expect, it } from "vitest";
import { IMAGE_WIDTHS, imageSrcSet } from "./images";

describe("image breakpoints", () => {
  it("are xs 320 to xxl 1536", () => {
    expect(IMAGE_WIDTHS).toEqual([320, 640, 768, 1024, 1280, 1536]);
  });

  it("give a srcset for signed links served by Workbench only", () => {
    const link = "/wb/api/v1/db/storage/dltemp/1/sig/p_1/tok/a.png";
    expect(imageSrcSet(link)).toBe(IMAGE_WIDTHS.map((w) => `${link}?w=${w} ${w}w`).join(", "));
    expect(imageSrcSet(`${link}?x=1`)?.startsWith(`${link}?x=1&w=320 320w, `)).toBe(true);
    expect(imageSrcSet("https://cdn.example.com/api/v1/db/storage/dltemp/a.png")).toBeUndefined();
    expect(imageSrcSet("/download/p_1/a.png")).toBeUndefined();
    expect(imageSrcSet(null)).toBeUndefined();
  });
});
