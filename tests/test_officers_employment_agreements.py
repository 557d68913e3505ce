"""The filer's employment, retention or change-in-control agreements with named persons (Item 5.02(e)):
each person is an executive officer of the filer — unless the filing already seats the person with a title
of its own, or the agreement is not the filer's. Names with diacritics are persons too ("Cedric Prouvé")."""

from __future__ import annotations

from corpkg.extract.names import classify_name
from corpkg.extract.pipeline import extract_filing
from corpkg.extract.reader import read_text

HEAD = """UNITED STATES
SECURITIES AND EXCHANGE COMMISSION
FORM 8-K
CURRENT REPORT
HARROWGATE BRANDS, INC.
(Exact name of registrant as specified in its charter)

Item 5.02(e). Compensatory Arrangements of Certain Officers

"""

AMENDED = HEAD + """On March 3, 2024, Harrowgate Brands, Inc. (the "Company") entered into amendments to the employment agreements with Laura M. Pennington, Gregory T. Halvorsen and Cedric Prouvé. Each amendment extends the term by two years.
"""

TITLED = HEAD + """On March 3, 2024, the Company extended the terms of the employment agreements with each of Laura M. Pennington, President and Chief Executive Officer, and Gregory T. Halvorsen, Chief Financial Officer.
"""

NOT_THE_FILER = HEAD + """Mr. Ostrander, the founder of Tidewell Partners LLC, entered into an employment agreement with Martin J. Okafor in 2019, before either joined the Company.
"""


def seats(text: str) -> set[tuple[str, str, str]]:
    ex = extract_filing(read_text(text.encode(), "8-K_harrowgate.txt"))
    label = {e.key: e.label for e in ex.entities}
    return {(label[f.participant("holder")[0]], label[f.participant("organization")[0]], t)
            for f in ex.facts if f.role == "position" for t in f.attribute("title")}


def test_the_filers_employment_agreements_seat_each_person_named():
    found = seats(AMENDED)
    for person in ("Laura M. Pennington", "Gregory T. Halvorsen", "Cedric Prouvé"):
        assert (person, "Harrowgate Brands, Inc.", "Executive Officer") in found


def test_a_titled_seat_is_not_doubled_by_the_agreement():
    found = seats(TITLED)
    assert ("Gregory T. Halvorsen", "Harrowgate Brands, Inc.", "Chief Financial Officer") in found
    assert not any(t == "Executive Officer" for _, _, t in found)


def test_an_agreement_the_filer_is_not_party_to_seats_nobody():
    assert not any(p == "Martin J. Okafor" for p, _, _ in seats(NOT_THE_FILER))


def test_names_with_diacritics_are_persons_and_foreign_firm_names_are_not():
    for name in ("Cedric Prouvé", "José Martínez", "Renée Delacroix", "Jürgen Müller"):
        assert classify_name(name)[0] == "Person", name
    for name in ("Crédit Agricole", "Société Générale"):
        assert classify_name(name)[0] != "Person", name
