"""The host check: every private, loopback, link-local, shared or reserved range refused
("ip not allowed"), localhost names too, IPv6 forms carrying such an IPv4 address, names
resolving to such addresses; the address connected to is the one checked."""

from __future__ import annotations

import socket

import pytest

from workbench.sources import hostcheck

PRIVATE = [
    "10.0.0.1",
    "10.255.255.255",
    "172.16.0.1",
    "172.31.255.254",
    "192.168.1.1",
    "127.0.0.1",
    "127.8.9.10",
    "169.254.169.254",  # cloud metadata
    "100.64.0.1",  # shared address space
    "0.0.0.0",  # noqa: S104 (an address refused, not bound)
    "192.0.0.8",
    "198.18.0.1",  # benchmarking
    "192.0.2.1",  # documentation
    "240.0.0.1",  # reserved
    "255.255.255.255",
    "224.0.0.1",  # multicast
    "::1",
    "::",
    "fe80::1",
    "fc00::1",
    "fd12:3456::1",
    "ff02::1",
    "2001:db8::1",
    "::ffff:127.0.0.1",  # IPv4-mapped
    "::ffff:10.0.0.1",
    "::ffff:7f00:1",
    "::127.0.0.1",  # IPv4-compatible
    "64:ff9b::7f00:1",  # NAT64 of 127.0.0.1
    "64:ff9b::a00:1",  # NAT64 of 10.0.0.1
    "2002:7f00:1::1",  # 6to4 of 127.0.0.1
    "2002:c0a8:101::1",  # 6to4 of 192.168.1.1
    "2001:0:4136:e378:8000:63bf:80ff:fffe",  # Teredo of 127.0.0.1 (obfuscated 0x7f000001)
]
PUBLIC = ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8", "64:ff9b::808:808"]


@pytest.mark.parametrize("address", PRIVATE)
def test_private_and_reserved_addresses_are_refused(address):
    assert not hostcheck.is_public(address)
    with pytest.raises(hostcheck.HostNotAllowed, match="ip not allowed"):
        hostcheck.check_host(address, 5432, allow_private=False)


@pytest.mark.parametrize("address", PUBLIC)
def test_public_addresses_pass(address):
    assert hostcheck.is_public(address)


@pytest.mark.parametrize("host", ["localhost", "LOCALHOST.", "db.localhost", "ip6-localhost", "[::1]"])
def test_localhost_names_are_refused(host):
    with pytest.raises(hostcheck.HostNotAllowed, match="ip not allowed"):
        hostcheck.check_host(host, 5432, allow_private=False)


def _resolving(monkeypatch, answers):
    """Make every name resolve to ``answers`` (one list per lookup, in turn)."""
    calls = []

    def getaddrinfo(host, port, *args, **kwargs):
        calls.append(host)
        addresses = answers[min(len(calls), len(answers)) - 1]
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (a, port)) for a in addresses]

    monkeypatch.setattr(hostcheck.socket, "getaddrinfo", getaddrinfo)
    return calls


def test_a_name_resolving_to_a_private_address_is_refused(monkeypatch):
    _resolving(monkeypatch, [["93.184.216.34", "10.0.0.7"]])
    with pytest.raises(hostcheck.HostNotAllowed, match="ip not allowed"):
        hostcheck.check_host("db.example.com", 5432, allow_private=False)


def test_the_checked_address_is_the_one_connected_to(monkeypatch):
    # A rebinding name: public on the first lookup, loopback after. One lookup is made,
    # and its address is what the engine connects to.
    calls = _resolving(monkeypatch, [["93.184.216.34"], ["127.0.0.1"]])
    assert hostcheck.check_host("rebind.example.com", 5432, allow_private=False) == "93.184.216.34"
    assert calls == ["rebind.example.com"]


def test_the_setting_allows_private_addresses():
    assert hostcheck.check_host("127.0.0.1", 5432, allow_private=True) == "127.0.0.1"
    assert hostcheck.allows_private({"workbench.sources.allow_private": "true"})
    assert not hostcheck.allows_private({})


def test_unknown_and_malformed_hosts():
    with pytest.raises(hostcheck.UnknownHost):
        hostcheck.check_host("no-such-host.invalid", 5432, allow_private=True)
    for bad in ("", "a b", "x/y", "user@host", "h" * 300):
        with pytest.raises(ValueError, match="not a valid host"):
            hostcheck.check_host(bad, 5432, allow_private=True)


def test_development_allows_private_databases_and_production_does_not():
    import configparser
    from pathlib import Path

    root = Path(__file__).resolve().parents[3]
    for name, expected in (("development.ini", "true"), ("production.ini", "false")):
        parser = configparser.ConfigParser(interpolation=None)
        parser.read(root / name)
        assert parser["app:main"][hostcheck.SETTING] == expected
