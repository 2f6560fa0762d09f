"""The core names no built-in: every per-type decision is a capability the type answers
(``workbench.fields.interfaces``, ``workbench.views.types``), so a quoted name of a
field type, view type or importer of the installed plugins never appears in
``workbench/`` (migrations, which record history, and ``workbench/testing`` aside)."""

import pathlib
import re

import workbench
from workbench.plugins import load_plugins

ROOT = pathlib.Path(workbench.__file__).parent
SKIPPED = ("migrations", "testing")

#: quoted names that are not about a plugin, by file and the line's text: each says why
ALLOWED = {
    # the name of Pyramid's JSON renderer (the API's renderer replaces it)
    ("api.py", 'options = dict(view_kw, renderer="json")'),
    ("api.py", 'config.add_renderer("json", JSONRenderer())'),
    ("renderer.py", '"""A Pyramid renderer factory (``config.add_renderer("json", JSONRenderer())``)."""'),
    # the formula data type of JSON values, a formula language word
    ("formulas/types.py", 'JSON = "json"'),
    # catalogue words: how an export writes a value, and an auth provider's kind of sign-in
    (
        "plugins/describe.py",
        "EXPORT_FORMS = frozenset("
        '{"text", "number", "boolean", "date", "datetime", "json", "files", "records", "list"})',
    ),
    ("plugins/describe.py", '"kind": "redirect" if getattr(cls, "kind", "form") == "redirect" else "form",'),
    # the export formats in NocoDB's download paths (.../export/csv, .../export/excel)
    ("exports/services.py", 'WRITERS = {"csv": CsvWriter, "excel": XlsxWriter}'),
    # the extension of a downloaded CSV file's name
    ("exports/csv_out.py", 'extension = "csv"'),
}


def builtin_names() -> set[str]:
    registries = load_plugins({}).registries
    return {name for key in ("field_types", "view_types", "importers") for name in registries[key].names()}


def quoted_names(names: set[str], root: pathlib.Path = ROOT) -> list[tuple[str, int, str, str]]:
    """``(file relative to root, line number, line text, name)`` of every quoted name."""
    alternatives = "|".join(sorted(map(re.escape, names), key=len, reverse=True))
    pattern = re.compile(r"""(["'])(""" + alternatives + r""")\1""")
    found = []
    for path in sorted(root.rglob("*.py")):
        relative = path.relative_to(root)
        if relative.parts[0] in SKIPPED:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for match in pattern.finditer(line):
                found.append((relative.as_posix(), number, line.strip(), match.group(2)))
    return found


def test_the_installed_plugins_provide_the_names_looked_for():
    names = builtin_names()
    assert {"SingleLineText", "Attachment", "Links", "grid", "kanban", "csv"} <= names


def test_no_built_in_name_is_quoted_in_the_core():
    found = [
        f"workbench/{file}:{number}: {name}: {text}"
        for file, number, text, name in quoted_names(builtin_names())
        if (file, text) not in ALLOWED
    ]
    assert not found, "the core names built-in types; ask a capability instead:\n" + "\n".join(found)


def test_the_allow_list_has_no_stale_entry():
    seen = {(file, text) for file, _number, text, _name in quoted_names(builtin_names())}
    assert seen >= ALLOWED, f"allowed lines no longer there: {ALLOWED - seen}"


def test_the_check_finds_a_quoted_name(tmp_path):
    """The scan is not blind: a module quoting a built-in name is reported, one under
    ``migrations`` is not."""
    (tmp_path / "bad.py").write_text("KIND = 'Attachment'\n", encoding="utf-8")
    (tmp_path / "migrations").mkdir()
    (tmp_path / "migrations" / "old.py").write_text('KIND = "Attachment"\n', encoding="utf-8")
    assert quoted_names({"Attachment"}, tmp_path) == [("bad.py", 1, "KIND = 'Attachment'", "Attachment")]
