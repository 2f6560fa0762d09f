"""Imports as server jobs: an upload kept in the data folder, a preview with the detected
template, then a job inserting the rows in batches that survives restarts (resumed),
can be cancelled (undone) and reports bad rows. Importers are plugins
(``register_importers``, ``workbench.imports.interfaces``); the API is in docs/imports.md.
"""

from gevent import monkey
from pyramid.events import ApplicationCreated

from workbench.imports.limits import ImportLimits
from workbench.imports.routes import UPLOAD_PATTERN
from workbench.imports.runner import ImportRunner
from workbench.stopping import on_stop

MB = 1024 * 1024
DEFAULT_MAX_SIZE = 100 * MB
#: room for the multipart envelope around the file
ENVELOPE = 64 * 1024


def max_size(settings) -> int:
    return int(settings.get("workbench.import.max_size") or DEFAULT_MAX_SIZE)


def _started(event) -> None:
    runner = event.app.registry["import_runner"]
    # Only under the gevent server: elsewhere (tests, scripts) greenlets run only when
    # something waits for them, and jobs are resumed by calling ``runner.resume()``.
    if monkey.is_module_patched("socket"):
        runner.start_loop()
        # Stopping the server stops its jobs and gives their claims back at once, for the
        # next process to resume them without waiting for the leases to pass.
        on_stop(event.app.registry, runner.stop)


def includeme(config):
    settings = config.get_settings()
    settings["workbench.import.max_size"] = str(max_size(settings))
    ImportLimits.from_settings(settings)  # a bad limit stops the start-up
    limits = config.registry.setdefault("workbench.body_limits", [])
    limits.append((UPLOAD_PATTERN, max_size(settings) + ENVELOPE))
    config.registry["import_runner"] = ImportRunner(config.registry)
    config.add_subscriber(_started, ApplicationCreated)
    config.include(".routes")
    config.scan(".views")
