"""Parsing dates, date-times and times in the accepted formats."""

from __future__ import annotations

import datetime as dt

from workbench.plugin_api import FieldValueError

DATE_FORMATS = (
    "%Y-%m-%d",
    "%d-%m-%Y",
    "%m-%d-%Y",
    "%d/%m/%Y",
    "%m/%d/%Y",
    "%Y/%m/%d",
    "%Y %m %d",
    "%d %m %Y",
    "%m %d %Y",
    "%d %b %Y",
    "%Y.%m.%d",
    "%d.%m.%Y",
)
TIME_FORMATS = ("%H:%M:%S.%f", "%H:%M:%S", "%H:%M", "%I:%M %p", "%I:%M:%S %p")


def parse_date(value) -> dt.date:
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    text = str(value).strip()
    if len(text) == 10 and text[4] == "-":
        try:
            return dt.date.fromisoformat(text)
        except ValueError:
            pass
    for fmt in DATE_FORMATS:
        try:
            return dt.datetime.strptime(text, fmt).date()
        except ValueError:
            continue
    try:
        return parse_datetime(text).date()
    except FieldValueError:
        raise FieldValueError(f"{value!r} is not a date") from None


def parse_datetime(value) -> dt.datetime:
    """A naive UTC datetime; an offset in the text is converted to UTC."""
    if isinstance(value, dt.datetime):
        moment = value
    elif isinstance(value, dt.date):
        moment = dt.datetime.combine(value, dt.time())
    else:
        text = str(value).strip().replace("Z", "+00:00")
        try:
            moment = dt.datetime.fromisoformat(text)
        except ValueError:
            moment = None
            for date_fmt in DATE_FORMATS:
                for time_fmt in ("", *(" " + f for f in TIME_FORMATS)):
                    try:
                        moment = dt.datetime.strptime(text, date_fmt + time_fmt)
                        break
                    except ValueError:
                        continue
                if moment:
                    break
            if moment is None:
                raise FieldValueError(f"{value!r} is not a date and time") from None
    if moment.tzinfo is not None:
        moment = moment.astimezone(dt.UTC).replace(tzinfo=None)
    return moment


def parse_time(value) -> dt.time:
    if isinstance(value, dt.datetime):
        return value.time()
    if isinstance(value, dt.time):
        return value
    text = str(value).strip()
    for fmt in TIME_FORMATS:
        try:
            return dt.datetime.strptime(text, fmt).time()
        except ValueError:
            continue
    try:
        return parse_datetime(text).time()
    except FieldValueError:
        raise FieldValueError(f"{value!r} is not a time") from None
