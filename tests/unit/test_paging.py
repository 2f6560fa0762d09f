"""Paging parameters and NocoDB's pageInfo."""

import pytest
from pyramid.testing import DummyRequest

from workbench.errors import BadRequest
from workbench.paging import MAX_INT, int_param, page_info, paged


def param(params, *args, **kw):
    return int_param(DummyRequest(params=params), *args, **kw)


def test_int_param_default_and_value():
    assert param({}, "limit", 25, 1, 1000) == 25
    assert param({"limit": ""}, "limit", 25, 1, 1000) == 25
    assert param({"limit": "10"}, "limit", 25, 1, 1000) == 10
    assert param({"limit": "1000"}, "limit", 25, 1, 1000) == 1000
    assert param({"offset": "123456"}, "offset", 0, 0) == 123456


def test_int_param_aliases():
    assert param({"l": "7"}, "limit", 25, 1, 1000, aliases=("l",)) == 7
    assert param({"limit": "3", "l": "7"}, "limit", 25, 1, 1000, aliases=("l",)) == 3
    assert param({"l": ""}, "limit", 25, 1, 1000, aliases=("l",)) == 25


@pytest.mark.parametrize(
    ("params", "msg"),
    [
        ({"limit": "ten"}, "limit must be an integer"),
        ({"limit": "1.0"}, "limit must be an integer"),
        ({"limit": "0"}, "limit must be between 1 and 1000"),
        ({"limit": "1001"}, "limit must be between 1 and 1000"),
    ],
)
def test_int_param_bad_values(params, msg):
    with pytest.raises(BadRequest) as info:
        param(params, "limit", 25, 1, 1000)
    assert info.value.msg == msg
    assert info.value.status == 400


def test_int_param_without_upper_bound():
    with pytest.raises(BadRequest, match="offset must be >= 0"):
        param({"offset": "-1"}, "offset", 0, 0)


@pytest.mark.parametrize(
    ("total", "limit", "offset", "expected"),
    [
        (0, 25, 0, {"totalRows": 0, "page": 1, "pageSize": 25, "isFirstPage": True, "isLastPage": True}),
        (10, 25, 0, {"totalRows": 10, "page": 1, "pageSize": 25, "isFirstPage": True, "isLastPage": True}),
        (10, 5, 0, {"totalRows": 10, "page": 1, "pageSize": 5, "isFirstPage": True, "isLastPage": False}),
        (10, 5, 5, {"totalRows": 10, "page": 2, "pageSize": 5, "isFirstPage": False, "isLastPage": True}),
        (11, 5, 5, {"totalRows": 11, "page": 2, "pageSize": 5, "isFirstPage": False, "isLastPage": False}),
        (10, 5, 3, {"totalRows": 10, "offset": 3, "pageSize": 5, "isFirstPage": False, "isLastPage": False}),
        (10, 5, 7, {"totalRows": 10, "offset": 7, "pageSize": 5, "isFirstPage": False, "isLastPage": True}),
        (3, 0, 0, {"totalRows": 3, "page": 1, "pageSize": 0, "isFirstPage": True, "isLastPage": False}),
    ],
)
def test_page_info(total, limit, offset, expected):
    assert page_info(total, limit, offset) == expected


def test_paged():
    assert paged([1, 2], 2, 25, 0) == {"list": [1, 2], "pageInfo": page_info(2, 25, 0)}


def test_int_param_refuses_what_no_database_takes():
    assert param({"offset": str(MAX_INT)}, "offset", 0, 0) == MAX_INT
    with pytest.raises(BadRequest, match="offset is too large"):
        param({"offset": str(MAX_INT + 1)}, "offset", 0, 0)
