"""Attachment storage: backends as plugins, uploads (multipart and by URL) and downloads.

Files belong to a project and are stored under ``<project_id>/<token>/<name>`` keys by the
backend named in ``workbench.storage.backend`` (default ``local``, the built-in plugin in
``plugins/storage/local``; ``s3`` in ``plugins/storage/s3``). Downloads are served by a
route under the project that checks the caller's ``DATA_READ`` permission, so a file is
never served to someone who cannot read the project's tables; a backend that
``RedirectsDownloads`` is then redirected to instead of streamed. The service is
``request.storage``.
"""

from workbench.settings import as_list
from workbench.storage.routes import UPLOAD_PATHS
from workbench.storage.rules import MB, UploadRules
from workbench.storage.services import StorageService


def _storage(request) -> StorageService:
    return request.registry["storage"]


def _allow_large_uploads(settings: dict) -> None:
    """Let the body-size tween admit upload bodies up to ``workbench.max_upload_size``
    (default 100 MiB, or more if one attachment may be bigger)."""
    paths = settings.get("workbench.large_body_paths") or ()
    paths = as_list(paths) if isinstance(paths, str) else list(paths)
    settings["workbench.large_body_paths"] = tuple(dict.fromkeys([*paths, *UPLOAD_PATHS]))
    if not settings.get("workbench.max_upload_size"):
        largest_file = UploadRules.from_settings(settings).max_size
        settings["workbench.max_upload_size"] = str(max(100 * MB, largest_file + MB))


def includeme(config):
    _allow_large_uploads(config.get_settings())
    config.registry["storage"] = StorageService.from_registry(config.registry)
    config.add_request_method(_storage, "storage", reify=True)
    config.include(".routes")
    config.scan(".views")
    config.scan(".downloads")
