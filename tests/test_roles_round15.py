"""Fifteenth session: errors of the ninth annotated batch's train/dev files and of the annotated train
set, tried here on hand-made text about invented parties: a name's initial "V." at a line start is no
case caption's "v."; Luxembourg "S.à.r.l." spellings end a name with their period; a name suffix before
a sentence opener ends the sentence ("Trust II. Before"); a biography's bare first name refers to the
person it introduced; "Director of X operations for Y" is a position at Y, never at X."""

from __future__ import annotations

import sys
from pathlib import Path

from corpkg.extract.model import Extraction

sys.path.insert(0, str(Path(__file__).parent))
from role_helpers import HOC, extract_body


def _labels(ex: Extraction) -> dict[str, str]:
    return {e.key: e.label for e in ex.entities}


def _positions(ex: Extraction) -> set[tuple[str, str]]:
    lab = _labels(ex)
    return {(lab[h], lab[o]) for f in ex.facts if f.role == "position"
            for h in f.participant("holder") for o in f.participant("organization")}


def _subsidiaries(ex: Extraction) -> set[tuple[str, str]]:
    lab = _labels(ex)
    return {(lab[a], lab[b]) for f in ex.facts if f.role == "subsidiary"
            for a in f.participant("owner") for b in f.participant("owned")}


CONTACTS = """Item 2.02 Results of Operations

Contacts:
          Halverson Optics Corporation
          V. Marcus Tollefsen, Chairman
          Rhea Dunmore, Chief Financial Officer
"""


def test_an_initial_at_a_line_start_is_no_case_caption(nlp, tmp_path: Path) -> None:
    ex = extract_body(nlp, tmp_path, CONTACTS)
    assert not [f for f in ex.facts if f.role == "proceeding"]
    assert ("V. Marcus Tollefsen", HOC) in _positions(ex)


def test_an_upper_case_caption_still_is_one(nlp, tmp_path: Path) -> None:
    body = ("Item 8.01 Other Events\n\nOn May 3, 2024, Brightwater Capital LLC filed a complaint captioned "
            "Brightwater Capital LLC v. Halverson Optics Corporation in the Superior Court of Delaware.\n")
    ex = extract_body(nlp, tmp_path, body)
    lab = _labels(ex)
    sides = {(lab[k], role) for f in ex.facts if f.role == "proceeding" for role, k in f.participants}
    assert ("Brightwater Capital LLC", "plaintiff") in sides
    assert (HOC, "defendant") in sides


SARL = """Item 1.01 Entry into a Material Definitive Agreement

On June 2, 2024, Halverson Optics Corporation (the "Company") and its subsidiaries Halverson Optics Europe S.á.r.l. ("LuxCo") and Halverson Linsen GmbH ("GermanCo") entered into an amendment to the note agreement.
"""


def test_sarl_spellings_keep_their_period_and_both_defined_subsidiaries_are_found(nlp, tmp_path: Path) -> None:
    ex = extract_body(nlp, tmp_path, SARL)
    subs = _subsidiaries(ex)
    assert (HOC, "Halverson Optics Europe S.á.r.l.") in subs
    assert (HOC, "Halverson Linsen GmbH") in subs


BIO = """Item 5.02 Departure of Directors or Certain Officers

Mr. Trevor Vantongeren, age 51, is the Chief Growth Officer of Halverson Optics Corporation and a Trustee of the Pellworth Opportunity Trust II. Before joining the Company, Trevor was the President and Chief Operating Officer of Quorran Investments, Inc. Earlier, Trevor was Director of fund operations for Saltmarsh Fund Services LLC and, before that, Director of Brimley operations for Ketterby Advisors LLC.
"""


def test_a_name_suffix_before_a_sentence_opener_ends_the_name(nlp, tmp_path: Path) -> None:
    ex = extract_body(nlp, tmp_path, BIO)
    labels = set(_labels(ex).values())
    assert "Pellworth Opportunity Trust II" in labels
    assert not any(lb.endswith("Before") for lb in labels)


def test_a_biographys_bare_first_name_is_the_person_it_introduced(nlp, tmp_path: Path) -> None:
    pos = _positions(extract_body(nlp, tmp_path, BIO))
    assert ("Trevor Vantongeren", "Quorran Investments, Inc.") in pos


def test_a_function_named_after_a_company_is_no_position_there(nlp, tmp_path: Path) -> None:
    pos = _positions(extract_body(nlp, tmp_path, BIO))
    assert ("Trevor Vantongeren", "Ketterby Advisors LLC") in pos
    assert not any(org == "Brimley" for _, org in pos)


def test_a_first_name_shared_by_two_persons_refers_to_neither(nlp, tmp_path: Path) -> None:
    body = ("Item 5.02 Departure of Directors or Certain Officers\n\nMr. Trevor Vantongeren and Mr. Trevor "
            "Corrigan joined the Board of Directors of Halverson Optics Corporation. Previously, Trevor was the "
            "President of Quorran Investments, Inc.\n")
    pos = _positions(extract_body(nlp, tmp_path, body))
    assert not any(org == "Quorran Investments, Inc." for _, org in pos)


