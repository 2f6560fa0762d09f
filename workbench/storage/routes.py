"""Routes of attachment storage: NocoDB's upload paths (v1 and v2) and the download route.

Uploads name their project in the query (see ``contexts.UploadContext``); downloads carry
it in the path, which is the stored file's key.
"""

from workbench.api import add_api_route
from workbench.security.contexts import ProjectContext
from workbench.storage.contexts import UploadContext

UPLOAD_PATHS = ("/api/v1/db/storage/upload", "/api/v2/storage/upload")
UPLOAD_BY_URL_PATHS = ("/api/v1/db/storage/upload-by-url", "/api/v2/storage/upload-by-url")


def includeme(config):
    add_api_route(config, "storage.upload", *UPLOAD_PATHS, factory=UploadContext)
    add_api_route(config, "storage.upload_by_url", *UPLOAD_BY_URL_PATHS, factory=UploadContext)
    add_api_route(
        config, "storage.download", "/api/v1/db/storage/download/{project_id}/{token}/{name}", factory=ProjectContext
    )
