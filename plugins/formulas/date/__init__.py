"""Date formula functions: DATEADD, DATETIME_DIFF, NOW, WEEKDAY, DATESTR, DAY, MONTH,
YEAR, HOUR, DATETIME_FORMAT. Timestamps are UTC without time zone."""

from workbench.hookspecs import hookimpl

from .arithmetic import DATEADD, DATETIME_DIFF
from .format import DATESTR, DATETIME_FORMAT
from .parts import DAY, HOUR, MONTH, NOW, WEEKDAY, YEAR


@hookimpl
def register_formula_functions():
    return [DATEADD, DATETIME_DIFF, NOW, WEEKDAY, DATESTR, DAY, MONTH, YEAR, HOUR, DATETIME_FORMAT]
