"""What the fuzz run's requests refer to: a project with two linked tables holding a field of
every creatable type, records, views of every type, a filter, a sort, shared links, a
member, an API token, a stored file and an import job, all made through the API as a client
would. Two of everything: the *kept* objects are named by every request but deletions, which
get the *spare* ones, so a fuzzed DELETE cannot leave the rest of the run nothing to read."""

from __future__ import annotations

from dataclasses import dataclass, field

from workbench.testing.client import Client

META = "/api/v1/db/meta"
#: every view type, by its meta path
VIEW_PATHS = ("grids", "forms", "galleries", "kanbans", "calendars")


def _fields(ids: dict[str, str], other: dict) -> list[dict]:
    """A field of every creatable type (the link, lookup, rollup and count reach ``other``)."""
    return [
        {"title": "Notes", "uidt": "LongText"},
        {"title": "Mail", "uidt": "Email"},
        {"title": "Site", "uidt": "URL"},
        {"title": "Phone", "uidt": "PhoneNumber"},
        {"title": "Qty", "uidt": "Number"},
        {"title": "Price", "uidt": "Decimal"},
        {"title": "Cost", "uidt": "Currency"},
        {"title": "Share", "uidt": "Percent"},
        {"title": "Took", "uidt": "Duration"},
        {"title": "Stars", "uidt": "Rating"},
        {"title": "Vintage", "uidt": "Year"},
        {"title": "Due", "uidt": "Date"},
        {"title": "Seen", "uidt": "DateTime"},
        {"title": "At", "uidt": "Time"},
        {"title": "Done", "uidt": "Checkbox"},
        {"title": "Status", "uidt": "SingleSelect", "colOptions": {"options": [{"title": "todo"}, {"title": "done"}]}},
        {"title": "Tags", "uidt": "MultiSelect", "colOptions": {"options": [{"title": "a"}, {"title": "b"}]}},
        {"title": "Data", "uidt": "JSON"},
        {"title": "Shape", "uidt": "Geometry"},
        {"title": "Files", "uidt": "Attachment"},
        {"title": "Twice", "uidt": "Formula", "formula_raw": "{Qty} * 2"},
        {"title": "QR", "uidt": "QrCode", "fk_qr_value_column_id": ids["Name"]},
        {"title": "Bar", "uidt": "Barcode", "fk_barcode_value_column_id": ids["Name"]},
        {"title": "Others", "uidt": "Links", "parentId": ids["_table"], "childId": other["id"], "type": "mm"},
    ]


def _derived(ids: dict[str, str], other_ids: dict[str, str]) -> list[dict]:
    return [
        {
            "title": "Other names",
            "uidt": "Lookup",
            "fk_relation_column_id": ids["Others"],
            "fk_lookup_column_id": other_ids["Name"],
        },
        {
            "title": "Other qty",
            "uidt": "Rollup",
            "fk_relation_column_id": ids["Others"],
            "fk_rollup_column_id": other_ids["Qty"],
            "rollup_function": "sum",
        },
        {"title": "Other count", "uidt": "Count", "fk_relation_column_id": ids["Others"]},
    ]


@dataclass
class Objects:
    """The ids of one set (kept or spare), by the names of the path parameters."""

    values: dict[str, str] = field(default_factory=dict)
    #: view id by meta path (``grids``, ``forms``, ...)
    views: dict[str, str] = field(default_factory=dict)
    #: the stored file's key parts: project id, token, name
    file: tuple[str, str, str] | None = None
    #: the pieces of a temporary download link: expires, signature
    signed: tuple[str, str] | None = None


