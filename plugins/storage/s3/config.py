"""The S3 backend's settings, read and checked once at start-up: a missing or malformed
one stops the app with a message naming the setting and its environment variable.

============================================  ==============================  =====================
setting                                       environment variable            default
============================================  ==============================  =====================
``workbench.storage.s3.bucket``               ``WORKBENCH_S3_BUCKET``         (required)
``workbench.storage.s3.endpoint_url``         ``WORKBENCH_S3_ENDPOINT_URL``   AWS's endpoint
``workbench.storage.s3.region``               ``WORKBENCH_S3_REGION``         ``us-east-1``
``workbench.storage.s3.path_style``           ``WORKBENCH_S3_PATH_STYLE``     ``false``
``workbench.storage.s3.access_key_id``        ``WORKBENCH_S3_ACCESS_KEY_ID``  boto3's own chain
``workbench.storage.s3.secret_access_key``    ``WORKBENCH_S3_SECRET_ACCESS_KEY``
``workbench.storage.s3.prefix``               ``WORKBENCH_S3_PREFIX``         (none)
``workbench.storage.s3.multipart_threshold``                                  8 MiB
``workbench.storage.s3.part_size``                                            8 MiB
``workbench.storage.s3.url_ttl``                                              3600 (seconds)
``workbench.storage.s3.check_bucket``                                         ``true``
============================================  ==============================  =====================
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import urlsplit

from workbench.plugin_api import SettingsError, as_bool

SETTING = "workbench.storage.s3."
MIB = 1024 * 1024
#: S3's smallest part (but the last) and most parts of one upload
MIN_PART = 5 * MIB
MAX_PARTS = 10_000
MAX_PART = 5 * 1024 * MIB
#: a presigned URL of AWS's signature version 4 lives at most a week
MAX_URL_TTL = 7 * 24 * 3600
_BUCKET = re.compile(r"^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$")
_PREFIX = re.compile(r"^([A-Za-z0-9_.-]+/)*$")
_REGION = re.compile(r"^[a-z0-9-]{1,32}$")


@dataclass(frozen=True)
class S3Config:
    bucket: str
    endpoint_url: str | None = None
    region: str = "us-east-1"
    path_style: bool = False
    access_key_id: str | None = None
    secret_access_key: str | None = None
    prefix: str = ""
    multipart_threshold: int = 8 * MIB
    part_size: int = 8 * MIB
    url_ttl: int = 3600
    check_bucket: bool = True

    @classmethod
    def from_settings(cls, settings: dict) -> S3Config:
        def get(name: str) -> str:
            return str(settings.get(SETTING + name) or "").strip()

        bucket = get("bucket")
        if not bucket:
            raise SettingsError(
                "the s3 storage backend needs a bucket: set workbench.storage.s3.bucket (or WORKBENCH_S3_BUCKET)"
            )
        if not _BUCKET.match(bucket) or ".." in bucket:
            raise SettingsError(f"workbench.storage.s3.bucket is not a valid bucket name: {bucket!r}")
        endpoint = get("endpoint_url") or None
        if endpoint is not None:
            parts = urlsplit(endpoint)
            if parts.scheme not in ("http", "https") or not parts.hostname:
                raise SettingsError(
                    f"workbench.storage.s3.endpoint_url must be an http:// or https:// address, not {endpoint!r}"
                )
        region = get("region") or "us-east-1"
        if not _REGION.match(region):
            raise SettingsError(f"workbench.storage.s3.region is not a region name: {region!r}")
        key_id, secret = get("access_key_id") or None, get("secret_access_key") or None
        if (key_id is None) != (secret is None):
            raise SettingsError(
                "set both workbench.storage.s3.access_key_id and secret_access_key (WORKBENCH_S3_ACCESS_KEY_ID, "
                "WORKBENCH_S3_SECRET_ACCESS_KEY) or neither (boto3 then finds credentials itself)"
            )
        prefix = get("prefix")
        if prefix and not prefix.endswith("/"):
            prefix += "/"
        if not _PREFIX.match(prefix) or any(part in (".", "..") for part in prefix.split("/")):
            raise SettingsError(f"workbench.storage.s3.prefix must be folder names joined by /, not {prefix!r}")
        threshold = _size(get("multipart_threshold"), "multipart_threshold", 8 * MIB, MIN_PART, MAX_PART)
        part_size = _size(get("part_size"), "part_size", 8 * MIB, MIN_PART, MAX_PART)
        ttl = _size(get("url_ttl"), "url_ttl", 3600, 1, MAX_URL_TTL, unit="seconds")
        return cls(
            bucket=bucket,
            endpoint_url=endpoint,
            region=region,
            path_style=_flag(get("path_style"), "path_style", False),
            access_key_id=key_id,
            secret_access_key=secret,
            prefix=prefix,
            multipart_threshold=threshold,
            part_size=part_size,
            url_ttl=ttl,
            check_bucket=_flag(get("check_bucket"), "check_bucket", True),
        )

    @property
    def largest_file(self) -> int:
        """The largest file one upload can store (``MAX_PARTS`` parts)."""
        return self.part_size * MAX_PARTS

    def where(self) -> str:
        """The bucket and endpoint, for messages."""
        return f"bucket {self.bucket!r} at {self.endpoint_url or 'AWS S3'}"


def _size(text: str, name: str, default: int, low: int, high: int, unit: str = "bytes") -> int:
    if not text:
        return default
    if not text.isdigit() or not low <= int(text) <= high:
        raise SettingsError(f"{SETTING}{name} must be a number of {unit} from {low} to {high}, not {text!r}")
    return int(text)


def _flag(text: str, name: str, default: bool) -> bool:
    if not text:
        return default
    if text.lower() not in ("1", "0", "true", "false", "yes", "no", "on", "off"):
        raise SettingsError(f"{SETTING}{name} must be true or false, not {text!r}")
    return as_bool(text)
