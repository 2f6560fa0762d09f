"""Logical formula functions: IF, SWITCH, AND, OR, XOR, NOT, TRUE, FALSE, BLANK."""

from workbench.plugin_api import hookimpl

from .boolean import AND, BLANK, FALSE, NOT, OR, TRUE, XOR
from .conditions import IF, SWITCH


@hookimpl
def register_formula_functions():
    return [IF, SWITCH, AND, OR, XOR, NOT, TRUE, FALSE, BLANK]
