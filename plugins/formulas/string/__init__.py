"""Text formula functions: CONCAT, LEFT, LEN, ... URLENCODE, ISBLANK, ISNOTBLANK."""

from workbench.plugin_api import hookimpl

from .blank import ISBLANK, ISNOTBLANK
from .parts import LEFT, MID, RIGHT, SEARCH, SUBSTR
from .regex import REGEX_EXTRACT, REGEX_MATCH, REGEX_REPLACE
from .text import CONCAT, LEN, LOWER, REPEAT, REPLACE, TRIM, UPPER
from .web import URL, URLENCODE


@hookimpl
def register_formula_functions():
    return [
        CONCAT,
        LEFT,
        LEN,
        LOWER,
        MID,
        REGEX_EXTRACT,
        REGEX_MATCH,
        REGEX_REPLACE,
        REPEAT,
        REPLACE,
        RIGHT,
        SEARCH,
        SUBSTR,
        TRIM,
        UPPER,
        URL,
        URLENCODE,
        ISBLANK,
        ISNOTBLANK,
    ]
