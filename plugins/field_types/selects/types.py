"""SingleSelect stores one option title; MultiSelect stores titles joined by commas.

Options live in the column's ``col_options``: ``{"options": [{id, title, color, order}]}``.
A value naming an unknown option is refused with ``UnknownOptions`` unless the caller asks
to add it (``typecast``): the engine then calls ``add_unknown`` and saves the new options.
"""

from __future__ import annotations

from typing import ClassVar

import sqlalchemy as sa

from workbench.plugin_api import FieldType, FieldValueError, new_id, to_text, to_text_many
from workbench.plugin_api import operators as ops

PALETTE = ("#cfdffe", "#d0f1fd", "#c2f5e8", "#ffdaf6", "#ffdce5", "#fee2d5", "#ffeab6", "#d1f7c4", "#ede2fe", "#eeeeee")


class UnknownOptions(FieldValueError):
    def __init__(self, values: list[str]):
        super().__init__(f"unknown option{'s' if len(values) > 1 else ''}: {', '.join(values)}")
        self.values = values


def _titles_from_dtxp(dtxp: str) -> list[str]:
    return [part.strip().strip("'\"") for part in dtxp.split(",") if part.strip().strip("'\"")]


def _options_schema(multiple: bool) -> dict:
    """The settings: ``colOptions.options`` (titles or ``{id, title, color, order}``; an option
    keeping its id under a new title renames it), or the titles in ``dtxp`` ("'a','b'")."""
    title = {"type": "string", "minLength": 1, **({"pattern": "^[^,]*$"} if multiple else {})}
    option = {
        "type": "object",
        "required": ["title"],
        "properties": {
            "id": {"type": "string"},
            "title": title,
            "color": {"type": "string"},
            "order": {"type": "number"},
        },
    }
    return {
        "type": "object",
        "properties": {
            "colOptions": {
                "type": "object",
                "properties": {
                    "options": {"type": "array", "items": {"anyOf": [title, option]}, "title": "setting.options"}
                },
            },
            "dtxp": {"type": "string"},
        },
    }


class SingleSelect(FieldType):
    name = "SingleSelect"
    import_detects = "single_choice"
    import_converts = "text"
    icon = "selection"
    group = "choice"
    order = 310
    native_types = ("enum",)
    settings_schema = _options_schema(False)
    examples = (("a", "a"), ("b c", "b c"), ("", None), (None, None))
    invalid_examples = ("z", ["a"])
    example_column: ClassVar[dict] = {"col_options": {"options": [{"title": "a"}, {"title": "b c"}, {"title": "d"}]}}
    operators = ops.SINGLE_SELECT
    search = "like"
    dt = "text"

    def sql_type(self, dialect):
        return sa.Text()

    def json_schema(self):
        """One of the options' titles (or null)."""
        titles = self.option_titles
        return {"type": "string", "enum": [*titles, None]} if titles else {"type": "string"}

    # -- options ----------------------------------------------------------
    @property
    def option_titles(self) -> list[str]:
        options = (getattr(self.column, "col_options", None) or {}).get("options", [])
        return [o["title"] for o in options]

    def normalise_options(self, col_options, dtxp):
        raw = (col_options or {}).get("options")
        if raw is None and dtxp:
            raw = [{"title": t} for t in _titles_from_dtxp(dtxp)]
        options, seen = [], set()
        for index, item in enumerate(raw or []):
            item = {"title": item} if isinstance(item, str) else dict(item)
            title = to_text(item.get("title"))
            if not title or ("," in title and self.name == "MultiSelect"):
                raise FieldValueError(f"invalid option title {item.get('title')!r}")
            if title in seen:
                raise FieldValueError(f"duplicate option {title!r}")
            seen.add(title)
            options.append(
                {
                    "id": item.get("id") or new_id("sl_"),
                    "title": title,
                    "color": item.get("color") or PALETTE[index % len(PALETTE)],
                    "order": item.get("order", index + 1),
                }
            )
        return {"options": options}

    def add_unknown(self, values):
        current = (getattr(self.column, "col_options", None) or {}).get("options", [])
        known = {o["title"] for o in current}
        extra = [{"title": v} for v in dict.fromkeys(values) if v not in known]
        return self.normalise_options({"options": [*current, *extra]}, None) if extra else None

    def rename_value(self, value, renames):
        return renames.get(value, value) if isinstance(value, str) else value

    def _known_titles(self) -> set[str]:
        """The option titles as a set, kept while the column's options stay the same object
        (a batch checks every row against it)."""
        options = getattr(self.column, "col_options", None)
        cached = getattr(self, "_known", None)
        if cached is None or cached[0] is not options:
            cached = self._known = (options, frozenset(self.option_titles))
        return cached[1]

    def _check(self, titles: list[str]) -> None:
        known = self._known_titles()
        unknown = [t for t in titles if t not in known]
        if unknown:
            raise UnknownOptions(unknown)

    # -- values -----------------------------------------------------------
    def to_db(self, value):
        text = to_text(value)
        if text is None or text == "":
            return None
        self._check([text])
        return text

    def to_db_many(self, values):
        if type(self).to_db is not SingleSelect.to_db:
            return FieldType.to_db_many(self, values)
        texts = to_text_many(values)
        if "" in texts:
            texts = [None if text == "" else text for text in texts]
        titles = set(texts)
        titles.discard(None)
        if not titles <= self._known_titles():
            return FieldType.to_db_many(self, values)  # refused as the first unknown value is
        return texts

    def filter_value(self, text):
        return text

    def filter_clause(self, op, expr, args):
        if op in ("anyof", "nanyof"):
            values = [a.strip() for a in args if a.strip()]
            clause = expr.in_(values) if values else sa.false()
            return clause if op == "anyof" else sa.or_(sa.not_(clause), expr.is_(None))
        return NotImplemented


class MultiSelect(SingleSelect):
    name = "MultiSelect"
    import_detects = "multi_choice"
    value_schema: ClassVar[dict] = {"type": "string", "description": "comma-separated options"}

    def json_schema(self):
        return dict(self.value_schema)

    icon = "multi-select"
    order = 320
    native_types = ("set",)
    settings_schema = _options_schema(True)
    examples = ((["a", "d"], "a,d"), ("d, a", "d,a"), ("a,a", "a"), ([], None))
    invalid_examples = ("a,z", 5)
    operators = ops.MULTI_SELECT

    def to_db(self, value):
        if value is None:
            return None
        if isinstance(value, str):
            titles = [t.strip() for t in value.split(",")]
        elif isinstance(value, list):
            titles = [to_text(t).strip() for t in value]
        else:
            raise FieldValueError("expected a list of options or a comma-separated text")
        titles = list(dict.fromkeys(t for t in titles if t))
        if not titles:
            return None
        self._check(titles)
        return ",".join(titles)

    def rename_value(self, value, renames):
        if not isinstance(value, str):
            return value
        kept = [renames.get(t, t) for t in value.split(",")]
        return ",".join(t for t in kept if t is not None) or None

    def filter_clause(self, op, expr, args):
        values = [a.strip() for a in args if a.strip()]
        if op not in ("allof", "nallof", "anyof", "nanyof"):
            return NotImplemented
        wrapped = sa.literal(",") + expr + sa.literal(",")
        tests = [wrapped.contains(f",{v},", autoescape=True) for v in values]
        if not tests:
            return sa.true() if op.startswith("n") else sa.false()
        clause = sa.and_(*tests) if op in ("allof", "nallof") else sa.or_(*tests)
        return clause if op in ("allof", "anyof") else sa.or_(sa.not_(clause), expr.is_(None))
