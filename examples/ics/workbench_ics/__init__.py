"""iCalendar: an importer for Workbench that reads the events of ``.ics`` files.

Each event (``VEVENT``) becomes a record with its summary, start, end, location and
description; dates stay dates (all-day events) and times become date-times as written. The
upload's ``since`` option (a date, ``YYYY-MM-DD``) keeps only the events
that start on or after it. The file is read line by line, never whole.
"""

from __future__ import annotations

import datetime as dt
import io
import os
import re

from workbench.plugin_api import Importer, ImportFileError, Sheet, hookimpl

HEADER = ["Summary", "Start", "End", "Location", "Description"]
FIELDS = {"SUMMARY": 0, "DTSTART": 1, "DTEND": 2, "LOCATION": 3, "DESCRIPTION": 4}
_DATE = re.compile(r"^(\d{4})(\d{2})(\d{2})$")
_DATETIME = re.compile(r"^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(Z?)$")
_ESCAPES = {"n": "\n", "N": "\n", "\\": "\\", ";": ";", ",": ","}


def unescape(text: str) -> str:
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), m.group(1)), text)


def parse_when(params: str, value: str):
    """A ``DTSTART``/``DTEND`` value: a date, or a date-time as written (in UTC when it ends
    in ``Z``; a ``TZID`` parameter is not applied)."""
    value = value.strip()
    if match := _DATE.match(value):
        return dt.date(*map(int, match.groups()))
    if match := _DATETIME.match(value):
        return dt.datetime(*map(int, match.groups()[:6]))
    raise ImportFileError(f"Cannot read the date {value!r}")


def parse_since(value) -> dt.date | None:
    if value in (None, ""):
        return None
    try:
        return dt.date.fromisoformat(str(value))
    except ValueError:
        raise ImportFileError("The option since must be a date written YYYY-MM-DD") from None


def content_lines(stream):
    """The file's content lines, folded lines joined (a line starting with a space or a tab
    continues the one before)."""
    current = None
    for raw in stream:
        line = raw.rstrip("\r\n")
        if line[:1] in (" ", "\t") and current is not None:
            current += line[1:]
            continue
        if current is not None:
            yield current
        current = line
    if current is not None:
        yield current


class IcsImporter(Importer):
    name = "ics"
    label = "label"
    icon = "calendar"
    extensions = ("ics", "ical")
    media_types = ("text/calendar",)
    header_row = False  # the columns are the events' properties, not a row of the file
    offered_options = ("encoding",)
    option_keys = ("since",)

    def sheets(self, path):
        since = parse_since(self.options.get("since"))
        name = os.path.splitext(os.path.basename(path))[0]
        with open(path, "rb") as raw:
            head = raw.read(64).lstrip(b"\xef\xbb\xbf").lstrip()
        if not head.upper().startswith(b"BEGIN:VCALENDAR"):
            raise ImportFileError("The file is not an iCalendar file (it does not begin with BEGIN:VCALENDAR)")
        yield Sheet(name=name, header=list(HEADER), rows=self._events(path, since))

    def _events(self, path, since):
        encoding = self.options.get("encoding") or "utf-8"
        with open(path, "rb") as raw:
            text = io.TextIOWrapper(raw, encoding="utf-8-sig" if encoding == "utf-8" else encoding, newline="")
            event = None
            try:
                for line in content_lines(text):
                    if "\x00" in line:
                        raise ImportFileError("The file is not a text file")
                    upper = line.upper()
                    if upper == "BEGIN:VEVENT":
                        event = [None] * len(HEADER)
                    elif upper == "END:VEVENT" and event is not None:
                        start = event[1]
                        if since is None or (start is not None and _day(start) >= since):
                            yield event
                        event = None
                    elif event is not None and ":" in line:
                        key, value = line.split(":", 1)
                        prop, _, params = key.partition(";")
                        index = FIELDS.get(prop.upper())
                        if index is None:
                            continue
                        event[index] = parse_when(params, value) if index in (1, 2) else (unescape(value) or None)
            except UnicodeDecodeError as exc:
                raise ImportFileError(f"The file is not valid {encoding}: {exc.reason}") from None


def _day(value) -> dt.date:
    return value.date() if isinstance(value, dt.datetime) else value


@hookimpl
def register_importers():
    return [IcsImporter]
