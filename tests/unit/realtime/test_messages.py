"""Batching a request's changes, and publishing them only when its transaction commits."""

from __future__ import annotations

import transaction

from workbench.realtime.messages import MAX_IDS, Outbox, row_ids


class Bus:
    def __init__(self):
        self.published: list[dict] = []

    def publish(self, message: dict) -> None:
        self.published.append(message)


def test_row_ids_single_and_composite_keys():
    assert row_ids([{"Id": 1, "x": "a"}, {"Id": 2}], ["Id"]) == [1, 2]
    assert row_ids([{"a": 1, "b": "x"}], ["a", "b"]) == ["1___x"]
    assert row_ids([{"Id": None}], ["Id"]) is None  # a row without its key: reload
    assert row_ids([{"Id": i} for i in range(MAX_IDS + 1)], ["Id"]) is None
    assert row_ids([{"Id": 1}], []) is None


def test_one_message_per_table_and_action():
    outbox = Outbox(Bus())
    outbox.add_rows("p_1", "md_1", "insert", [1, 2], "us_1")
    outbox.add_rows("p_1", "md_1", "insert", [2, 3], "us_1")
    outbox.add_rows("p_1", "md_1", "update", [1], "us_1")
    outbox.add_rows("p_1", "md_2", "delete", None, "us_1")
    outbox.add_rows("p_1", "md_2", "delete", [9], "us_1")
    meta = {"project_id": "p_1", "kind": "column", "action": "insert", "id": "cl_1", "table_id": "md_1", "by": None}
    outbox.add_meta(meta)
    outbox.add_meta(dict(meta))
    assert outbox.messages() == [
        {"event": "meta", "data": meta},
        {
            "event": "data",
            "data": {"project_id": "p_1", "table_id": "md_1", "action": "insert", "ids": [1, 2, 3], "by": "us_1"},
        },
        {
            "event": "data",
            "data": {"project_id": "p_1", "table_id": "md_1", "action": "update", "ids": [1], "by": "us_1"},
        },
        {
            "event": "data",
            "data": {"project_id": "p_1", "table_id": "md_2", "action": "delete", "ids": None, "by": "us_1"},
        },
    ]


def test_batches_past_the_limit_become_a_reload():
    outbox = Outbox(Bus())
    outbox.add_rows("p_1", "md_1", "insert", list(range(MAX_IDS)), None)
    outbox.add_rows("p_1", "md_1", "insert", [MAX_IDS], None)
    assert outbox.messages()[0]["data"]["ids"] is None


def test_published_after_commit_only():
    for commit in (True, False):
        bus = Bus()
        manager = transaction.TransactionManager()
        txn = manager.begin()
        outbox = Outbox(bus)
        txn.addAfterCommitHook(outbox.after_commit)
        outbox.add_rows("p_1", "md_1", "insert", [1], None)
        assert bus.published == []
        if commit:
            manager.commit()
            assert [m["data"]["ids"] for m in bus.published] == [[1]]
        else:
            manager.abort()
            assert bus.published == []


def test_a_failed_commit_publishes_nothing():
    bus = Bus()
    outbox = Outbox(bus)
    outbox.add_rows("p_1", "md_1", "insert", [1], None)
    outbox.after_commit(False)
    assert bus.published == []
