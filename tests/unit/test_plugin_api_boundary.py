"""Plugins import only ``workbench.plugin_api`` from Workbench: every module of the built-in
plugins (their tests aside, which may use ``workbench.testing``) is parsed and each
``import workbench...`` / ``from workbench... import`` must name the public API. A built-in
plugin may import another plugin's package only when it declares that it needs it."""

import ast
import importlib.metadata
import pathlib

import pytest

import workbench.plugin_api as plugin_api
from workbench.plugins import ENTRY_POINT_GROUP
from workbench.plugins.dependencies import declared_requires, keywords_of

ROOT = pathlib.Path(__file__).resolve().parents[2] / "plugins"
PACKAGE = "workbench_plugins"


def declared() -> dict[str, set[str]]:
    """Plugin -> the plugins it needs (and may import), as the distribution's metadata
    declares them (``workbench-requires:<plugin>:<dependency>`` keywords)."""
    dist = importlib.metadata.distribution("workbench")
    words = keywords_of(dist)
    names = {ep.name for ep in dist.entry_points if ep.group == ENTRY_POINT_GROUP}
    return {name: set(needs) for name in names if (needs := declared_requires(name, words))}


DECLARED = declared()


def plugin_packages() -> dict[str, str]:
    """Module path of each built-in plugin (``workbench_plugins.field_types.dates``) -> its
    entry-point name (``field_dates``)."""
    points = importlib.metadata.entry_points(group="workbench.plugins")
    return {ep.value: ep.name for ep in points if ep.value.startswith(PACKAGE + ".")}


def owner(module: str, packages: dict[str, str]) -> str | None:
    """The plugin whose package holds ``module``."""
    for path, name in packages.items():
        if module == path or module.startswith(path + "."):
            return name
    return None


def module_name(path: pathlib.Path, root: pathlib.Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([PACKAGE, *parts])


def imported_modules(tree: ast.AST, here: str, is_package: bool) -> list[tuple[int, str]]:
    """``(line, absolute module)`` of every import in a module (relative ones resolved)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here.split(".")
                base = base if is_package else base[:-1]
                base = base[: len(base) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found.append((node.lineno, module))
    return found


def violations(root: pathlib.Path, packages: dict[str, str], declared: dict[str, set[str]]) -> list[str]:
    problems = []
    for path in sorted(root.rglob("*.py")):
        if "tests" in path.relative_to(root).parts:
            continue
        here = module_name(path, root)
        mine = owner(here, packages)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for line, module in imported_modules(tree, here, path.name == "__init__.py"):
            where = f"{path.relative_to(root)}:{line}"
            if module == "workbench" or module.startswith("workbench."):
                if module != "workbench.plugin_api":
                    problems.append(f"{where}: imports {module} (only workbench.plugin_api is public)")
            elif module.startswith(PACKAGE + "."):
                other = owner(module, packages)
                if other is not None and other != mine and other not in declared.get(mine, set()):
                    problems.append(f"{where}: plugin {mine} imports plugin {other} without declaring it")
    return problems


def test_the_built_in_plugins_are_found():
    packages = plugin_packages()
    assert len(packages) > 20
    assert owner("workbench_plugins.field_types.dates.types", packages) == "field_dates"


def test_plugins_import_only_the_public_api():
    problems = violations(ROOT, plugin_packages(), DECLARED)
    assert not problems, "\n".join(problems)


def test_the_built_ins_declare_what_they_import():
    assert {
        "field_barcode": {"field_qrcode"},  # draws what QrCode's source field gives
        # date results read and written as Date / DateTime; text results shown as text shows them
        "field_formula": {"field_dates", "field_text"},
        # date rollups read and written as Date / DateTime; lookups and rollups follow links
        "field_lookup_rollup": {"field_dates", "field_links"},
    } == DECLARED


def test_every_declared_dependency_is_a_plugin():
    names = set(plugin_packages().values())
    for plugin, needs in DECLARED.items():
        assert plugin in names
        assert needs <= names


def test_the_check_sees_a_forbidden_import(tmp_path):
    """The scan is not blind: a core module imported by a plugin, or another plugin
    imported without a declaration, is reported; relative imports of its own package are not."""
    package = tmp_path / "field_types" / "stars"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(
        "from workbench.plugin_api import FieldType\n"
        "from workbench.fields.interfaces import FieldValueError\n"
        "from workbench_plugins.field_types.dates.types import Date\n"
        "from .types import Stars\n",
        encoding="utf-8",
    )
    packages = {**plugin_packages(), "workbench_plugins.field_types.stars": "field_stars"}
    problems = violations(tmp_path, packages, {})
    assert [p.split(": ", 1)[1] for p in problems] == [
        "imports workbench.fields.interfaces (only workbench.plugin_api is public)",
        "plugin field_stars imports plugin field_dates without declaring it",
    ]
    assert violations(tmp_path, packages, {"field_stars": {"field_dates"}})[1:] == []


def test_the_core_imports_no_plugin_package():
    """The core reaches plugins through the registries and capabilities, never by import
    (the built-in plugins' package included)."""
    core = ROOT.parent / "workbench"
    problems = []
    for path in sorted(core.rglob("*.py")):
        relative = path.relative_to(core)
        if relative.parts[0] == "testing":
            continue
        here = ".".join(["workbench", *relative.with_suffix("").parts]).removesuffix(".__init__")
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for line, module in imported_modules(tree, here, path.name == "__init__.py"):
            if module == PACKAGE or module.startswith(PACKAGE + "."):
                problems.append(f"workbench/{relative}:{line}: imports {module}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("name", plugin_api.__all__)
def test_every_public_name_is_there(name):
    assert hasattr(plugin_api, name)


def test_the_api_has_a_version():
    assert plugin_api.PLUGIN_API_VERSION == 1
