"""GET /api/v1/feedback_form: what the web app polls once a day. No form unless the ini
names one; signed out too."""

from __future__ import annotations


def test_no_feedback_form_by_default(client):
    answer = client.get("/api/v1/feedback_form").json
    assert answer == {"url": "", "created_at": None, "error": None}


def test_the_ini_names_the_feedback_form(make_client):
    client = make_client(**{"workbench.feedback_form_url": "https://forms.example.com/workbench"})
    answer = client.get("/api/v2/feedback_form").json
    assert answer["url"] == "https://forms.example.com/workbench"
    assert answer["created_at"]
    assert answer["error"] is None
