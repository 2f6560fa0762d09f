"""Attachments and import uploads in an S3-compatible object store (AWS S3, MinIO, Ceph,
Garage, ...), chosen with ``workbench.storage.backend = s3``. boto3 is imported only then;
the settings are in ``config`` and docs/storage.md."""

from workbench.plugin_api import hookimpl

from .backend import S3Storage


@hookimpl
def register_storage_backends():
    return [S3Storage]
