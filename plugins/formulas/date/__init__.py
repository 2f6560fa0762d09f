"""Date formula functions: DATEADD, DATETIME_DIFF, NOW, WEEKDAY, DATESTR, DAY, MONTH,
YEAR, HOUR, WEEKNUM, DATETIME_FORMAT, CREATED_TIME, LAST_MODIFIED_TIME. Timestamps are UTC
without time zone."""

from workbench.plugin_api import hookimpl

from .arithmetic import DATEADD, DATETIME_DIFF
from .format import DATESTR, DATETIME_FORMAT
from .parts import DAY, HOUR, MONTH, NOW, WEEKDAY, WEEKNUM, YEAR
from .record import CREATED_TIME, LAST_MODIFIED_TIME


@hookimpl
def register_formula_functions():
    return [
        DATEADD,
        DATETIME_DIFF,
        NOW,
        WEEKDAY,
        WEEKNUM,
        DATESTR,
        DAY,
        MONTH,
        YEAR,
        HOUR,
        DATETIME_FORMAT,
        CREATED_TIME,
        LAST_MODIFIED_TIME,
    ]
