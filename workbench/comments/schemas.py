"""Request bodies of the comments endpoints. The text is ``description`` (the audit form)
or ``comment`` (the newer form); either is accepted."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, model_validator

from workbench.comments.models import MAX_LENGTH, MAX_ROW_ID


class _Text(BaseModel):
    model_config = ConfigDict(extra="ignore")

    @model_validator(mode="before")
    @classmethod
    def _comment_is_description(cls, data):
        if isinstance(data, dict) and data.get("description") is None and data.get("comment") is not None:
            data = {**data, "description": data["comment"]}
        return data


class CommentCreateBody(_Text):
    fk_model_id: str = Field(min_length=1, max_length=32)
    row_id: str | int = Field(description="the record's id as the API shows it")
    description: str = Field(min_length=1, max_length=MAX_LENGTH)
    comment: str | None = Field(default=None, description="alias of description")


class CommentUpdateBody(_Text):
    description: str = Field(min_length=1, max_length=MAX_LENGTH)
    comment: str | None = Field(default=None, description="alias of description")


def row_key(value) -> str:
    """A record id as comments store it (text); 400-worthy problems raise ValueError."""
    if isinstance(value, bool) or value is None:
        raise ValueError("row_id is required")
    text = str(value).strip()
    if not text:
        raise ValueError("row_id is required")
    if len(text) > MAX_ROW_ID:
        raise ValueError(f"row_id must be at most {MAX_ROW_ID} characters long")
    return text
