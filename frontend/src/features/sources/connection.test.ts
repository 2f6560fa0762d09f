import { describe, expect, it } from "vitest";
import type { CatalogueDatabaseClient } from "../../plugins/catalogue";
import { configOf, emptyForm } from "./connection";

const pg: CatalogueDatabaseClient = {
  name: "pg",
  plugin: "database_pg",
  label: "client.pg",
  icon: "database",
  order: 10,
  fields: ["host", "port", "user", "password", "database"],
  defaultPort: 5432,
  defaultSearchPath: ["public"],
  usesSearchPath: true,
  supportsSsl: true,
  fileBased: false,
  bundle: null,
};
const sqlite: CatalogueDatabaseClient = { ...pg, name: "sqlite3", fields: ["filename"], defaultPort: null, defaultSearchPath: [], usesSearchPath: false, supportsSsl: false, fileBased: true };

describe("the connection form", () => {
  it("starts with the client's defaults", () => {
    const form = emptyForm(pg);
    expect(form.port).toBe("5432");
    expect(form.searchPath).toBe("public");
    expect(form.sslMode).toBe("No");
  });

  it("sends NocoDB's config shape, with SSL files only when given", () => {
    const form = { ...emptyForm(pg), host: " db.example.com ", user: "ann", password: "pw", database: "shop", searchPath: "public, sales", sslMode: "Required-CA", ca: "-----BEGIN CERTIFICATE-----" };
    expect(configOf(form, pg)).toEqual({
      client: "pg",
      connection: { host: "db.example.com", port: 5432, user: "ann", password: "pw", database: "shop", ssl: { mode: "Required-CA", ca: "-----BEGIN CERTIFICATE-----" } },
      searchPath: ["public", "sales"],
    });
  });

  it("asks a file database for its file only", () => {
    expect(configOf({ ...emptyForm(sqlite), filename: " shop.db ", host: "ignored" }, sqlite)).toEqual({ client: "sqlite3", connection: { filename: "shop.db" } });
  });
});
