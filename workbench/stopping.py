"""What the server runs once it has stopped serving: background work giving back what
it holds (the import jobs running here give their claims back, say), so that another
process can take it over at once rather than once the leases have passed."""

from __future__ import annotations

import logging

log = logging.getLogger(__name__)

#: ``registry[ON_STOP]``: callables run newest first when the server stops
ON_STOP = "workbench.on_stop"


def on_stop(registry, callback) -> None:
    registry.setdefault(ON_STOP, []).append(callback)


def run_on_stop(registry) -> None:
    callbacks = list(registry.get(ON_STOP, ())) if registry is not None else []
    for callback in reversed(callbacks):
        try:
            callback()
        except Exception:  # the others still run
            log.exception("stopping: %r failed", callback)
