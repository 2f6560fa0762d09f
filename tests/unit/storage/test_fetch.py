"""Which addresses upload-by-url may reach."""

import ipaddress

import pytest

from workbench.errors import BadRequest
from workbench.storage.fetch import UrlFetcher

REFUSED = [
    "127.0.0.1",
    "10.1.2.3",
    "172.16.0.1",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",  # noqa: S104
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "fe80::1",
    "fc00::1",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "::",
]


@pytest.mark.parametrize("address", REFUSED)
def test_non_public_addresses_are_refused(address):
    assert not UrlFetcher(10).address_allowed(address)


@pytest.mark.parametrize("address", ["8.8.8.8", "1.1.1.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])
def test_public_addresses_are_allowed(address):
    assert UrlFetcher(10).address_allowed(address)


def test_allowed_networks_open_exceptions():
    fetcher = UrlFetcher.from_settings({"workbench.attachments.url_allowed_networks": "127.0.0.1/32, 10.0.0.0/8"})
    assert fetcher.allowed_networks == (ipaddress.ip_network("127.0.0.1/32"), ipaddress.ip_network("10.0.0.0/8"))
    assert fetcher.address_allowed("127.0.0.1")
    assert fetcher.address_allowed("10.9.9.9")
    assert fetcher.address_allowed("::ffff:127.0.0.1")
    assert not fetcher.address_allowed("127.0.0.2")
    assert not fetcher.address_allowed("192.168.0.1")
    assert fetcher.timeout == 10


@pytest.mark.parametrize("url", ["gopher://x/", "http://", "http:///path", "http://x:99999/", "javascript:alert(1)"])
def test_only_http_urls_with_a_host(url):
    with pytest.raises(BadRequest):
        UrlFetcher(1).fetch(url, 100)
