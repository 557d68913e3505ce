"""Acquisition rules added in the role-recall round: defined-term subjects, merger subsidiaries,
passives, tender offers, schedule groups, combinations, pending deals, share counts, and the
section memory for "completed the acquisition"."""

from __future__ import annotations

from corpkg.extract.model import Document
from corpkg.extract.roles.acquisitions import AcquisitionExtractor
from corpkg.extract.roles.common import RoleContext
from corpkg.extract.roles.testing import facts_as_tuples, run_component

ISS = "iss"


def run(text, ents, ctx=None, **kw):  # evidence quotes are checked against the text
    return run_component(AcquisitionExtractor, text, ents, context=ctx or RoleContext(issuer_key=ISS, **kw))


def pairs(facts):
    return facts_as_tuples(facts, ("acquirer", "target"))


def test_subject_with_a_defined_term_and_stake_after_the_target():
    text = ("On August 30, 2005, Pericom Semiconductor Corporation, a California corporation (the “Company”), "
            "acquired 39,773,792 shares of the common stock of eCERA ComTek Corporation (“eCERA”) representing "
            "99.93% of the shares issued and outstanding of eCERA.")
    facts = run(text, [("Pericom Semiconductor Corporation", "ORG", "pericom"), ("Company", "ORG", "pericom"),
                       ("eCERA ComTek Corporation", "ORG", "ecera"), ("eCERA", "ORG", "ecera")])
    assert pairs(facts) == {("pericom", "ecera")}
    assert dict(facts[0].attributes)["kind"] == "company"
    assert dict(facts[0].attributes)["shares"] == "39773792"


def test_a_few_shares_bought_are_no_acquisition_of_the_company():
    text = "Anthony Andueza purchased 650 shares of the Issuer's Common Stock on July 25, 2012 at $15.00 per share."
    facts = run(text, [("Anthony Andueza", "PERSON", "aa"), ("the Issuer", "ORG", ISS)])
    assert pairs(facts) == {("aa", ISS)}
    assert "kind" not in dict(facts[0].attributes)


def test_merger_subsidiary_merged_into_target_makes_its_parent_the_acquirer():
    text = ("On August 12, 1998, pursuant to an Agreement and Plan of Merger by and among Amazon.com, Inc. "
            "(\"Amazon.com\"), Junglee Corp. (\"Junglee\") and AJ Acquisition, Inc., a Delaware corporation and "
            "wholly owned subsidiary of Amazon.com (\"Junglee Merger Sub\"), Junglee Merger Sub merged with and "
            "into Junglee, with Junglee as the surviving corporation.")
    facts = run(text, [("Amazon.com, Inc.", "ORG", "amazon"), ("Amazon.com", "ORG", "amazon"),
                       ("Junglee Corp.", "ORG", "junglee"), ("Junglee", "ORG", "junglee"),
                       ("AJ Acquisition, Inc.", "ORG", "aj"), ("Junglee Merger Sub", "ORG", "aj")])
    assert pairs(facts) == {("amazon", "junglee")}
    assert dict(facts[0].attributes)["survivor"] == "junglee"


def test_merger_of_a_merger_sub_with_an_apposition():
    text = ("The merger of AJ Acquisition, Inc., a wholly owned subsidiary of Amazon.com, Inc., with and into "
            "Junglee Corp. was completed on August 12, 1998.")
    facts = run(text, [("AJ Acquisition, Inc.", "ORG", "aj"), ("Amazon.com, Inc.", "ORG", "amazon"),
                       ("Junglee Corp.", "ORG", "junglee")])
    assert pairs(facts) == {("amazon", "junglee")}


def test_passives_and_its_acquisition_by():
    text = ("Mr. Altman co-founded Loopt, Inc., a provider of mobile location-based services, and served as its "
            "Chief Executive Officer until it was acquired by Green Dot Corporation in March 2012.")
    facts = run(text, [("Mr. Altman", "PERSON", "altman"), ("Loopt, Inc.", "ORG", "loopt"),
                       ("Green Dot Corporation", "ORG", "greendot")])
    assert pairs(facts) == {("greendot", "loopt")}
    text = "Mr. Battle served as a director of PeopleSoft, Inc. from 1995 until its acquisition by Oracle Corp. in 2004."
    facts = run(text, [("Mr. Battle", "PERSON", "battle"), ("PeopleSoft, Inc.", "ORG", "ps"), ("Oracle Corp.", "ORG", "oracle")])
    assert pairs(facts) == {("oracle", "ps")}


def test_tender_offer_by_and_the_filed_by_offeror():
    text = ("This Amendment relates to an offer by Icahn Enterprises to purchase up to 17,753,322 shares of common "
            "stock, par value $0.01 per share, of the Company at a price of $18.25 per share.")
    ents = [("Icahn Enterprises", "ORG", "iep"), ("the Company", "ORG", "cvr")]
    facts = run(text, ents, form_type="SC TO-T/A", signer_key="ieh")
    assert pairs(facts) == {("iep", "cvr"), ("ieh", "cvr")}
    assert "kind" not in dict(facts[0].attributes)  # 0.9 % sought: shares, not control
    facts = run(text, ents, form_type="SC TO-I")
    assert pairs(facts) == {("iep", "cvr")}


