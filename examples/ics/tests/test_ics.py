"""The iCalendar importer on Workbench's importer contract suite, and through a real import."""

import datetime as dt
from pathlib import Path

import pytest
import workbench_ics

from workbench.testing.client import Client
from workbench.testing.importers import check_importer, read_all
from workbench.testing.plugins import app_with_plugins

HERE = Path(__file__).parent
HEADER = ["Summary", "Start", "End", "Location", "Description"]
KICK_OFF = [
    "Kick-off",
    dt.datetime(2024, 1, 10, 9),
    dt.datetime(2024, 1, 10, 10),
    "Room 1",
    "Plans for the year, and coffee",
]
OFFSITE = ["Offsite", dt.date(2025, 6, 2), dt.date(2025, 6, 4), "Lake house", "Two days\nof talks"]
REVIEW = ["Review of a very long line", dt.datetime(2025, 9, 15, 14), None, None, None]


def test_contract(tmp_path):
    check_importer(
        workbench_ics.IcsImporter,
        [
            (HERE / "team.ics", {"team": (HEADER, [KICK_OFF, OFFSITE, REVIEW])}, None),
            (HERE / "team.ics", {"team": (HEADER, [OFFSITE, REVIEW])}, {"since": "2025-01-01"}),
        ],
        tmp_path,
    )


def test_a_bad_since_is_refused():
    with pytest.raises(workbench_ics.ImportFileError, match="YYYY-MM-DD"):
        read_all(workbench_ics.IcsImporter, HERE / "team.ics", {"since": "last week"})


def test_listed_in_the_catalogue(tmp_path):
    client = Client(app_with_plugins(tmp_path, ("ics", workbench_ics)))
    token = client.signup("author@example.com")
    catalogue = client.get("/api/v1/catalogue", headers=client.auth(token)).json
    entry = next(i for i in catalogue["importers"] if i["name"] == "ics")
    assert entry["extensions"] == ["ics", "ical"]
    assert "since" in entry["optionKeys"]
    assert catalogue["messages"][entry["label"]] == "iCalendar"
