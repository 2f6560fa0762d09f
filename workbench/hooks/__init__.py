"""Webhooks: hooks of a table that tell another system when records change.

A write fires the table's active hooks of its operation (``insert``, ``bulkInsert``, ...)
whose condition it meets; each fired hook's event (NocoDB's v2 payload) goes to an outbox
in the same transaction as the change where Workbench owns the data, and the delivery
worker sends it through the hook's notifier (a plugin: ``register_notifiers``) with
retries. The API and the settings are in docs/webhooks.md.
"""

from gevent import monkey
from pyramid.events import ApplicationCreated

from workbench.hooks.settings import HookSettings
from workbench.hooks.worker import HookWorker
from workbench.stopping import on_stop


def _started(event) -> None:
    worker = event.app.registry["hook_worker"]
    # Only under the gevent server: elsewhere (tests, scripts) events are delivered by
    # calling ``worker.drain()``.
    if monkey.is_module_patched("socket"):
        worker.start_loop()
        # Stopping the server lets deliveries under way end, then gives the claims of
        # those cut short back, for the next process to deliver them at once.
        on_stop(event.app.registry, worker.stop)


def includeme(config):
    HookSettings.from_settings(config.get_settings())  # a bad setting stops the start-up
    config.registry["hook_worker"] = HookWorker(config.registry)
    config.add_subscriber(_started, ApplicationCreated)
    config.include(".routes")
    config.scan(".views")
