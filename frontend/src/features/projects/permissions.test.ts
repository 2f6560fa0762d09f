import { describe, expect, it } from "vitest";
import { canCreateProjects, capabilities } from "./permissions";

describe("project capabilities", () => {
  it("follow the project roles", () => {
    expect(capabilities({ owner: true })).toEqual({
      comment: true, dataExport: true, dataEdit: true, viewConfigure: true, viewLock: true, schema: true, sources: true, members: true, projectUpdate: true, projectDelete: true,
      audit: true, history: true,
    });
    // owners and creators read the audit log; every role reads a record's history
    expect(capabilities({ creator: true }).audit).toBe(true);
    expect(capabilities({ editor: true })).toMatchObject({ audit: false, history: true });
    expect(capabilities({ creator: true }).projectDelete).toBe(false);
    expect(capabilities({ creator: true }).schema).toBe(true);
    // owners and creators connect and remove databases, as the server allows
    expect(capabilities({ creator: true }).sources).toBe(true);
    expect(capabilities({ editor: true }).sources).toBe(false);
    expect(capabilities({ editor: true })).toMatchObject({ dataEdit: true, viewConfigure: true, viewLock: false, schema: false, members: false });
    // viewers download records and do nothing else the UI hides; commenters also comment
    expect(capabilities({ viewer: true })).toMatchObject({ comment: false, dataExport: true, dataEdit: false, viewConfigure: false });
    const commenter = capabilities({ commenter: true, "org-level-creator": true });
    expect(Object.entries(commenter).filter(([, held]) => held).map(([name]) => name)).toEqual(["comment", "dataExport", "history"]);
    expect(Object.values(capabilities({ "org-level-creator": true })).some(Boolean)).toBe(false);
    expect(capabilities({ super: true }).projectDelete).toBe(true);
  });

  it("in preview mode count only the previewed role", () => {
    expect(capabilities({ owner: true }, "viewer").dataEdit).toBe(false);
    expect(capabilities({ viewer: true }, "editor").dataEdit).toBe(true);
  });

  it("let org-level creators and the super admin create projects", () => {
    expect(canCreateProjects({ "org-level-creator": true })).toBe(true);
    expect(canCreateProjects({ super: true })).toBe(true);
    expect(canCreateProjects({ "org-level-viewer": true })).toBe(false);
  });
});
