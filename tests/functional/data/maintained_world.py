"""A small world of linked tables for the tests of maintained aggregates: Parents has-many
Kids and many-to-many Tags, with counts, rollups of every function and a formula over a
rollup on Parents; and the same aggregates computed by correlated SQL written here over
the physical tables, to compare with what the API reads."""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.orm import Session

from workbench.data.maintained import FORMULA_DIALECTS
from workbench.projects.models import Source
from workbench.testing.tables import create_table

FUNCTIONS = ("count", "sum", "min", "max", "avg", "countDistinct", "sumDistinct", "avgDistinct")
#: rollup title → (link title, linked field title, function)
ROLLUPS = {
    **{f"Pages {fn}": ("Kids", "Pages", fn) for fn in FUNCTIONS},
    "Ratio sum": ("Kids", "Ratio", "sum"),
    "Ratio max": ("Kids", "Ratio", "max"),
    "Weight sum": ("Tags", "Weight", "sum"),
    "Weight min": ("Tags", "Weight", "min"),
    "Weight avg": ("Tags", "Weight", "avg"),
}
COUNTS = {"Kid count": "Kids", "Tag count": "Tags"}
SCORE = "{Pages sum} * 2 + {Qty}"


class World:
    def __init__(self, client, admin, app):
        self.client, self.app = client, app
        self.h = client.auth(admin)
        self.project = client.create_project(admin, "Maintained")
        pid = self.project["id"]
        self.parents = create_table(
            client, admin, pid, "Parents", [{"title": "Name"}, {"title": "Qty", "uidt": "Number"}]
        )
        self.kids = create_table(
            client, admin, pid, "Kids", [{"title": "Pages", "uidt": "Number"}, {"title": "Ratio", "uidt": "Percent"}]
        )
        self.tags = create_table(client, admin, pid, "Tags", [{"title": "Weight", "uidt": "Number"}])
        self.add("parents", {"title": "Kids", "uidt": "Links", "childId": self.kids["id"], "type": "hm"})
        self.add("parents", {"title": "Tags", "uidt": "Links", "childId": self.tags["id"], "type": "mm"})
        for title, link in COUNTS.items():
            self.add(
                "parents", {"title": title, "uidt": "Count", "fk_relation_column_id": self.col("parents", link)["id"]}
            )
        for title, (link, target, fn) in ROLLUPS.items():
            table = "kids" if link == "Kids" else "tags"
            options = {
                "fk_relation_column_id": self.col("parents", link)["id"],
                "fk_rollup_column_id": self.col(table, target)["id"],
                "rollup_function": fn,
            }
            self.add("parents", {"title": title, "uidt": "Rollup", "colOptions": options})
        self.add("parents", {"title": "Score", "uidt": "Formula", "formula_raw": SCORE})
        self._statement = None
        self.fk = next(c for c in self.meta("kids")["columns"] if c["uidt"] == "ForeignKey")

    # -- meta --------------------------------------------------------------------
    def add(self, table, body, status=200):
        url = f"/api/v1/db/meta/tables/{getattr(self, table)['id']}/columns"
        return self.client.post_json(url, body, headers=self.h, status=status).json

    def meta(self, table):
        return self.client.get(f"/api/v1/db/meta/tables/{getattr(self, table)['id']}", headers=self.h).json

    def col(self, table, title):
        return next(c for c in self.meta(table)["columns"] if c["title"] == title)

    # -- records -----------------------------------------------------------------
    def url(self, table):
        return f"/api/v2/tables/{getattr(self, table)['id']}/records"

    def insert(self, table, rows):
        return self.client.post_json(self.url(table), rows, headers=self.h).json

    def update(self, table, rows):
        return self.client.patch_json(self.url(table), rows, headers=self.h).json

    def delete(self, table, ids):
        return self.client.delete_json(self.url(table), [{"Id": i} for i in ids], headers=self.h).json

    def link(self, field, row_id, ids, method="post"):
        link = self.col("parents", field)
        url = f"/api/v2/tables/{self.parents['id']}/links/{link['id']}/records/{row_id}"
        call = self.client.post_json if method == "post" else self.client.delete_json
        return call(url, list(ids), headers=self.h).json

    def linked(self, field, row_id) -> list[int]:
        link = self.col("parents", field)
        url = f"/api/v2/tables/{self.parents['id']}/links/{link['id']}/records/{row_id}"
        return [r["Id"] for r in self.client.get(url, params={"limit": 1000}, headers=self.h).json["list"]]

    def rows(self, table="parents", **params):
        params = {"limit": 1000, **params}
        return self.client.get(self.url(table), params=params, headers=self.h).json["list"]

    def ids(self, table) -> list[int]:
        return [r["Id"] for r in self.rows(table, fields="Id")]

    # -- the physical tables -------------------------------------------------------
    def engine(self):
        with Session(self.app.registry["db_engine"]) as session:
            source = session.scalars(sa.select(Source).where(Source.project_id == self.project["id"])).first()
            session.expunge(source)
        return self.app.registry["source_engines"].get(source)

    def correlated(self) -> dict[int, dict]:
        """Every aggregate of every parent, by correlated sub-selects over the physical tables."""
        if self._statement is None:
            self._statement = self._correlated_statement()
        statement, qty, titles = self._statement
        with self._engine.connect() as connection:
            result = connection.execute(statement).mappings().all()
        found = {}
        for row in result:
            values = {title: number(row[title]) for title in titles}
            for title, (_link, _target, fn) in ROLLUPS.items():
                if fn.startswith("count") and values[title] is None:
                    values[title] = 0
            pages_sum, qty_value = values["Pages sum"], row[qty]
            values["Score"] = None if pages_sum is None or qty_value is None else number(pages_sum * 2 + qty_value)
            found[row["id"]] = values
        return found

    def _correlated_statement(self):
        self._engine = self.engine()
        parents, kids, tags = (self.meta(t) for t in ("parents", "kids", "tags"))
        names = {c["title"]: c["column_name"] for t in (parents, kids, tags) for c in t["columns"]}
        mm = self.col("parents", "Tags")["colOptions"]
        physical = mm["physical"]
        p = sa.table(parents["table_name"], sa.column("id"), sa.column(names["Qty"]))
        k = sa.table(kids["table_name"], sa.column("id"), sa.column(names["Pages"]), sa.column(names["Ratio"]))
        k.append_column(sa.column(self.fk["column_name"]))
        t = sa.table(tags["table_name"], sa.column("id"), sa.column(names["Weight"]))
        j_src = physical["columns"][mm["fk_mm_child_column_id"]]
        j_rel = physical["columns"][mm["fk_mm_parent_column_id"]]
        j = sa.table(physical["tables"][mm["fk_mm_model_id"]], sa.column(j_src), sa.column(j_rel))
        kid_rows = sa.select().select_from(k).where(k.c[self.fk["column_name"]] == p.c.id)
        tag_rows = sa.select().select_from(t.join(j, j.c[j_rel] == t.c.id)).where(j.c[j_src] == p.c.id)
        columns = {
            "Kid count": kid_rows.add_columns(sa.func.count()),
            "Tag count": tag_rows.add_columns(sa.func.count()),
        }
        for title, (link, target, fn) in ROLLUPS.items():
            rows, table = (kid_rows, k) if link == "Kids" else (tag_rows, t)
            value = table.c[names[target]]
            name = fn.removesuffix("Distinct")
            if fn.endswith("Distinct"):
                value = value.distinct()
            columns[title] = rows.add_columns(getattr(sa.func, name)(value))
        statement = sa.select(p.c.id, p.c[names["Qty"]], *(s.scalar_subquery().label(n) for n, s in columns.items()))
        return statement, names["Qty"], list(columns)

    def keeps_formulas(self) -> bool:
        return self.engine().dialect.name in FORMULA_DIALECTS

    def helper_values(self, title: str) -> dict[int, object]:
        """A kept field's helper column as stored, by record id."""
        column = self.col("parents", title)["id"]
        table = sa.table(self.parents["table_name"], sa.column("id"), sa.column(f"_wb_m_{column}"))
        with self.engine().connect() as connection:
            return {row[0]: number(row[1]) for row in connection.execute(sa.select(*table.c))}

    def api(self) -> dict[int, dict]:
        titles = ["Id", *COUNTS, *ROLLUPS, "Score"]
        return {r["Id"]: {t: number(r[t]) for t in titles if t != "Id"} for r in self.rows(fields=",".join(titles))}


def number(value):
    """A number as the API shows it: whole floats as integers."""
    if value is None:
        return None
    value = float(value)
    return int(value) if value.is_integer() else value
