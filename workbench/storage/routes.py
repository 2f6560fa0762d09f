"""Routes of attachment storage: NocoDB's upload paths (v1 and v2) and the download route.

Uploads name their project in the query (see ``contexts.UploadContext``); downloads carry
it in the path, which is the stored file's key. Signed links (``/api/v1/db/storage/dltemp/...``) need no
token; ``downloadAttachment`` finds the file through a record of a table.
"""

from workbench.api import add_api_route
from workbench.records.contexts import RecordsContext
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
    add_api_route(
        config, "storage.signed", "/api/v1/db/storage/dltemp/{expires}/{signature}/{project_id}/{token}/{name}"
    )
    add_api_route(
        config,
        "storage.download_attachment",
        "/api/v2/downloadAttachment/{table_id}/{column_id}/{row_id}",
        factory=RecordsContext,
    )
