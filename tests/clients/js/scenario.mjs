// NocoDB's JavaScript SDK (nocodb-sdk, its Api class), unchanged, through a whole scenario
// against a live server: `node scenario.mjs http://127.0.0.1:PORT`. Each step prints a
// line; the first failure prints the step, the request and the answer, and exits with 1.
import assert from "node:assert/strict";
import sdk from "nocodb-sdk";

const { Api, UITypes } = sdk;

const baseURL = process.argv[2];
const email = "sdk-user@example.com";
const password = "Sdk-password-123";
let step = "start";

function client(headers = {}) {
  return new Api({ baseURL, headers });
}

async function refused(promise, status) {
  try {
    await promise;
  } catch (error) {
    assert.equal(error.response?.status, status, JSON.stringify(error.response?.data));
    return error.response.data;
  }
  assert.fail(`expected ${status}`);
}

async function run(name, fn) {
  step = name;
  const result = await fn();
  console.log(`ok ${name}`);
  return result;
}

async function main() {
  const anonymous = client();
  const { token: signupToken } = await run("sign up", () => anonymous.auth.signup({ email, password }));
  assert.ok(signupToken);
  const { token } = await run("sign in", () => anonymous.auth.signin({ email, password }));
  const api = client({ "xc-auth": token });
  await run("me", async () => {
    const me = await api.auth.me({});
    assert.equal(me.email, email);
    assert.ok(me.roles);
  });

  // Bases: the SDK sends POST /api/v1/db/meta/projects/ (with a trailing slash).
  const base = await run("base create", () => api.base.create({ title: "SDK base" }));
  await run("base list and read", async () => {
    const { list } = await api.base.list();
    assert.deepEqual(list.map((b) => b.title), ["SDK base"]);
    assert.equal((await api.base.read(base.id)).title, "SDK base");
    await api.base.update(base.id, { title: "SDK base 2" });
    assert.equal((await api.base.read(base.id)).title, "SDK base 2");
  });

  // Tables and columns of several types.
  const tasks = await run("table create", () =>
    api.dbTable.create(base.id, {
      table_name: "tasks",
      title: "Tasks",
      columns: [
        { column_name: "id", title: "Id", uidt: UITypes.ID },
        { column_name: "title", title: "Title", uidt: UITypes.SingleLineText },
        { column_name: "qty", title: "Qty", uidt: UITypes.Number },
        { column_name: "done", title: "Done", uidt: UITypes.Checkbox },
        { column_name: "due", title: "Due", uidt: UITypes.Date },
        { column_name: "status", title: "Status", uidt: UITypes.SingleSelect, dtxp: "'todo','doing','done'" },
        { column_name: "files", title: "Files", uidt: UITypes.Attachment },
      ],
    }),
  );
  await run("table with a taken title is refused", async () => {
    const answer = await refused(api.dbTable.create(base.id, { table_name: "tasks2", title: "Tasks", columns: [] }), 400);
    assert.equal(answer.msg, "Duplicate table alias");
  });
  const notes = await run("column create", async () => {
    const table = await api.dbTableColumn.create(tasks.id, { column_name: "notes", title: "Notes", uidt: UITypes.LongText });
    const column = table.columns.find((c) => c.title === "Notes");
    assert.equal(column.uidt, UITypes.LongText);
    return column;
  });
  await run("column update and table read", async () => {
    await api.dbTableColumn.update(notes.id, { title: "Remarks", column_name: "notes", uidt: UITypes.LongText });
    const table = await api.dbTable.read(tasks.id);
    assert.ok(table.columns.some((c) => c.title === "Remarks"));
    assert.ok(table.views.length >= 1);
    const { list } = await api.dbTable.list(base.id);
    assert.deepEqual(list.map((t) => t.title), ["Tasks"]);
  });

  // Records, v1 paths (by base and table ids and titles).
  await run("v1 create, bulk create, list, filter, sort", async () => {
    const one = await api.dbTableRow.create("noco", base.id, tasks.id, { Title: "first", Qty: 1, Status: "todo" });
    assert.equal(one.Id, 1);
    await api.dbTableRow.bulkCreate("noco", base.id, tasks.id, [
      { Title: "second", Qty: 2, Done: true, Status: "doing" },
      { Title: "third", Qty: 3, Due: "2024-05-01", Status: "done" },
    ]);
    const all = await api.dbTableRow.list("noco", base.id, tasks.id, {});
    assert.equal(all.pageInfo.totalRows, 3);
    const filtered = await api.dbTableRow.list("noco", "SDK base 2", "Tasks", { where: "(Qty,gt,1)", sort: "-Qty" });
    assert.deepEqual(filtered.list.map((r) => r.Title), ["third", "second"]);
    const limited = await api.dbTableRow.list("noco", base.id, tasks.id, { limit: 1, offset: 1, sort: "Qty" });
    assert.deepEqual(limited.list.map((r) => r.Title), ["second"]);
    const found = await api.dbTableRow.findOne("noco", base.id, tasks.id, { where: "(Title,eq,third)" });
    assert.equal(found.Qty, 3);
  });
  await run("v1 read, update, bulk update, delete, bulk delete", async () => {
    assert.equal((await api.dbTableRow.read("noco", base.id, tasks.id, 2, {})).Title, "second");
    await api.dbTableRow.update("noco", base.id, tasks.id, 2, { Qty: 20 }, {});
    assert.equal((await api.dbTableRow.read("noco", base.id, tasks.id, 2, {})).Qty, 20);
    await api.dbTableRow.bulkUpdate("noco", base.id, tasks.id, [{ Id: 1, Qty: 10 }, { Id: 3, Qty: 30 }]);
    const rows = await api.dbTableRow.list("noco", base.id, tasks.id, { sort: "Id" });
    assert.deepEqual(rows.list.map((r) => r.Qty), [10, 20, 30]);
    assert.equal(await api.dbTableRow.exist("noco", base.id, tasks.id, 3), true);
    await api.dbTableRow.delete("noco", base.id, tasks.id, 3, {});
    const made = await api.dbTableRow.bulkCreate("noco", base.id, tasks.id, [{ Title: "x" }, { Title: "y" }]);
    assert.equal(made.length, 2);
    await api.dbTableRow.bulkDelete("noco", base.id, tasks.id, made.map((r) => ({ Id: r.Id })));
    const left = await api.dbTableRow.list("noco", base.id, tasks.id, {});
    assert.deepEqual(left.list.map((r) => r.Title), ["first", "second"]);
  });

  // Records, v2 paths (by table id).
  await run("v2 create, list, filter, sort, read, update, delete, count", async () => {
    const made = await api.dbDataTableRow.create(tasks.id, [{ Title: "v2 a", Qty: 5 }, { Title: "v2 b", Qty: 6 }], {});
    assert.equal(made.length, 2);
    const page = await api.dbDataTableRow.list(tasks.id, { where: "(Qty,gte,5)", sort: "-Qty", limit: 10 });
    assert.deepEqual(page.list.map((r) => r.Title), ["second", "first", "v2 b", "v2 a"]);
    const id = made[0].Id;
    assert.equal((await api.dbDataTableRow.read(tasks.id, id, {})).Title, "v2 a");
    await api.dbDataTableRow.update(tasks.id, [{ Id: id, Title: "v2 a!" }], {});
    assert.equal((await api.dbDataTableRow.read(tasks.id, id, {})).Title, "v2 a!");
    await api.dbDataTableRow.delete(tasks.id, [{ Id: id }], {});
    assert.equal((await api.dbDataTableRow.count(tasks.id, {})).count, 3);
  });

  // Links: a many-to-many link field, linked and listed through v1 and v2.
  const tags = await run("second table", () =>
    api.dbTable.create(base.id, {
      table_name: "tags",
      title: "Tags",
      columns: [
        { column_name: "id", title: "Id", uidt: UITypes.ID },
        { column_name: "name", title: "Name", uidt: UITypes.SingleLineText },
      ],
    }),
  );
  const link = await run("link field", async () => {
    const table = await api.dbTableColumn.create(tasks.id, {
      title: "Tags",
      column_name: "tags",
      uidt: UITypes.LinkToAnotherRecord,
      parentId: tasks.id,
      childId: tags.id,
      type: "mm",
    });
    return table.columns.find((c) => c.title === "Tags");
  });
  await run("links", async () => {
    await api.dbDataTableRow.create(tags.id, [{ Name: "red" }, { Name: "blue" }, { Name: "green" }], {});
    await api.dbDataTableRow.nestedLink(tasks.id, link.id, 1, [{ Id: 1 }, { Id: 2 }], {});
    const linked = await api.dbDataTableRow.nestedList(tasks.id, link.id, 1, {});
    assert.deepEqual(linked.list.map((r) => r.Name).sort(), ["blue", "red"]);
    await api.dbDataTableRow.nestedUnlink(tasks.id, link.id, 1, [{ Id: 2 }], {});
    await api.dbTableRow.nestedAdd("noco", base.id, tasks.id, 1, "mm", "Tags", 3, {});
    const v1 = await api.dbTableRow.nestedList("noco", base.id, tasks.id, 1, "mm", "Tags", {});
    assert.deepEqual(v1.list.map((r) => r.Name).sort(), ["green", "red"]);
    await api.dbTableRow.nestedRemove("noco", base.id, tasks.id, 1, "mm", "Tags", 3);
    const excluded = await api.dbTableRow.nestedChildrenExcludedList("noco", base.id, tasks.id, 1, "mm", "Tags", {});
    assert.deepEqual(excluded.list.map((r) => r.Name).sort(), ["blue", "green"]);
  });

  // Views, their filters and sorts, and rows through a view.
  const view = await run("views", async () => {
    const grid = await api.dbView.gridCreate(tasks.id, { title: "Big ones" });
    await api.dbView.formCreate(tasks.id, { title: "Entry form" });
    await api.dbView.galleryCreate(tasks.id, { title: "Cards" });
    const { list } = await api.dbView.list(tasks.id);
    assert.deepEqual(list.map((v) => v.title).sort(), ["Big ones", "Cards", "Entry form", "Tasks"]);
    const columns = await api.dbViewColumn.list(grid.id);
    assert.ok(columns.list.length > 0);
    return grid;
  });
  await run("filters and sorts", async () => {
    const table = await api.dbTable.read(tasks.id);
    const qty = table.columns.find((c) => c.title === "Qty");
    const filter = await api.dbTableFilter.create(view.id, { fk_column_id: qty.id, comparison_op: "gte", value: "10" });
    await api.dbTableSort.create(view.id, { fk_column_id: qty.id, direction: "desc" });
    const filters = await api.dbTableFilter.read(view.id, {});
    assert.equal(filters.list.length, 1);
    assert.equal((await api.dbTableFilter.get(filter.id)).comparison_op, "gte");
    const sorts = await api.dbTableSort.list(view.id);
    assert.equal(sorts.list[0].direction, "desc");
    const rows = await api.dbViewRow.list("noco", base.id, tasks.id, view.id, {});
    assert.deepEqual(rows.list.map((r) => r.Qty), [20, 10]);
    const count = await api.dbViewRow.count("noco", base.id, tasks.id, view.id, {});
    assert.equal(count.count, 2);
    await api.dbTableFilter.update(filter.id, { fk_column_id: qty.id, comparison_op: "gte", value: "15" });
    const fewer = await api.dbViewRow.list("noco", base.id, tasks.id, view.id, {});
    assert.deepEqual(fewer.list.map((r) => r.Qty), [20]);
  });

  // A shared view, read without signing in.
  await run("shared view", async () => {
    const shared = await api.dbViewShare.create(view.id);
    assert.ok(shared.uuid);
    const listed = await api.dbViewShare.list(tasks.id);
    assert.ok(listed.list.some((s) => s.uuid === shared.uuid));
    const rows = await anonymous.public.dataList(shared.uuid, {});
    assert.deepEqual(rows.list.map((r) => r.Qty), [20]);
    const meta = await anonymous.public.sharedViewMetaGet(shared.uuid);
    assert.ok(meta.columns?.length || meta.model?.columns?.length);
  });

  // An attachment uploaded, then stored in a record.
  await run("attachment upload", async () => {
    const table = await api.dbTable.read(tasks.id);
    const files = table.columns.find((c) => c.title === "Files");
    const file = new File([Buffer.from("hello from the SDK")], "hello.txt", { type: "text/plain" });
    // The path NocoDB's own app sends: noco/<base id>/<table id>/<field id>.
    const uploaded = await api.storage.upload({ path: ["noco", base.id, tasks.id, files.id].join("/") }, { files: file });
    assert.equal(uploaded.length, 1);
    assert.equal(uploaded[0].title, "hello.txt");
    assert.equal(uploaded[0].size, 18);
    await api.dbDataTableRow.update(tasks.id, [{ Id: 1, Files: uploaded }], {});
    const row = await api.dbDataTableRow.read(tasks.id, 1, {});
    assert.equal(row.Files[0].title, "hello.txt");
    const link = row.Files[0].signedPath ?? row.Files[0].path;
    const response = await fetch(new URL(link, baseURL));
    assert.equal(await response.text(), "hello from the SDK");
  });

  // API tokens: a base's token, used through xc-token, then deleted.
  await run("API tokens", async () => {
    const made = await api.apiToken.create(base.id, { description: "sdk script" });
    assert.ok(made.token);
    const script = client({ "xc-token": made.token });
    const { list } = await script.dbDataTableRow.list(tasks.id, {});
    assert.equal(list.length, 3);
    const tokens = await api.apiToken.list(base.id);
    const listed = tokens.list.find((t) => t.description === "sdk script");
    assert.ok(listed);
    await api.apiToken.delete(base.id, listed.id);
    await refused(script.dbDataTableRow.list(tasks.id, {}), 401);
  });

  // Sign-out ends the access token at once.
  await run("sign out", async () => {
    assert.equal((await api.auth.signout()).msg, "Signed out successfully");
    await refused(api.base.list(), 401);
  });
}

main().catch((error) => {
  const response = error.response;
  console.log(`FAILED ${step}: ${error.message}`);
  if (response) {
    console.log(`  ${response.config?.method?.toUpperCase()} ${response.config?.url} -> ${response.status}`);
    console.log(`  ${JSON.stringify(response.data).slice(0, 2000)}`);
  } else if (error.stack) {
    console.log(error.stack);
  }
  process.exit(1);
});
