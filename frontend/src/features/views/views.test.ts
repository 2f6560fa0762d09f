import { describe, expect, it } from "vitest";
import type { Column } from "../tables/api";
import { cardFields, coverUrl } from "./Cards";
import { createPathOf, createViewBody, parseMeta, sharedViewUrl, validateViewTitle, viewKind, viewPath } from "./api";

const col = (id: string, uidt: string, extra: Partial<Column> = {}): Column => ({ id, title: id, uidt, ...extra });

describe("views api helpers", () => {
  it("reads the view type as NocoDB's number or as a name", () => {
    expect(viewKind({ type: 1 })).toBe("form");
    expect(viewKind({ type: 4 })).toBe("kanban");
    expect(viewKind({ type: "gallery" })).toBe("gallery");
    expect(viewKind({ type: 6 })).toBe("calendar");
    expect(viewKind({ type: 99 })).toBeNull();
  });

  it("builds the create body: the type's number, the title, its settings, or the view it copies", () => {
    expect(createViewBody({ tableId: "t", kind: "kanban", title: "K", settings: { fk_grp_col_id: "c1", fk_cover_image_col_id: "c2" } })).toEqual({
      title: "K", type: 4, fk_grp_col_id: "c1", fk_cover_image_col_id: "c2",
    });
    expect(createViewBody({ tableId: "t", kind: "calendar", title: "C", settings: { calendar_range: [{ fk_from_column_id: "d", fk_to_column_id: null }] } })).toEqual({
      title: "C", type: 6, calendar_range: [{ fk_from_column_id: "d", fk_to_column_id: null }],
    });
    expect(createViewBody({ tableId: "t", kind: "grid", title: "G2", copyFromId: "vw_1" })).toEqual({ title: "G2", type: 3, copy_from_id: "vw_1" });
  });

  it("create views under their type's path and read their settings there", () => {
    expect(createPathOf("gallery")).toBe("galleries");
    expect(createPathOf("calendar")).toBe("calendars");
  });

  it("checks view titles: required and unique in the table (case-insensitive), own title allowed", () => {
    expect(validateViewTitle(" ", [])).toBe("views.title.required");
    expect(validateViewTitle("grid", ["Grid"])).toBe("views.title.taken");
    expect(validateViewTitle("Grid", ["Grid"], "Grid")).toBeNull();
    expect(validateViewTitle("Board", ["Grid"])).toBeNull();
  });

  it("gives routes and public links", () => {
    expect(viewPath("p 1", "My table", null)).toBe("/nc/p%201/table/My%20table");
    expect(viewPath("p", "T", { title: "Default", is_default: true })).toBe("/nc/p/table/T");
    expect(viewPath("p", "T", { title: "By status", is_default: false })).toBe("/nc/p/table/T/By%20status");
    expect(sharedViewUrl({ type: 1, uuid: "u" }, "https://x")).toBe("https://x/nc/form/u");
    expect(sharedViewUrl({ type: 3, uuid: "u" }, "https://x")).toBe("https://x/nc/view/u");
    expect(sharedViewUrl({ type: 4, uuid: "u" }, "https://x")).toBe("https://x/nc/kanban/u");
    expect(parseMeta('{"allowCSVDownload":true}')).toEqual({ allowCSVDownload: true });
    expect(parseMeta("not json")).toEqual({});
  });

});

describe("cards", () => {
  it("show the display value first and leave out system, key and cover fields", () => {
    const columns = [col("id", "ID", { pk: true }), col("n", "Number"), col("t", "SingleLineText", { pv: true }), col("a", "Attachment")];
    expect(cardFields(columns, "a").map((c) => c.id)).toEqual(["t", "n"]);
  });

  it("follow a shared view's shown fields and their order", () => {
    const columns = [
      col("n", "Number", { show: true, view_column_order: 3 } as Partial<Column>),
      col("t", "SingleLineText", { pv: true, show: true, view_column_order: 2 } as Partial<Column>),
      col("h", "Number", { show: false, view_column_order: 1 } as Partial<Column>),
      col("d", "Date", { show: true, view_column_order: 1 } as Partial<Column>),
    ];
    expect(cardFields(columns).map((c) => c.id)).toEqual(["t", "d", "n"]);
  });
});

describe("card covers", () => {
  it("prefer the signed link, which loads in <img> without a token or password", () => {
    const file = { path: "api/v1/db/storage/download/p/t/a.png", signedPath: "api/v1/db/storage/signed/x/a.png", mimetype: "image/png" };
    expect(coverUrl([file])).toBe("/api/v1/db/storage/signed/x/a.png");
    expect(coverUrl(JSON.stringify([{ ...file, signedPath: undefined }]))).toBe("/api/v1/db/storage/download/p/t/a.png");
    expect(coverUrl([{ url: "https://x.org/a.png", signedUrl: "https://s3/x?sig" }])).toBe("https://s3/x?sig");
    expect(coverUrl([{ ...file, mimetype: "text/plain" }])).toBeNull();
    expect(coverUrl(null)).toBeNull();
  });
});
