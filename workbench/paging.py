"""Paging parameters and the ``{list, pageInfo}`` shape of NocoDB list responses."""

from workbench.errors import BadRequest

# Beyond this no database takes an OFFSET (or anything else) as an integer.
MAX_INT = 2**53 - 1


def int_param(request, name: str, default: int, low: int, high: int | None = None, aliases=()) -> int:
    raw = request.params.get(name)
    for alias in aliases:
        if raw in (None, ""):
            raw = request.params.get(alias)
    if raw in (None, ""):
        return default
    try:
        value = int(raw)
    except ValueError:
        raise BadRequest(f"{name} must be an integer") from None
    if value < low or (high is not None and value > high):
        raise BadRequest(f"{name} must be between {low} and {high}" if high is not None else f"{name} must be >= {low}")
    if value > MAX_INT:
        raise BadRequest(f"{name} is too large")
    return value


def page_info(total: int, limit: int, offset: int) -> dict:
    """NocoDB's pageInfo: ``page`` is replaced by ``offset`` when offset is not a page boundary."""
    info = {
        "totalRows": total,
        "page": offset // limit + 1 if limit else 1,
        "pageSize": limit,
        "isFirstPage": offset == 0,
        "isLastPage": offset + limit >= total,
    }
    if limit and offset % limit:
        del info["page"]
        info["offset"] = offset
    return info


def paged(items: list, total: int, limit: int, offset: int) -> dict:
    return {"list": items, "pageInfo": page_info(total, limit, offset)}
