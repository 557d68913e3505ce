"""One module mints every IRI, from natural keys only."""

from __future__ import annotations

import pytest

from corpkg.graph import iris


@pytest.mark.parametrize(
    "a,b",
    [
        ("The Harvey Westbury Corp.", "HARVEY WESTBURY CORPORATION"),
        ("Bash, LLC", "Bash L.L.C."),
        ("Auxer Telecom, Inc.", "AUXER TELECOM INC"),
        ("Quantum Corporate Funding Ltd.", "Quantum Corporate Funding Limited"),
        ("JPMorgan Chase Bank, N.A.", "JPMORGAN CHASE BANK NA"),
    ],
)
def test_name_variants_share_a_slug(a, b):
    assert iris.name_slug(a) == iris.name_slug(b)


def test_different_names_differ():
    assert iris.name_slug("Auxer Telecom, Inc.") != iris.name_slug("The Auxer Group, Inc.")


def test_identifier_normalisation():
    assert iris.normalise_cik("104938") == "0000104938"
    assert iris.normalise_cik("0000000000") is None
    assert iris.normalise_ein("223537927") == "22-3537927"
    assert iris.normalise_ein("000000000") is None
    assert iris.normalise_file_number("000-30440") == iris.normalise_file_number("0-30440") == "0-30440"


def test_entity_iri_prefers_cik_then_ein_then_file_number():
    base = "https://w3id.org/corpkg/id/"

    def entity_iri(*args):
        return str(iris.entity_iri(*args))

    ids = [("fileNumber", "0-30440"), ("ein", "22-3537927")]
    assert entity_iri("Organization", "X", ids) == base + "ein/223537927"
    assert entity_iri("Organization", "X", [*ids, ("cik", "320193")]) == base + "cik/0000320193"
    assert entity_iri("Organization", "X", [("fileNumber", "000-30440")]) == base + "file-number/0-30440"
    assert entity_iri("Organization", "The Auxer Group, Inc.") == base + "org/auxer-group-inc"
    assert entity_iri("Person", "Robert J. Scott") == base + "person/robert-j-scott"
    # an all-zero EIN (as SEC headers print for foreign filers) is no key
    assert entity_iri("Organization", "CVR Energy Inc", [("ein", "000000000")]) == base + "org/cvr-energy-inc"


def test_persons_are_named_within_their_issuer():
    """Two "John Smith"s of different issuers are two nodes until resolution links them."""
    base = "https://w3id.org/corpkg/id/"
    auxer = iris.entity_iri("Organization", "The Auxer Group, Inc.", [("ein", "22-3537927")])
    scope = iris.person_scope(auxer, "k")
    assert scope == "ein-223537927"
    assert str(iris.entity_iri("Person", "Robert J. Scott", (), scope)) == base + "person/ein-223537927/robert-j-scott"
    assert iris.entity_iri("Person", "John Smith", (), "cik-0000320193") != iris.entity_iri("Person", "John Smith", (), scope)
    assert iris.person_scope(None, "0000950131-94-000440") == "filing-0000950131-94-000440"
    # a person with an identifier (a reporting owner's CIK) is keyed by it, whatever the scope
    assert str(iris.entity_iri("Person", "X", [("cik", "1")], scope)) == base + "cik/0000000001"
    # organizations are not scoped
    assert str(iris.entity_iri("Organization", "Harvey Westbury Corp.", (), scope)) == base + "org/harvey-westbury-corp"


def test_filing_keys():
    sha = "ab" * 32
    assert iris.filing_key("0000950131-94-000440", sha) == "0000950131-94-000440"
    assert iris.filing_key(None, sha) == "sha256-" + "ab" * 16
    assert iris.filing_key("garbage", sha) == "sha256-" + "ab" * 16


def test_relation_iri_is_deterministic_and_order_free():
    cls = iris.CKG.Ownership
    a = iris.relation_iri(cls, "k", [("owner", "x"), ("owned", "y")], [("percentage", "100")])
    b = iris.relation_iri(cls, "k", [("owned", "y"), ("owner", "x")], [("percentage", "100")])
    c = iris.relation_iri(cls, "k", [("owner", "x"), ("owned", "y")], [("percentage", "80")])
    assert a == b != c
    assert str(a).startswith("https://w3id.org/corpkg/id/ownership/k/")
