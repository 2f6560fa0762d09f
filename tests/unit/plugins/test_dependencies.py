"""Dependencies between plugins: read from the distribution's keywords, followed to the end
of a chain, and named in the problem of each plugin left out."""

from workbench.plugins.dependencies import attribute_requires, declared_kind, declared_requires, unmet

KEYWORDS = [
    "workbench-plugin",
    "workbench-kind:field_type",
    "workbench-requires:field_links",  # every plugin of the distribution
    "workbench-requires:stars:field_numbers",  # only "stars"
    "workbench-requires:moons:field_dates",
    "workbench-requires:",  # empty: ignored
]


def test_keywords_name_what_every_plugin_and_one_plugin_needs():
    assert declared_requires("stars", KEYWORDS) == ("field_links", "field_numbers")
    assert declared_requires("moons", KEYWORDS) == ("field_links", "field_dates")
    assert declared_requires("suns", KEYWORDS) == ("field_links",)
    assert declared_requires("suns", ["workbench-kind:importer"]) == ()


def test_keywords_give_the_kind_of_every_plugin_or_of_one():
    mixed = ["workbench-kind:field_type", "workbench-kind:agenda:view_type", "workbench-kind:vcard:importer"]
    assert declared_kind("agenda", mixed) == "view_type"
    assert declared_kind("vcard", mixed) == "importer"
    assert declared_kind("stars", mixed) == "field_type"
    assert declared_kind("stars", ["workbench-plugin", "workbench-kind:", "workbench-kind:x:"]) == "unknown"


def test_a_plugin_attribute_may_name_its_needs():
    class One:
        requires = "field_links"

    class Two:
        requires = ("a", "b")

    assert attribute_requires(One) == ("field_links",)
    assert attribute_requires(Two) == ("a", "b")
    assert attribute_requires(object()) == ()


def test_a_chain_of_needs_is_followed_to_its_end():
    requires = {"c": ("b",), "b": ("a",), "a": (), "d": ("gone",), "e": ()}
    known = {"a", "b", "c", "d", "e"}
    problems = unmet(requires, known - {"a"}, known)
    assert problems == {
        "b": ["needs plugin 'a', which is disabled"],
        "c": ["needs plugin 'b', which is disabled"],
        "d": ["needs plugin 'gone', which is not installed"],
    }
    assert unmet(requires, known, known) == {"d": ["needs plugin 'gone', which is not installed"]}
