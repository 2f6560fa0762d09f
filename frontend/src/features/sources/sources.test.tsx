// Connecting a database to an existing project, and the table list grouped by database: the
// dialog posts the shared connection form to the project's sources, shows the server's
// message when it refuses, and closes with a toast when the tables are read; the list shows
// each database's name over its tables once there is more than one, and asks before removing.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { CatalogueDatabaseClient } from "../../plugins/catalogue";
import type { ProjectSource } from "../projects/api";
import type { TableMeta } from "../tables/api";
import { builtinCatalogue, renderWithProviders } from "../../test/renderWithProviders";
import { ConnectSourceDialog } from "./ConnectSourceDialog";
import { SourceTables } from "./SourceTables";
import { groupName, groupTables, sourceName } from "./grouping";

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
const boot = { catalogue: { ...builtinCatalogue, databaseClients: [pg] } };

const builtIn: ProjectSource = { id: "b_home", is_default: true, order: 1, type: "sqlite3", config: null };
const shop: ProjectSource = { id: "b_shop", is_default: false, order: 2, type: "pg", alias: null, config: { client: "pg", connection: { host: "db", database: "shop" } } };
const crm: ProjectSource = { ...shop, id: "b_crm", order: 3, alias: "Sales CRM" };
const table = (id: string, title: string, source_id: string): TableMeta => ({ id, title, source_id });

type Call = { url: string; method: string; body: unknown };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

function server(answer: (call: Call) => Response) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : null;
    const url = request ? request.url : String(input);
    const method = request ? request.method : (init?.method ?? "GET");
    const text = request ? await request.clone().text() : init?.body ? String(init.body) : "";
    const call = { url, method, body: text ? JSON.parse(text) : undefined };
    calls.push(call);
    return answer(call);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

describe("grouping tables by database", () => {
  it("is a plain list with one source, else the built-in database first, then by order", () => {
    const tables = [table("t1", "Notes", "b_home"), table("t2", "customers", "b_shop"), table("t3", "Lost", "b_gone")];
    expect(groupTables(tables, [builtIn])).toBeNull();
    expect(groupTables(tables, undefined)).toBeNull();
    const groups = groupTables(tables, [crm, shop, builtIn])!;
    expect(groups.map((g) => g.source.id)).toEqual(["b_home", "b_shop", "b_crm"]);
    // a table of an unknown source stays with the built-in database; an empty source keeps its group
    expect(groups.map((g) => g.tables.map((t) => t.title))).toEqual([["Notes", "Lost"], ["customers"], []]);
  });

  it("names a database by its alias, else its database or file", () => {
    expect(sourceName(crm)).toBe("Sales CRM");
    expect(sourceName({ ...crm, alias: "  " })).toBe("shop");
    expect(sourceName({ id: "b_x", config: { client: "sqlite3", connection: { filename: "shop.db" } } })).toBe("shop.db");
    // the project's own database is named by the caller's words
    expect(groupName(builtIn, "Built-in database")).toBe("Built-in database");
    expect(groupName(crm, "Built-in database")).toBe("Sales CRM");
  });
});

describe("connecting a database to a project", () => {
  it("posts the connection form with its name, shows a refusal, then closes on success", async () => {
    let refuse = true;
    const { fetch, calls } = server((call) => {
      if (call.url.endsWith("/api/v2/meta/bases/p_1/sources") && call.method === "POST")
        return refuse ? json(400, { msg: "password authentication failed for user \"ann\"" }) : json(200, { ...shop, alias: "Shop" });
      return json(404, { msg: "unexpected " + call.url });
    });
    const onClose = vi.fn();
    const onConnected = vi.fn();
    renderWithProviders(<ConnectSourceDialog projectId="p_1" isOpen onClose={onClose} onConnected={onConnected} />, { fetch, boot });

    // the shared form, with the client's defaults
    expect((screen.getByTestId("source-port") as HTMLInputElement).value).toBe("5432");
    expect((screen.getByTestId("source-searchPath") as HTMLInputElement).value).toBe("public");
    type("source-alias", " Shop ");
    type("source-host", "db.example.com");
    type("source-user", "ann");
    type("source-password", "wrong");
    type("source-database", "shop");
    fireEvent.click(screen.getByTestId("source-connect"));
    expect(await screen.findByTestId("source-error")).toHaveProperty("textContent", "password authentication failed for user \"ann\"");
    expect(onClose).not.toHaveBeenCalled();
    expect(calls[0].body).toEqual({
      alias: "Shop",
      config: {
        client: "pg",
        connection: { host: "db.example.com", port: 5432, user: "ann", password: "wrong", database: "shop", ssl: { mode: "No" } },
        searchPath: ["public"],
      },
    });

    refuse = false;
    type("source-password", "right");
    fireEvent.click(screen.getByTestId("source-connect"));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onConnected).toHaveBeenCalledWith(expect.objectContaining({ id: "b_shop" }));
    expect(calls).toHaveLength(2);
    expect((calls[1].body as { config: { connection: { password: string } } }).config.connection.password).toBe("right");
  });

  it("sends no name when none is given", async () => {
    const { fetch, calls } = server(() => json(200, shop));
    const onClose = vi.fn();
    renderWithProviders(<ConnectSourceDialog projectId="p_1" isOpen onClose={onClose} />, { fetch, boot });
    type("source-host", "db");
    fireEvent.click(screen.getByTestId("source-connect"));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect((calls[0].body as { alias: unknown }).alias).toBeNull();
  });
});

describe("the table list of a project with several databases", () => {
  const tables = [table("t1", "Notes", "b_home"), table("t2", "customers", "b_shop")];
  const props = { projectId: "p_1", tables, activeTitle: undefined, onOpen: () => undefined, onPrefetch: () => undefined };

  it("is plain with one database", () => {
    renderWithProviders(<SourceTables {...props} tables={[tables[0]]} sources={[builtIn]} mayManage onRemoved={() => undefined} />);
    expect(screen.queryAllByTestId("source-heading")).toHaveLength(0);
    expect(screen.getByTestId("table-list").textContent).toContain("Notes");
  });

  it("shows each database's name over its tables, and removes a connected one after asking", async () => {
    const { fetch, calls } = server((call) => (call.method === "DELETE" ? json(200, { msg: "The source has been deleted successfully" }) : json(404, {})));
    const onRemoved = vi.fn();
    renderWithProviders(<SourceTables {...props} sources={[builtIn, shop]} mayManage onRemoved={onRemoved} />, { fetch });
    const groups = screen.getAllByTestId("source-group");
    expect(groups.map((g) => within(g).getByTestId("source-heading").textContent)).toEqual(["Built-in database", "shop"]);
    expect(within(groups[1]).getByText("customers")).toBeTruthy();
    // only a connected database may be removed
    expect(within(groups[0]).queryByTestId("source-remove")).toBeNull();
    fireEvent.click(within(groups[1]).getByTestId("source-remove"));
    expect((await screen.findByTestId("source-remove-confirm")).textContent).toContain("The database itself is untouched");
    expect(calls).toHaveLength(0);
    fireEvent.click(screen.getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(onRemoved).toHaveBeenCalledWith("b_shop"));
    expect(calls[0]).toMatchObject({ method: "DELETE", url: expect.stringContaining("/api/v2/meta/bases/p_1/sources/b_shop") });
  });

  it("offers no removal to those who may not manage databases", () => {
    renderWithProviders(<SourceTables {...props} sources={[builtIn, shop]} mayManage={false} onRemoved={() => undefined} />);
    expect(screen.queryByTestId("source-remove")).toBeNull();
  });
});