GUARANTY = """EXHIBIT A

FORM OF GUARANTY

THIS GUARANTY is dated as of March 4, 2024 executed and delivered by each of Quellin (Fenwick), Inc., a North Carolina corporation, Quellin (Port
Saltash), Inc., a Florida corporation, Quellin Lakeshore, Inc., a Missouri corporation, and Quellin of Utah, Inc., a Utah corporation (the "Guarantors"), in favor of Brightwater Bank, N.A., as Agent.

"Subsidiary Guarantors" means each of those Subsidiaries of the Company in existence on the Closing Date.
"""


def test_a_parenthesised_word_inside_a_name_before_its_legal_form(nlp, tmp_path: Path) -> None:
    labels = set(_labels(extract_body(nlp, tmp_path, GUARANTY)).values())
    assert {"Quellin (Fenwick), Inc.", "Quellin (Port Saltash), Inc."} <= labels
    # upper-case words in parentheses are no part of a name ("CERTIFIED MAIL (RETURN RECEIPT REQUESTED)")
    ex = extract_body(nlp, tmp_path, "Item 8.01 Other Events\n\nNotices shall be sent by CERTIFIED MAIL (RETURN RECEIPT REQUESTED) DIRECTED to the Company.\n")
    assert not any("RETURN" in lb for lb in _labels(ex).values())


def test_a_guarantys_preamble_lists_subsidiaries_of_the_party_the_definition_names(nlp, tmp_path: Path) -> None:
    subs = _subsidiaries(extract_body(nlp, tmp_path, GUARANTY))
    for name in ("Quellin (Fenwick), Inc.", "Quellin (Port Saltash), Inc.", "Quellin Lakeshore, Inc.", "Quellin of Utah, Inc."):
        assert (HOC, name) in subs
    assert not any(sub == "Brightwater Bank, N.A." for _, sub in subs)


def test_a_guaranty_without_a_subsidiary_definition_makes_no_subsidiary(nlp, tmp_path: Path) -> None:
    body = GUARANTY.split('"Subsidiary Guarantors"')[0]
    subs = _subsidiaries(extract_body(nlp, tmp_path, body))
    assert not any(sub == "Quellin Lakeshore, Inc." for _, sub in subs)


OFFICERS_TABLE = """Item 10. Directors and Executive Officers

Halverson Optics Corporation is managed by Quellin Income & Growth Fund, Inc. (the "General Partner"). The directors and officers of the General Partner and key employees of its affiliate Quellin Capital Securities Corp. ("QCSC") are as follows:

NAME\tTITLE

Rhea Dunmore\tChief Operating Officer of QCSC & QIGF, Inc.; Senior Vice President of QCSC

Johnson & Johnson and Procter & Gamble are customers of the Company.
"""


def test_an_ampersand_after_a_defined_short_name_joins_two_parties(nlp, tmp_path: Path) -> None:
    ex = extract_body(nlp, tmp_path, OFFICERS_TABLE)
    labels = set(_labels(ex).values())
    assert not any("QCSC &" in lb for lb in labels)
    assert {"Johnson & Johnson", "Procter & Gamble"} <= labels


def test_an_acronym_with_a_legal_form_is_the_organization_whose_initials_it_spells(nlp, tmp_path: Path) -> None:
    pos = _positions(extract_body(nlp, tmp_path, OFFICERS_TABLE))
    assert ("Rhea Dunmore", "Quellin Income & Growth Fund, Inc.") in pos
    assert ("Rhea Dunmore", "Quellin Capital Securities Corp.") in pos


def test_a_first_name_and_surname_that_are_words_are_a_person_beside_a_title(nlp, tmp_path: Path) -> None:
    body = ("Item 5.02 Departure of Directors or Certain Officers\n\nOn May 3, 2024, Halverson Optics Corporation "
            "announced that Mark Fields, Vice President of Halverson Optics Corporation, will retire. The Mark Fields "
            "of the company lie in Ohio.\n")
    ex = extract_body(nlp, tmp_path, body)
    assert ("Mark Fields", HOC) in _positions(ex)
    assert sum(1 for e in ex.entities if e.label == "Mark Fields") == 1


def test_persons_named_on_behalf_of_an_organization_hold_their_titles_there(nlp, tmp_path: Path) -> None:
    body = ("Item 8.01 Other Events\n\nParticipating on behalf of Halverson Optics Corporation at this meeting was "
            "Rhea Dunmore, General Counsel, and on behalf of Quorran Investments, Inc. were Trevor Vantongeren, Chief "
            "Executive Officer, and Ansel Corrigan, Chief Scientific Officer.\n")
    pos = _positions(extract_body(nlp, tmp_path, body))
    assert ("Trevor Vantongeren", "Quorran Investments, Inc.") in pos
    assert ("Ansel Corrigan", "Quorran Investments, Inc.") in pos
    assert ("Rhea Dunmore", HOC) in pos
    assert ("Trevor Vantongeren", HOC) not in pos
