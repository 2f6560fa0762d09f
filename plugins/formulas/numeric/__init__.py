"""Numeric formula functions: ABS, ADD, AVG, CEILING, COUNT, ... VALUE."""

from workbench.plugin_api import hookimpl

from .aggregate import ADD, AVG, COUNT, COUNTA, COUNTALL, MAX, MIN
from .math import ABS, EXP, LOG, MOD, POWER, SQRT, VALUE
from .rounding import CEILING, EVEN, FLOOR, INT, ODD, ROUND, ROUNDDOWN, ROUNDUP


@hookimpl
def register_formula_functions():
    return [
        ABS,
        ADD,
        AVG,
        CEILING,
        COUNT,
        COUNTA,
        COUNTALL,
        EVEN,
        EXP,
        FLOOR,
        INT,
        LOG,
        MAX,
        MIN,
        MOD,
        ODD,
        POWER,
        ROUND,
        ROUNDDOWN,
        ROUNDUP,
        SQRT,
        VALUE,
    ]
