"""Request and response shapes of the storage endpoints."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, RootModel

from workbench.storage.rules import MAX_FILES


class UrlItem(BaseModel):
    """One file to fetch: NocoDB's ``{url, fileName?, mimetype?}``."""

    model_config = ConfigDict(extra="ignore")

    url: str = Field(min_length=1, max_length=2083)
    fileName: str | None = Field(default=None, max_length=255)
    mimetype: str | None = Field(default=None, max_length=255)


class UrlList(RootModel[list[UrlItem]]):
    root: list[UrlItem] = Field(min_length=1, max_length=MAX_FILES)


class FileObject(BaseModel):
    """A stored file as Attachment fields hold it."""

    path: str
    title: str
    mimetype: str
    size: int
    signedPath: str | None = None
    signedUrl: str | None = None


class FileObjectList(RootModel[list[FileObject]]):
    pass