def test_reporting_group_holding_a_majority_takes_control():
    cover = ("1\tNames of Reporting Persons Kemper Isely\n\n2\tCheck the Appropriate Box\n\n"
             "1\tNames of Reporting Persons CTVC, LLC\n\n")
    text = ("As a result of the voting provisions contained in the Stockholders Agreement, the Reporting Persons "
            "control more than 50% of the voting power of common shares for the election of directors.")
    doc = Document(path="x.html", format="html", text=cover + text, sha256="0", encoding="utf-8")

    class Index:
        def resolve(self, name):
            keys = {"kemper isely": "ki", "ctvc, llc": "ctvc"}
            k = keys.get(name.lower())
            return type("E", (), {"key": k})() if k else None

    ctx = RoleContext(issuer_key=ISS, document=doc, index=Index(), form_type="SC 13D")
    facts = run(text, [("Stockholders Agreement", "ORG", "noise")], ctx=ctx)
    assert pairs(facts) == {("ki", ISS), ("ctvc", ISS)}
    assert dict(facts[0].attributes)["kind"] == "control"
    ctx2 = RoleContext(issuer_key=ISS, document=doc, index=Index(), form_type="SC 13D")
    low = text.replace("more than 50%", "approximately 30%")
    assert run(low, [("Stockholders Agreement", "ORG", "noise")], ctx=ctx2) == []
    ctx3 = RoleContext(issuer_key=ISS, document=doc, index=Index(), form_type="8-K")
    assert run(text, [("Stockholders Agreement", "ORG", "noise")], ctx=ctx3) == []


def test_combinations_are_pending_acquisitions():
    text = ("The registrant has announced that it has signed agreements pursuant to which it will combine its "
            "business with the business of the brokerage and investment banking firms of Kinnard Investments, Inc. "
            "and R.J. Steichen & Company.")
    facts = run(text, [("Kinnard Investments, Inc.", "ORG", "kinnard"), ("R.J. Steichen & Company", "ORG", "steichen")])
    assert pairs(facts) == {(ISS, "kinnard"), (ISS, "steichen")}
    assert all(dict(f.attributes)["status"] == "pending" for f in facts)
    text = ("Stockwalk.com Group, Inc. (Nasdaq: STOK), Kinnard Investments, Inc. (Nasdaq: KINN) and privately owned "
            "R.J. Steichen & Company today announced they will combine their securities brokerage and investment "
            "banking firms under the Stockwalk.com Group holding company.")
    facts = run(text, [("Stockwalk.com Group, Inc.", "ORG", "stok"), ("Stockwalk.com Group", "ORG", "stok"),
                       ("Kinnard Investments, Inc.", "ORG", "kinnard"), ("R.J. Steichen & Company", "ORG", "steichen")])
    assert pairs(facts) == {("stok", "kinnard"), ("stok", "steichen")}


def test_agreed_deal_is_pending_and_completed_deal_is_not():
    ents = [("Disney", "ORG", "disney"), ("Lucasfilm Ltd.", "ORG", "lucas")]
    facts = run("On October 30, 2012, Disney announced that it had agreed to acquire Lucasfilm Ltd.", ents)
    assert pairs(facts) == {("disney", "lucas")} and dict(facts[0].attributes)["status"] == "pending"
    facts = run("On December 21, 2012, Disney completed its acquisition of Lucasfilm Ltd.", ents)
    assert pairs(facts) == {("disney", "lucas")} and "status" not in dict(facts[0].attributes)


def test_section_memory_ties_a_later_completion_to_the_deal():
    ctx = RoleContext(issuer_key=ISS)
    ents = [("Nuance", "ORG", "nuance"), ("Tegic Communications, Inc.", "ORG", "tegic")]
    first = run("On June 21, 2007, Nuance agreed to acquire Tegic Communications, Inc.", ents, ctx=ctx)
    assert pairs(first) == {("nuance", "tegic")}
    later = run("On August 24, 2007, the acquisition was completed. Nuance paid cash.", [("Nuance", "ORG", "nuance")], ctx=ctx)
    assert pairs(later) == {("nuance", "tegic")}
    assert dict(later[0].attributes)["date"] == "2007-08-24"
    fresh = run("On August 24, 2007, the acquisition was completed. Nuance paid cash.", [("Nuance", "ORG", "nuance")])
    assert fresh == []


def test_product_lines_and_merger_subs_are_not_companies_acquired():
    facts = run("Mullen acquired ELMS’ manufacturing plant in Mishawaka, all inventory and intellectual property.",
                [("Mullen", "ORG", "mullen"), ("ELMS", "ORG", "elms")])
    assert all(dict(f.attributes)["kind"] == "assets" for f in facts)
    facts = run("Tyson Foods, Inc. entered into an Agreement and Plan of Merger with DVB Merger Sub, Inc., a wholly owned "
                "subsidiary of Tyson Foods, Inc., and AdvancePierre Foods Holdings, Inc.",
                [("Tyson Foods, Inc.", "ORG", "tyson"), ("DVB Merger Sub, Inc.", "ORG", "dvb"),
                 ("AdvancePierre Foods Holdings, Inc.", "ORG", "apf")])
    assert ("tyson", "dvb") not in pairs(facts)
    assert pairs(facts) <= {("tyson", "apf")}
