import { describe, expect, it } from "vitest";
import { sharedBaseCapabilities } from "./sharedBase";

describe("a shared base's capabilities", () => {
  it("lets an editor link edit records but never the schema or the project", () => {
    expect(sharedBaseCapabilities("editor")).toEqual({
      comment: false,
      dataEdit: true,
      dataExport: true,
      viewConfigure: true,
      viewLock: false,
      schema: false,
      members: false,
      projectUpdate: false,
      projectDelete: false,
      audit: false,
      history: false,
      sources: false,
    });
  });

  it("keeps a viewer link, an unknown role or no role read-only", () => {
    for (const role of ["viewer", "owner", "creator", null, undefined]) {
      expect(Object.values(sharedBaseCapabilities(role)).some(Boolean)).toBe(false);
    }
  });
});
