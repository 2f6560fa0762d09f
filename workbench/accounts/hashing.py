"""Password hashing on native threads, off the server's event loop.

Argon2 spends tens of milliseconds of CPU (and 64 MiB) per check, by design. Run on the
gevent loop, every check would stall every other request of the process for that long: a
few clients sending wrong passwords would make the whole server slow. So hashes and checks
run on a small pool of native threads (argon2 releases the GIL while it works), and the
request's greenlet waits for the answer while the loop serves the others.

The pool has ``workbench.password.hash_threads`` threads (default: one less than the CPU
cores, at least 1 and at most 4, so that a core stays with the event loop); more checks at
once wait their turn, which bounds the CPU and memory that password checks can take.
Outside the gevent server (a script, the test client) there is no loop to keep free and the
work runs in the caller's thread.
"""

from __future__ import annotations

import os
import threading

from gevent import monkey

DEFAULT_MAX_THREADS = 4


def default_threads() -> int:
    return max(1, min(DEFAULT_MAX_THREADS, (os.cpu_count() or 1) - 1))


class HashingPool:
    def __init__(self, size: int | None = None):
        self.size = size or default_threads()
        self._pool = None
        self._pid = None
        self._lock = threading.Lock()

    def run(self, func, *args):
        """``func(*args)`` on a pool thread when the server runs on gevent, else here."""
        if not monkey.is_module_patched("threading"):
            return func(*args)
        return self._get().apply(func, args)

    def _get(self):
        pid = os.getpid()
        if self._pool is None or self._pid != pid:  # a forked child makes its own threads
            with self._lock:
                if self._pool is None or self._pid != pid:
                    from gevent.threadpool import ThreadPool

                    self._pool = ThreadPool(self.size)
                    self._pid = pid
        return self._pool
