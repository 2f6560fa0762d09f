"""Password hashes and checks run on native threads when the server runs on gevent, so the
event loop goes on serving other requests meanwhile."""

import json
import subprocess
import sys
import textwrap

from workbench.accounts.hashing import HashingPool, default_threads
from workbench.accounts.passwords import Argon2Hasher

# Run in a child: gevent's monkey patching would change this test process for good.
CHILD = textwrap.dedent(
    """
    from gevent import monkey
    monkey.patch_all()
    import json
    import gevent
    from gevent.monkey import get_original
    from workbench.accounts.passwords import Argon2Hasher

    hasher = Argon2Hasher({"workbench.password.hash_threads": "1"})  # the library's default cost
    stored = hasher.hash("the right one")
    native_id = get_original("threading", "get_ident")  # patched get_ident names greenlets
    events, threads = [], set()
    raw_verify = hasher._verify

    def verify(*args):
        threads.add(native_id())
        return raw_verify(*args)

    hasher._verify = verify

    def check():
        events.append(("checked", hasher.verify(stored, "a wrong one")))

    def ticker():
        for n in range(3):
            gevent.sleep(0)
            events.append(("tick", n))

    gevent.joinall([gevent.spawn(check), gevent.spawn(ticker)])
    print(json.dumps({"events": events, "main": native_id() in threads}))
    """
)


def test_checks_leave_the_event_loop_free():
    out = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True, timeout=120, check=True)
    result = json.loads(out.stdout)
    # The other greenlet ran to its end while the check was running on its thread.
    assert result["events"] == [["tick", 0], ["tick", 1], ["tick", 2], ["checked", False]]
    assert result["main"] is False


def test_outside_gevent_the_work_runs_in_the_callers_thread():
    import threading

    pool = HashingPool(2)
    assert pool.run(threading.get_ident) == threading.get_ident()
    assert 1 <= default_threads() <= 4
    fast = {"workbench.password.argon2.time_cost": "1", "workbench.password.argon2.memory_cost": "1024"}
    hasher = Argon2Hasher({**fast, "workbench.password.hash_threads": "3"})
    assert hasher.pool.size == 3
    assert hasher.verify(hasher.hash("pass phrase"), "pass phrase")
    assert not hasher.verify(hasher.hash("pass phrase"), "other phrase")
    assert not hasher.verify(None, "pass phrase")
