"""The bounded map behind the per-process caches."""

import threading

from workbench.lru import LRU


def test_the_least_recently_used_entry_goes_first():
    cache = LRU(2)
    cache.put("a", 1)
    cache.put("b", 2)
    assert cache.get("a") == 1  # "a" is now the most recent
    cache.put("c", 3)
    assert cache.get("b") is None
    assert (cache.get("a"), cache.get("c"), len(cache)) == (1, 3, 2)


def test_a_put_replaces_and_refreshes_an_entry():
    cache = LRU(2)
    cache.put("a", 1)
    cache.put("b", 2)
    cache.put("a", 10)
    cache.put("c", 3)
    assert (cache.get("a"), cache.get("b"), cache.get("c")) == (10, None, 3)


def test_pop_and_clear_forget_entries():
    cache = LRU(3)
    for key in "abc":
        cache.put(key, key.upper())
    cache.pop("b")
    cache.pop("missing")
    assert (cache.get("a"), cache.get("b"), len(cache)) == ("A", None, 2)
    cache.clear()
    assert (cache.get("a"), len(cache)) == (None, 0)


def test_threads_sharing_it_never_leave_it_over_its_size():
    cache = LRU(50)

    def fill(offset):
        for i in range(2000):
            cache.put((offset, i), i)
            cache.get((offset, i // 2))

    threads = [threading.Thread(target=fill, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(cache) == 50
    assert any(cache.get((n, 1999)) == 1999 for n in range(4))
