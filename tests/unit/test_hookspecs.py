"""Every hook is documented: a docstring with summary, params and return contract, a
section in docs/plugins.md, and a ``test_hook_<name>`` test somewhere in the suite."""

import inspect
import re
from pathlib import Path

import pytest

from workbench import hookspecs

ROOT = Path(__file__).resolve().parents[2]
HOOKS = sorted(name for name, fn in vars(hookspecs).items() if inspect.isfunction(fn) and hasattr(fn, "workbench_spec"))
NAME_RE = re.compile(r"^(register_[a-z_]+s|configure_[a-z_]+|on_[a-z]+_[a-z]+)$")


def test_there_are_hooks():
    assert set(HOOKS) >= {
        "register_field_types",
        "register_view_types",
        "register_importers",
        "register_auth_providers",
        "register_formula_functions",
        "register_storage_backends",
        "configure_pyramid",
        "on_rows_changed",
        "on_meta_changed",
    }


@pytest.mark.parametrize("name", HOOKS)
def test_hook_is_named_by_pattern(name):
    assert NAME_RE.match(name), f"{name} does not follow register_<plural>/configure_<thing>/on_<noun>_<event>"


@pytest.mark.parametrize("name", HOOKS)
def test_hook_docstring_has_summary_params_and_return(name):
    fn = getattr(hookspecs, name)
    doc = inspect.getdoc(fn) or ""
    summary = doc.split("\n", 1)[0]
    assert summary.endswith("."), f"{name}: first line must be a one-line summary"
    for param in inspect.signature(fn).parameters:
        assert f":param {param}:" in doc, f"{name}: parameter {param} is not documented"
    assert ":return:" in doc, f"{name}: the return contract is not documented"


@pytest.mark.parametrize("name", HOOKS)
def test_hook_has_a_docs_section(name):
    text = (ROOT / "docs" / "plugins.md").read_text()
    assert f"### `{name}`" in text, f"docs/plugins.md has no section for {name}"


@pytest.mark.parametrize("name", HOOKS)
def test_hook_has_a_test(name):
    tests = "\n".join(p.read_text() for p in (ROOT / "tests").rglob("test_*.py"))
    assert re.search(rf"def test_hook_{name}\b", tests), f"no test_hook_{name} in tests/"
