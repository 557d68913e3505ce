"""Name rarity in person resolution (issue 13): a shared rare first and last name is stronger evidence
of one person than a shared common one (US Census 2020 name frequencies, Splink's term-frequency
adjustment of the exact-name levels)."""

from __future__ import annotations

from pathlib import Path

from corpkg.graph import resolve
from corpkg.graph.store import open_store
from tests.test_resolution_rules import HEAD, ID, filing


def test_common_names_weigh_less_than_rare_ones() -> None:
    smith = resolve.name_rarity("john", "smith")
    garcia = resolve.name_rarity("maria", "garcia")
    gorsky = resolve.name_rarity("alex", "gorsky")
    assert smith is not None and garcia is not None and gorsky is not None
    assert smith < 0 < gorsky
    assert garcia < gorsky


def test_rarity_is_capped_and_needs_both_names() -> None:
    unseen = resolve.name_rarity("zyxqorv", "qwzvlkmt")
    assert unseen == resolve.NAME_RARITY_CAP
    assert resolve.name_rarity("john", None) is None
    assert resolve.name_rarity(None, "smith") is None


def test_a_shared_middle_initial_adds_evidence() -> None:
    plain = resolve.name_rarity("robert", "johnson")
    with_middle = resolve.name_rarity("robert", "johnson", "q")
    assert plain is not None and with_middle is not None
    # a rare initial ("q") adds more than a common one ("j")
    common_middle = resolve.name_rarity("robert", "johnson", "j")
    assert common_middle is not None and plain < common_middle < with_middle


def test_surnames_with_spaces_are_looked_up_run_together() -> None:
    assert resolve.name_rarity("john", "van der berg") == resolve.name_rarity("john", "vanderberg")


def _two_issuers(tmp_path: Path, name: str, slug: str) -> tuple[Path, str, str]:
    """The same name as a director of two unrelated issuers, with nothing else in common."""
    a, b = ID + "cik/0000000042", ID + "cik/0000000077"
    left, right = f"{ID}person/cik-0000000042/{slug}", f"{ID}person/cik-0000000077/{slug}"
    text = HEAD + filing("a1", "2019-03-01", [(left, name, "Director")], issuer=a, issuer_label="Acme Holdings, Inc.")
    text += filing("b1", "2020-03-01", [(right, name, "Director")], issuer=b, issuer_label="Widget Corp.")
    path = tmp_path / f"{slug}.trig"
    path.write_text(text, encoding="utf-8")
    return path, left, right


def _pair_score(path: Path, left: str, right: str) -> resolve.Scored:
    result = resolve.resolve(open_store(path))
    scored = {(s.left, s.right): s for s in result.scored}
    return scored[tuple(sorted((left, right)))]  # type: ignore[index]


def test_a_rare_shared_name_scores_higher_than_a_common_one(tmp_path: Path) -> None:
    rare = _pair_score(*_two_issuers(tmp_path, "Bala Padmakumar", "bala-padmakumar"))
    common = _pair_score(*_two_issuers(tmp_path, "John Smith", "john-smith"))
    assert rare.probability > common.probability
    assert "name rarity +" in rare.explanation
    assert "name rarity -" in common.explanation
    # two John Smiths who share nothing but the name are not joined
    assert common.probability < resolve.POSITIVE