class World:
    def __init__(self, client: Client, admin: str):
        self.client = client
        self.admin = admin
        self.h = client.auth(admin)

    def call(self, method: str, path: str, body=None, **kw):
        if body is None and method in ("GET", "DELETE"):
            return getattr(self.client, method.lower())(path, headers=self.h, **kw).json
        return getattr(self.client, method.lower() + "_json")(path, body or {}, headers=self.h, **kw).json

    def build(self, label: str, member_email: str) -> Objects:
        objects = Objects()
        v = objects.values
        project = self.call("POST", f"{META}/projects", {"title": f"Fuzz {label}"})
        pid = v["project_id"] = project["id"]
        other = self.call(
            "POST",
            f"{META}/projects/{pid}/tables",
            {
                "title": "Others",
                "columns": [{"title": "Name", "uidt": "SingleLineText"}, {"title": "Qty", "uidt": "Number"}],
            },
        )
        other_ids = {c["title"]: c["id"] for c in self.call("GET", f"{META}/tables/{other['id']}")["columns"]}
        table = self.call(
            "POST",
            f"{META}/projects/{pid}/tables",
            {"title": "Things", "columns": [{"title": "Name", "uidt": "SingleLineText"}]},
        )
        ids = {
            "_table": table["id"],
            "Name": next(
                c["id"] for c in self.call("GET", f"{META}/tables/{table['id']}")["columns"] if c["title"] == "Name"
            ),
        }
        for body in _fields(ids, other):
            made = self.call("POST", f"{META}/tables/{table['id']}/columns", body)
            ids[body["title"]] = next(c["id"] for c in made["columns"] if c["title"] == body["title"])
        for body in _derived(ids, other_ids):
            self.call("POST", f"{META}/tables/{table['id']}/columns", body)
        v.update(table_id=table["id"], table_name=table["id"], column_id=ids["Qty"], field_id=ids["Others"])
        v.update(relation_type="mm", column_name=ids["Others"])
        records = f"/api/v2/tables/{table['id']}/records"
        rows = self.call(
            "POST",
            records,
            [
                {
                    "Name": f"thing {n}",
                    "Qty": n,
                    "Status": "todo",
                    "Tags": "a,b",
                    "Done": n % 2 == 0,
                    "Due": "2024-05-01",
                }
                for n in range(1, 6)
            ],
        )
        others = self.call(
            "POST", f"/api/v2/tables/{other['id']}/records", [{"Name": f"other {n}", "Qty": n} for n in range(1, 4)]
        )
        v.update(row_id=str(rows[0]["Id"]), record_id=str(rows[0]["Id"]), ref_row_id=str(others[0]["Id"]))
        self.call(
            "POST",
            f"/api/v2/tables/{table['id']}/links/{ids['Others']}/records/{rows[0]['Id']}",
            [{"Id": others[0]["Id"]}],
        )
        # Views of every type, a filter, a sort, and the grid's fields.
        grid = self.call("GET", f"{META}/tables/{table['id']}/views")["list"][0]
        objects.views["grids"] = grid["id"]
        for path in VIEW_PATHS[1:]:
            objects.views[path] = self.call("POST", f"{META}/tables/{table['id']}/{path}", {"title": f"A {path}"})["id"]
        v.update(view_id=grid["id"], view_name=grid["id"], view_path="grids")
        v["filter_id"] = self.call(
            "POST",
            f"{META}/views/{grid['id']}/filters",
            {"fk_column_id": ids["Qty"], "comparison_op": "gt", "value": "0"},
        )["id"]
        v["sort_id"] = self.call(
            "POST", f"{META}/views/{grid['id']}/sorts", {"fk_column_id": ids["Qty"], "direction": "desc"}
        )["id"]
        v["view_column_id"] = self.call("GET", f"{META}/grids/{grid['id']}/grid-columns")["list"][0]["id"]
        # Shared: the grid as a link, the project as a shared base.
        v["view_uuid"] = self.call("POST", f"{META}/views/{grid['id']}/share")["uuid"]
        v["base_uuid"] = self.call("POST", f"{META}/projects/{pid}/shared", {"roles": "viewer"})["uuid"]
        # A member, an API token, a stored file in a record, an import job waiting.
        self.call("POST", f"{META}/projects/{pid}/users", {"email": member_email, "roles": "editor"})
        users = self.call("GET", "/api/v1/users", params={"limit": 100})["list"]
        v["user_id"] = next(u["id"] for u in users if u["email"] == member_email)
        v["token_id"] = self.call("POST", "/api/v1/tokens", {"description": f"fuzz {label}"})["id"]
        [stored] = self.client.post(
            f"/api/v1/db/storage/upload?project_id={pid}",
            upload_files=[("file", "note.txt", b"hello")],
            headers=self.h,
        ).json
        self.call("PATCH", records, [{"Id": rows[0]["Id"], "Files": [stored]}])
        objects.file = tuple(stored["path"].split("/")[-3:])
        [read] = self.call("GET", f"{records}/{rows[0]['Id']}")["Files"]
        objects.signed = tuple(read["signedPath"].split("/")[5:7])
        job = self.client.post(
            f"{META}/projects/{pid}/imports",
            upload_files=[("file", "items.csv", b"Name,Qty\na,1\nb,2\n")],
            headers=self.h,
        ).json
        v["import_id"] = job["id"]
        v["kind"] = "csv"
        return objects
