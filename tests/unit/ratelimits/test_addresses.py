"""The client address the rate limits count: the peer, or what a trusted proxy forwarded."""

import pytest

from workbench.ratelimits.addresses import UNKNOWN, client_address, trusted_networks
from workbench.settings import SettingsError

PROXIES = trusted_networks("127.0.0.1 ::1 10.0.0.0/8")


def env(peer, forwarded=None):
    environ = {"REMOTE_ADDR": peer}
    if forwarded is not None:
        environ["HTTP_X_FORWARDED_FOR"] = forwarded
    return environ


def test_without_trusted_proxies_the_header_is_ignored():
    assert client_address(env("203.0.113.7", "198.51.100.1"), ()) == "203.0.113.7"


def test_a_trusted_proxy_forwards_the_client():
    assert client_address(env("127.0.0.1", "198.51.100.1"), PROXIES) == "198.51.100.1"


def test_an_untrusted_peer_cannot_pick_its_address():
    assert client_address(env("203.0.113.7", "198.51.100.1"), PROXIES) == "203.0.113.7"


def test_the_rightmost_untrusted_hop_counts():
    # The client wrote a fake first hop; the proxies appended what they saw.
    header = "1.2.3.4, 198.51.100.1, 10.0.0.5"
    assert client_address(env("127.0.0.1", header), PROXIES) == "198.51.100.1"


def test_all_hops_trusted_and_garbled_headers():
    assert client_address(env("127.0.0.1", "10.1.1.1"), PROXIES) == "10.1.1.1"
    assert client_address(env("127.0.0.1", "not-an-address"), PROXIES) == "127.0.0.1"
    assert client_address(env("127.0.0.1", ""), PROXIES) == "127.0.0.1"
    assert client_address(env("127.0.0.1"), PROXIES) == "127.0.0.1"


def test_ports_mapped_and_v6_addresses():
    assert client_address(env("127.0.0.1", "198.51.100.1:5555"), PROXIES) == "198.51.100.1"
    assert client_address(env("::ffff:203.0.113.7"), ()) == "203.0.113.7"
    # An IPv6 client counts as its /64.
    assert client_address(env("2001:db8:1:2::1"), ()) == client_address(env("2001:db8:1:2:ffff::9"), ())
    assert client_address(env("2001:db8:1:2::1"), ()) == "2001:db8:1:2::/64"
    assert client_address(env("::1", "[2001:db8::5]:443"), PROXIES) == "2001:db8::/64"
    assert client_address({}, ()) == UNKNOWN


def test_bad_trusted_proxies():
    with pytest.raises(SettingsError, match="trusted_proxies"):
        trusted_networks("127.0.0.1 proxy.example")
