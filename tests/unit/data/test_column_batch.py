"""Prepared rows held as columns read as the rows they stand for."""

import datetime as dt

import pytest

from workbench.data.batch import ColumnBatch


def test_rows_of_a_batch():
    stamp = dt.datetime(2024, 1, 5, 10, 0)
    batch = ColumnBatch(3, {"a": [1, 2, 3], "b": ["x", None, "z"]}, {"created": stamp})
    rows = [
        {"a": 1, "b": "x", "created": stamp},
        {"a": 2, "b": None, "created": stamp},
        {"a": 3, "b": "z", "created": stamp},
    ]
    assert list(batch) == rows
    assert [batch[i] for i in range(3)] == rows
    assert batch[-1] == rows[-1]
    with pytest.raises(IndexError):
        batch[3]
    assert len(batch) == 3
    assert batch
    assert batch.keys() == {"a", "b", "created"}
    assert list(batch.column("a")) == [1, 2, 3]
    assert list(batch.column("created")) == [stamp] * 3
    assert list(batch.column("missing")) == [None] * 3
    assert batch.constant("created") == (True, stamp)
    assert batch.constant("a") == (False, None)


def test_a_batch_of_constants_alone_and_an_empty_batch():
    assert list(ColumnBatch(2, {}, {"c": 1})) == [{"c": 1}, {"c": 1}]
    empty = ColumnBatch(0, {}, {})
    assert not empty
    assert list(empty) == []


def test_the_work_of_batches_collects_only_the_young_now_and_then(monkeypatch):
    import gc

    from workbench.data import batch

    monkeypatch.setattr(batch, "YOUNG_FROM", 1000)
    collected: list[int] = []

    def seen(phase, info):
        if phase == "start":
            collected.append(info["generation"])

    gc.collect()  # counts from nothing
    gc.callbacks.append(seen)
    try:
        with batch.batches_collected() as collect:
            assert not gc.isenabled()
            kept = [[i] for i in range(500)]  # a batch's rows: no collection while they live
            collect()
            assert collected == []

            def cycle():
                a: list = []
                a.append(a)

            for _ in range(2000):
                cycle()  # garbage only a collection finds
            collect()
            assert collected == [1]  # the young generations, once
            assert gc.get_count()[0] < 1000
            monkeypatch.setattr(batch, "FULL_EVERY", 2)
            for _ in range(2000):
                cycle()
            collect()
            assert collected == [1, 2]  # and now and then every generation
            del kept
        assert gc.isenabled()
        gc.disable()
        try:
            with batch.batches_collected() as collect:  # the collector paused already: left so
                collect()
            assert not gc.isenabled()
        finally:
            gc.enable()
    finally:
        gc.callbacks.remove(seen)
