"""Files as objects of one bucket, one per key, under the configured prefix.

Uploads are streamed: a file up to ``multipart_threshold`` bytes is sent in one request,
a larger one as a multipart upload of ``part_size`` parts, so at most one part is held in
memory. If reading the stream raises (a size limit) or the service fails, a multipart
upload is aborted and a single one never started, so nothing is left under the key.
Downloads are redirects to presigned URLs (``download_url``) once Workbench has checked
the caller; ``open`` reads an object for thumbnails and imports.

Service errors become ``StorageUnavailable`` with a message naming the bucket and what
went wrong (no credentials, access denied, no such bucket, cannot connect).
"""

from __future__ import annotations

import logging
from typing import BinaryIO

from workbench.plugin_api import FileMissing, SettingsError, StorageError, StorageUnavailable, storage_keys

from .config import S3Config

log = logging.getLogger(__name__)

_MISSING = {"404", "NoSuchKey", "NotFound"}


class S3Storage:
    name = "s3"

    def __init__(self, settings: dict):
        self.config = S3Config.from_settings(settings)
        _check_limits(settings, self.config)
        try:
            import boto3
            from botocore.config import Config
        except ImportError:
            raise SettingsError("the s3 storage backend needs boto3: pip install boto3") from None
        from botocore import exceptions

        self._errors = exceptions
        c = self.config
        self.client = boto3.session.Session().client(
            "s3",
            endpoint_url=c.endpoint_url,
            region_name=c.region,
            aws_access_key_id=c.access_key_id,
            aws_secret_access_key=c.secret_access_key,
            config=Config(
                signature_version="s3v4",
                s3={"addressing_style": "path" if c.path_style else "virtual"},
                retries={"max_attempts": 3, "mode": "standard"},
                connect_timeout=5,
                read_timeout=60,
                # requests of many greenlets at once share the connections
                max_pool_connections=50,
            ),
        )
        if c.check_bucket:
            try:
                self._call(self.client.head_bucket, Bucket=c.bucket)
            except StorageError as exc:
                raise SettingsError(f"the s3 storage backend cannot use its bucket: {exc}") from None

    # -- keys and errors ---------------------------------------------------------------
    def _object(self, key: str) -> str:
        try:
            parsed = storage_keys.parse(key)
        except storage_keys.InvalidKey as exc:
            raise StorageError(str(exc)) from None
        return self.config.prefix + str(parsed)

    def _call(self, method, *args, **params):
        """``method(**params)``; a missing object raises ``FileMissing``, other failures
        ``StorageUnavailable`` with a readable reason."""
        e = self._errors
        try:
            return method(*args, **params)
        except e.ClientError as exc:
            error = exc.response.get("Error", {})
            code = str(error.get("Code", ""))
            if code in _MISSING and "Key" in params:
                raise FileMissing(params["Key"]) from None
            raise StorageUnavailable(self._reason(code, error.get("Message"))) from None
        except e.NoCredentialsError:
            raise StorageUnavailable(
                f"no credentials for {self.config.where()}: set WORKBENCH_S3_ACCESS_KEY_ID and "
                "WORKBENCH_S3_SECRET_ACCESS_KEY"
            ) from None
        except (e.EndpointConnectionError, e.ConnectTimeoutError, e.ReadTimeoutError) as exc:
            raise StorageUnavailable(f"cannot reach {self.config.where()}: {exc}") from None
        except e.BotoCoreError as exc:
            raise StorageUnavailable(f"{self.config.where()}: {exc}") from None

    def _reason(self, code: str, message: str | None) -> str:
        where = self.config.where()
        if code in ("NoSuchBucket", "404"):
            return f"{where} does not exist"
        if code in ("AccessDenied", "403", "InvalidAccessKeyId", "SignatureDoesNotMatch"):
            return f"access to {where} is denied ({code}): check the credentials and the bucket's policy"
        return f"{where} answered {code or 'an error'}" + (f": {message}" if message else "")

    # -- the backend -----------------------------------------------------------------
    def save(self, key: str, stream: BinaryIO, content_type: str) -> int:
        name = self._object(key)
        first = _read_full(stream, self.config.multipart_threshold + 1)
        if len(first) <= self.config.multipart_threshold:
            self._call(
                self.client.put_object, Bucket=self.config.bucket, Key=name, Body=first, ContentType=content_type
            )
            return len(first)
        return self._save_parts(name, first, stream, content_type)

    def _save_parts(self, name: str, head: bytes, stream: BinaryIO, content_type: str) -> int:
        bucket, part_size = self.config.bucket, self.config.part_size
        upload = self._call(self.client.create_multipart_upload, Bucket=bucket, Key=name, ContentType=content_type)
        upload_id = upload["UploadId"]
        parts, size = [], 0
        try:
            buffer = head
            while True:
                if len(buffer) < part_size:
                    buffer += _read_full(stream, part_size - len(buffer))
                chunk, buffer = buffer[:part_size], buffer[part_size:]
                if not chunk:
                    break
                number = len(parts) + 1
                answer = self._call(
                    self.client.upload_part, Bucket=bucket, Key=name, UploadId=upload_id, PartNumber=number, Body=chunk
                )
                parts.append({"PartNumber": number, "ETag": answer["ETag"]})
                size += len(chunk)
                del chunk
            self._call(
                self.client.complete_multipart_upload,
                Bucket=bucket,
                Key=name,
                UploadId=upload_id,
                MultipartUpload={"Parts": parts},
            )
        except BaseException:
            try:
                self.client.abort_multipart_upload(Bucket=bucket, Key=name, UploadId=upload_id)
            except Exception as exc:  # the bucket's lifecycle rule removes what an abort could not
                log.warning("could not abort the upload of %s: %s", name, exc)
            raise
        return size

    def open(self, key: str) -> BinaryIO:
        answer = self._call(self.client.get_object, Bucket=self.config.bucket, Key=self._object(key))
        return answer["Body"]

    def delete(self, key: str) -> None:
        self._call(self.client.delete_object, Bucket=self.config.bucket, Key=self._object(key))

    def exists(self, key: str) -> bool:
        try:
            self.size(key)
        except FileMissing:
            return False
        return True

    def size(self, key: str) -> int:
        answer = self._call(self.client.head_object, Bucket=self.config.bucket, Key=self._object(key))
        return int(answer["ContentLength"])

    def list_keys(self, prefix: str = ""):
        """Every stored key starting with ``prefix`` and its modification time."""
        start = self.config.prefix
        paginator = self.client.get_paginator("list_objects_v2")
        pages = paginator.paginate(Bucket=self.config.bucket, Prefix=start + prefix)
        iterator = iter(pages)
        while (page := self._call(next, iterator, None)) is not None:
            for item in page.get("Contents", ()):
                key = item["Key"][len(start) :]
                try:
                    storage_keys.parse(key)
                except storage_keys.InvalidKey:
                    continue
                yield key, item["LastModified"].timestamp()

    def download_url(self, key: str, *, content_type: str, disposition: str) -> str:
        params = {
            "Bucket": self.config.bucket,
            "Key": self._object(key),
            "ResponseContentType": content_type,
            "ResponseContentDisposition": disposition,
            "ResponseCacheControl": "private, max-age=3600",
        }
        return self._call(
            self.client.generate_presigned_url, ClientMethod="get_object", Params=params, ExpiresIn=self.config.url_ttl
        )


def _read_full(stream: BinaryIO, size: int) -> bytes:
    """Up to ``size`` bytes: fewer only at the end of the stream."""
    chunks, left = [], size
    while left > 0:
        data = stream.read(min(left, 1024 * 1024))
        if not data:
            break
        chunks.append(data)
        left -= len(data)
    return b"".join(chunks)


def _check_limits(settings: dict, config: S3Config) -> None:
    """The size limits must fit in one multipart upload."""
    for name in ("workbench.attachments.max_size", "workbench.import.max_size"):
        value = str(settings.get(name) or "").strip()
        if value.isdigit() and int(value) > config.largest_file:
            raise SettingsError(
                f"{name} ({value} bytes) is more than the s3 backend stores in one upload "
                f"({config.largest_file} bytes): raise workbench.storage.s3.part_size"
            )
