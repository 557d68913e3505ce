"""Store benchmark: ~1 million triples of synthetic, corpkg-shaped data into pyoxigraph; the named
queries over it; the same against rdflib's in-memory Dataset.

The data goes through the real mapping (corpkg.graph.rdf.build_filing_graph): synthetic filings
with issuers (by CIK, several filings each), subsidiaries in chains, officers and directors shared
across companies (interlocks), lenders, lawsuits and acquisitions, each fact with evidence.

    .venv/bin/python bench/bench_store.py                 # 1,000,000 triples; rdflib on 100,000
    .venv/bin/python bench/bench_store.py --triples 200000 --rdflib-triples 200000
    .venv/bin/python bench/bench_store.py --scale /tmp/corpkg-bench-10m --triples 10000000

``--scale DIR`` builds an on-disk store of ``--triples`` triples into DIR once (streamed, so memory
stays flat; reused on later runs while its ``bench.json`` says the same size and seed) and times
every named query warm — one warm-up, then the median of ``--runs`` — for each of its entity
parameters bound to the busiest issuer (the most triples in its filings) and to a median one, or to
the busiest person of each, then unbound (one run, in a child process given ``--unbound-timeout``
seconds).  ``--reuse`` times the store already in DIR and never builds (a 10M build takes 20 min).
The target: every query bound to one entity in <= 100 ms warm on disk at 10M triples.

    .venv/bin/python bench/bench_store.py --scale /tmp/corpkg-bench-10m --reuse --unbound-timeout 0
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import json
import random
import resource
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pyoxigraph as ox  # noqa: E402

from corpkg.extract.model import Document, Entity, Evidence, Extraction, Fact, Header, Party  # noqa: E402
from corpkg.graph.query import list_named, load_named, select  # noqa: E402
from corpkg.graph.rdf import build_filing_graph  # noqa: E402
from corpkg.graph.store import replace_filing  # noqa: E402

FIRST = ["John", "Mary", "Robert", "Linda", "James", "Susan", "David", "Karen", "Carl", "Joan", "Lazaro", "Eugene"]
LAST = ["Smith", "Jones", "Scott", "Jolitz", "Canto", "Chiaramonte", "Icahn", "Brown", "Miller", "Davis", "Garcia"]
WORDS = ["Auxer", "Harvey", "Westbury", "Quantum", "Merchant", "Viva", "Mission", "Summit", "Granite", "Pioneer",
         "Atlas", "Beacon", "Cedar", "Delta", "Evergreen", "Falcon", "Harbor", "Liberty", "Meridian", "Orion"]
HEADS = ["Group", "Industries", "Holdings", "Telecom", "Airlines", "Capital", "Energy", "Systems", "Partners"]
SUFFIX = ["Inc.", "Corp.", "LLC", "Ltd.", "Corporation", "Company"]
TITLES = ["President", "Chief Executive Officer", "Chief Financial Officer", "Director", "Secretary", "Treasurer",
          "Vice President"]


def org_name(rng: random.Random, i: int) -> str:
    return f"{rng.choice(WORDS)} {rng.choice(WORDS)} {rng.choice(HEADS)} {i} {rng.choice(SUFFIX)}"


class Writer:
    """Builds a filing's text sentence by sentence, handing back evidence for each sentence."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.n = 0

    def say(self, sentence: str) -> Evidence:
        start = self.n
        self.parts.append(sentence + " ")
        self.n += len(sentence) + 1
        return Evidence(sentence, start, start + len(sentence), extractor="bench@1", confidence=0.9)

    @property
    def text(self) -> str:
        return "".join(self.parts)


def synthetic_filing(rng: random.Random, i: int, issuers: list[tuple[str, str]], orgs: list[str],
                     people: list[str]) -> Extraction:
    cik, issuer_name = issuers[i % len(issuers)]
    w = Writer()
    ents: dict[str, Entity] = {}

    def org(name: str, **kw) -> str:
        key = "o-" + hashlib.md5(name.encode()).hexdigest()[:10]
        ents.setdefault(key, Entity(key, "Organization", name, aliases=(name.rsplit(" ", 1)[0],), **kw))
        return key

    def person(name: str) -> str:
        key = "p-" + hashlib.md5(name.encode()).hexdigest()[:10]
        ents.setdefault(key, Entity(key, "Person", name, aliases=(name.split()[-1],)))
        return key

    issuer = org(issuer_name, identifiers=(("cik", cik),), attributes=(("stateOfIncorporation", "Delaware"),),
                 is_issuer=True)
    facts = [Fact("issuer", (("issuer", issuer), ("filer", issuer)), evidence=(w.say(issuer_name.upper()),))]
    year = 1995 + i % 28
    # subsidiaries: a chain under the issuer (issuer -> s1 -> s2 ...) and a few direct ones
    parent = issuer
    ix = i % len(issuers)  # an issuer's filings name the same subsidiaries; a few are shared
    for k in range(rng.randint(4, 9)):
        sub_name = orgs[(ix * 12 + k) % len(orgs)] if rng.random() > 0.05 else orgs[rng.randrange(len(orgs))]
        sub = org(sub_name)
        if sub == parent or sub == issuer:
            continue
        owner = parent if k % 3 else issuer
        pct = rng.choice(["100", "100", "80", "51"])
        facts.append(Fact("subsidiary", (("owner", owner), ("owned", sub)),
                          (("percentage", pct), ("jurisdiction", "Delaware")),
                          (w.say(f"{ents[owner].label} owns {pct}% of {sub_name}, a Delaware corporation."),)))
        parent = sub if k % 3 else parent
    # officers and directors, drawn from a shared pool (interlocks)
    for k in range(rng.randint(4, 8)):
        # mostly the issuer's own officers; now and then a director of another company (interlocks)
        name = people[(ix * 6 + k) % len(people)] if rng.random() > 0.1 else people[rng.randrange(len(people))]
        p = person(name)
        titles = rng.sample(TITLES, rng.randint(1, 2))
        facts.append(Fact("position", (("holder", p), ("organization", issuer)),
                          tuple(("title", t) for t in titles) + (("startDate", f"{year - 2}-0{1 + k % 9}-15"),),
                          (w.say(f"{name} serves as {' and '.join(titles)} of {issuer_name}."),)))
    for k in range(rng.randint(1, 2)):
        lender = org(orgs[(i * 3 + k) % len(orgs)].replace("Holdings", "Bank"))
        amt = rng.randint(1, 500) * 100_000
        facts.append(Fact("credit", (("lender", lender), ("borrower", issuer)),
                          (("amount", str(amt)), ("currency", "USD"), ("facilityType", "revolving credit facility"),
                           ("interestRate", "prime plus 1.5%"), ("maturityDate", f"{year + 3}-12-31")),
                          (w.say(f"{issuer_name} entered into a ${amt:,} revolving credit facility with "
                                 f"{ents[lender].label}."),)))
    if i % 3 == 0:
        defendant = org(orgs[(i * 11) % len(orgs)])
        facts.append(Fact("proceeding", (("plaintiff", issuer), ("defendant", defendant)),
                          (("court", "Superior Court of New Jersey"), ("caseNumber", f"L-{i}-{year % 100:02d}"),
                           ("filedOn", f"{year}-02-22"), ("amountClaimed", "1250000")),
                          (w.say(f"{issuer_name} sued {ents[defendant].label} (Case No. L-{i})."),)))
    if i % 4 == 0:
        target = org(orgs[(i * 17) % len(orgs)])
        facts.append(Fact("acquisition", (("acquirer", issuer), ("target", target)),
                          (("kind", "company"), ("date", f"{year}-01-08"), ("shares", "246000000")),
                          (w.say(f"{issuer_name} acquired {ents[target].label} for 246,000,000 shares."),)))
    if i % 9 == 0:
        buyer = person(people[(i * 13) % len(people)])
        facts.append(Fact("acquisition", (("acquirer", buyer), ("target", issuer)), (("kind", "control"),),
                          (w.say(f"{ents[buyer].label} obtained control of {issuer_name}."),)))
    text = w.text
    sha = hashlib.sha256(f"{i}{text}".encode()).hexdigest()
    acc = f"{int(cik):010d}-{year % 100:02d}-{i:06d}"
    doc = Document(path=f"synthetic/{i}.txt", format="submission", text=text, sha256=sha, encoding="utf-8",
                   header=Header(accession_number=acc, form_type=rng.choice(["10-K", "10-Q", "8-K"]),
                                 filed_as_of=f"{year}-03-30", period_of_report=f"{year - 1}-12-31",
                                 parties=(Party("filer", name=issuer_name.upper(), cik=cik),)))
    return Extraction(doc, tuple(ents.values()), tuple(facts), "corpkg@bench", as_of=f"{year - 1}-12-31")


def generate(n_triples: int, seed: int = 7):
    """Yield FilingGraphs until about n_triples triples have been produced."""
    rng = random.Random(seed)
    n_issuers = max(10, n_triples // 2500)
    issuers = [(str(100000 + k), org_name(rng, k)) for k in range(n_issuers)]
    orgs = [org_name(rng, 10_000 + k) for k in range(max(50, n_triples // 200))]
    people = [f"{rng.choice(FIRST)} {chr(65 + k % 26)}. {rng.choice(LAST)} {k}" for k in range(max(50, n_triples // 400))]
    total, i = 0, 0
    while total < n_triples:
        fg = build_filing_graph(synthetic_filing(rng, i, issuers, orgs, people))
        total += len(fg.triples)
        i += 1
        yield fg


def build_scale_store(path: Path, n_triples: int, seed: int = 7) -> dict:
    """Build (or reuse) an on-disk store of about n_triples synthetic triples in ``path``; return its
    metadata: size, the busiest and a median issuer (by triples in their filings) and a person of each."""
    meta_path = path / "bench.json"
    if meta_path.is_file():
        meta = json.loads(meta_path.read_text())
        if meta.get("requested") == n_triples and meta.get("seed") == seed:
            return meta
    import shutil

    shutil.rmtree(path, ignore_errors=True)
    path.mkdir(parents=True)
    store = ox.Store(str(path / "store"))
    per_issuer: dict[str, int] = {}
    holders: dict[str, dict[str, int]] = {}
    chunk: list[ox.Quad] = []
    total, filings = 0, 0
    t = time.perf_counter()
    holder_p = "https://w3id.org/corpkg/ontology#holder"
    issuer_p = "https://w3id.org/corpkg/ontology#issuer"
    for fg in generate(n_triples, seed):
        issuer = next((str(o) for _s, p, o in fg.triples if str(p) == issuer_p), "")
        per_issuer[issuer] = per_issuer.get(issuer, 0) + len(fg.triples)
        hs = holders.setdefault(issuer, {})
        for _s, p, o in fg.triples:
            if str(p) == holder_p:
                hs[str(o)] = hs.get(str(o), 0) + 1
        chunk.extend(fg.quads())
        total += len(fg.triples)
        filings += 1
        if len(chunk) >= 500_000:
            store.bulk_extend(chunk)
            chunk = []
            print(f"  {total:,} triples, {filings:,} filings, {time.perf_counter() - t:.0f} s", flush=True)
    store.bulk_extend(chunk)
    store.flush()
    store.optimize()
    build_s = time.perf_counter() - t
    ranked = sorted(per_issuer, key=lambda k: (-per_issuer[k], k))
    busiest, median = ranked[0], ranked[len(ranked) // 2]

    def top_person(org: str) -> str:
        hs = holders[org]
        return max(hs, key=lambda k: (hs[k], k))

    meta = {"requested": n_triples, "seed": seed, "triples": total, "quads": len(store), "filings": filings,
            "issuers": len(per_issuer), "build_s": round(build_s, 1),
            "busiest": {"org": busiest, "triples": per_issuer[busiest], "person": top_person(busiest)},
            "median": {"org": median, "triples": per_issuer[median], "person": top_person(median)}}
    del store
    gc.collect()
    meta_path.write_text(json.dumps(meta, indent=2))
    return meta


# each named query's entity parameters and what they take: an organization or a person
ENTITY_PARAMS: dict[str, list[tuple[str, str]]] = {
    "acquisitions": [("target", "org"), ("acquirer", "org")],
    "control_of": [("org", "org"), ("controller", "person")],
    "identity_candidates": [("entity", "org"), ("entity", "person")],
    "interlocks": [("person", "person")],
    "issuer_profile": [("org", "org")],
    "judgements": [("entity", "org"), ("entity", "person")],
    "lenders": [("borrower", "org"), ("lender", "org")],
    "litigation": [("party", "org"), ("party", "person")],
    "officers": [("org", "org"), ("person", "person")],
    "officers_over_time": [("org", "org")],
    "provenance": [("subject", "org"), ("subject", "person")],
    "resolution_attributes": [("entity", "org"), ("entity", "person")],
    "resolution_links": [("entity", "org"), ("entity", "person")],
    "resolution_mentions": [("entity", "org"), ("entity", "person")],
    "resolution_names": [("entity", "org"), ("entity", "person")],
    "resolved_entities": [("canonical", "org"), ("canonical", "person")],
    "subsidiaries": [("parent", "org"), ("subsidiary", "org")],
}
# queries whose parameters are not entities: the same values for both columns
FIXED_PARAMS: dict[str, dict] = {
    "as_of": {"date": "2010-12-31", "role": "position"},
    "time_statements": {"type": "https://w3id.org/corpkg/ontology#Position",
                        "sourceSlot": "https://w3id.org/corpkg/ontology#holder",
                        "targetSlot": "https://w3id.org/corpkg/ontology#organization"},
}


def scale_rows(names: list[str], meta: dict) -> list[tuple[str, str, dict | None, dict | None]]:
    """(query, row label, parameters for the busiest, for the median) for every named query and each of
    its entity parameters, bound to the busiest and the median issuer (or the busiest person of each)."""
    rows: list[tuple[str, str, dict | None, dict | None]] = []
    for name in names:
        if name in FIXED_PARAMS:
            ps = FIXED_PARAMS[name]
            rows.append((name, ", ".join(ps), ps, ps))
        elif name in ENTITY_PARAMS:
            for param, kind in ENTITY_PARAMS[name]:
                rows.append((name, f"{param} = {'organization' if kind == 'org' else 'person'}",
                             {param: meta["busiest"][kind]}, {param: meta["median"][kind]}))
        else:
            rows.append((name, "unbound", None, None))
    return rows


def _unbound_child(store_path: str, query: str, conn) -> None:
    try:
        st = ox.Store.read_only(store_path)
        t = time.perf_counter()
        n = len(select(st, query)[1])
        conn.send((time.perf_counter() - t, n))
    except Exception as exc:  # pragma: no cover - reported, not raised
        conn.send((None, f"error: {type(exc).__name__}: {exc}"))


def warm_times(store, query: str, params: dict | None, runs: int, slow: float = 2.0) -> tuple[list[float], int]:
    """One warm-up, then ``runs`` timed runs: (seconds of each run, rows); a query whose warm-up takes
    over ``slow`` seconds is reported by that one run (it is far from the target anyway)."""
    t = time.perf_counter()
    n = len(select(store, query, params)[1])
    first = time.perf_counter() - t
    if first > slow:
        return [first], n
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        n = len(select(store, query, params)[1])
        times.append(time.perf_counter() - t)
    return times, n


def _load_meta(path: Path, args) -> dict:
    if not args.reuse:
        print(f"store of ~{args.triples:,} triples in {path} (built once, then reused) ...", flush=True)
        return build_scale_store(path, args.triples)
    meta_path = path / "bench.json"
    if not meta_path.is_file():
        raise SystemExit(f"--reuse: {meta_path} not found; build the store first (without --reuse)")
    return json.loads(meta_path.read_text())


def scale_main(args) -> int:
    import os
    import statistics

    path = Path(args.scale)
    meta = _load_meta(path, args)
    print(f"  {meta['triples']:,} triples, {meta['quads']:,} quads, {meta['filings']:,} filings, "
          f"{meta['issuers']:,} issuers (built in {meta['build_s']} s)")
    print(f"  busiest issuer {meta['busiest']['org']} ({meta['busiest']['triples']:,} triples in its filings), "
          f"its person {meta['busiest']['person']}; median {meta['median']['org']} ({meta['median']['triples']:,}), "
          f"its person {meta['median']['person']}")
    names = [n for n in list_named() if not n.startswith("projection_")] if not args.only else args.only.split(",")
    store = ox.Store.read_only(str(path / "store"))
    loads = [os.getloadavg()[0]]
    table = []
    for name, label, busiest, median in scale_rows(names, meta):
        q = load_named(name)
        cells = []
        for ps in (busiest, median):
            times, n = warm_times(store, q, ps, args.runs)
            cells.append((statistics.median(times), min(times), max(times), n))
        loads.append(os.getloadavg()[0])
        table.append((name, label, cells))
        print(f"  {name} ({label}): busiest {1000 * cells[0][0]:.1f} ms ({cells[0][3]:,} rows), "
              f"median {1000 * cells[1][0]:.1f} ms ({cells[1][3]:,} rows)", flush=True)
    unbound: dict[str, str] = {}
    if args.unbound_timeout > 0:
        import multiprocessing as mp

        ctx = mp.get_context("spawn")
        for name in names:
            parent, child = ctx.Pipe(duplex=False)
            proc = ctx.Process(target=_unbound_child, args=(str(path / "store"), load_named(name), child))
            proc.start()
            if parent.poll(args.unbound_timeout):
                s, n = parent.recv()
                cell = f"{s:.2f} s ({n:,})" if s is not None else n
            else:
                cell = f"> {args.unbound_timeout:.0f} s (stopped)"
            proc.kill()
            proc.join()
            unbound[name] = cell
            print(f"  {name} unbound: {cell}", flush=True)

    def ms(x: float) -> str:
        return f"{1000 * x:,.1f}" if x < 10 else f"{1000 * x:,.0f}"

    print(f"\nwarm query times at {meta['triples']:,} triples on disk (one warm-up, median of {args.runs} runs, "
          f"min–max in brackets; load average {min(loads):.1f}–{max(loads):.1f} on this shared machine, "
          f"{os.cpu_count()} cores):")
    print("| query | bound to | rows busiest / median | busiest ms | median ms | unbound, one cold-process run (rows) |")
    print("|---|---|---|---|---|---|")
    seen = set()
    for name, label, cells in table:
        unb = unbound.get(name, "not run") if name not in seen else "″"
        seen.add(name)
        b, m = cells
        print(f"| {name} | {label} | {b[3]:,} / {m[3]:,} | {ms(b[0])} ({ms(b[1])}–{ms(b[2])}) | "
              f"{ms(m[0])} ({ms(m[1])}–{ms(m[2])}) | {unb} |")
    slow = sorted({f"{n} ({lab})" for n, lab, c in table if max(c[0][0], c[1][0]) > 0.1})
    print(f"\nbound over 100 ms: {', '.join(slow) if slow else 'none'}")
    return 0


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _in_child(run, query, params, timeout: float) -> object:
    """Run one query in a forked child (the data is inherited copy-on-write); give up after timeout."""
    import multiprocessing as mp

    ctx = mp.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)

    def target():
        try:
            child.send(run(query, params))
        except Exception as exc:
            child.send(f"error: {type(exc).__name__}")

    proc = ctx.Process(target=target)
    proc.start()
    ready = parent.poll(timeout)
    result = parent.recv() if ready else f"> {timeout:.0f} s (stopped)"
    proc.kill()
    proc.join()
    return result


def time_queries(run, names, params, timeout: float | None = None) -> dict[str, tuple[float, object]]:
    out = {}
    for name in names:
        t = time.perf_counter()
        if timeout:
            rows = _in_child(run, load_named(name), params.get(name), timeout)
        else:
            try:
                rows = run(load_named(name), params.get(name))
            except Exception as exc:
                rows = f"error: {type(exc).__name__}"
        out[name] = (time.perf_counter() - t, rows)
        print(f"  {name}: {out[name][0]:.3f} s", flush=True)
    return out


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--triples", type=int, default=1_000_000)
    ap.add_argument("--rdflib-triples", type=int, default=100_000, help="0 to skip rdflib")
    ap.add_argument("--rdflib-timeout", type=float, default=120.0, help="give up on an rdflib query after this long")
    ap.add_argument("--rdflib-skip", default="projection_",
                    help="skip named queries starting with this on rdflib (the page's projections take minutes there)")
    ap.add_argument("--scale", metavar="DIR", help="build (once) an on-disk store of --triples into DIR and time "
                    "the named queries bound to one organization, warm (see above)")
    ap.add_argument("--runs", type=int, default=5, help="--scale: timed runs per query after one warm-up (median reported)")
    ap.add_argument("--reuse", action="store_true",
                    help="--scale: time the store already in DIR (its bench.json), never build or rebuild it")
    ap.add_argument("--unbound-timeout", type=float, default=60.0, help="--scale: seconds for each unbound query; 0 skips")
    ap.add_argument("--only", default="", help="--scale: comma-separated query names (default: all but projection_*)")
    args = ap.parse_args(argv)
    if args.scale:
        return scale_main(args)

    print(f"generating ~{args.triples:,} triples through corpkg.graph.rdf.build_filing_graph ...", flush=True)
    t = time.perf_counter()
    graphs = list(generate(args.triples))
    gen_s = time.perf_counter() - t
    n = sum(len(g.triples) for g in graphs)
    print(f"  {len(graphs):,} filings, {n:,} triples in {gen_s:.1f} s ({n / gen_s:,.0f} triples/s mapped)")

    results: dict[str, dict] = {}
    params: dict[str, dict] = {}
    with tempfile.TemporaryDirectory(prefix="corpkg-bench-") as tmp:
        store = ox.Store(str(Path(tmp) / "store"))
        quads = [q for g in graphs for q in g.quads()]
        rdf_sub, total = [], 0
        for g in graphs:
            if total >= args.rdflib_triples:
                break
            rdf_sub.append(g)
            total += len(g.triples)
        sample, first = graphs[:200], graphs[0]
        del graphs  # keep memory for the stores
        t = time.perf_counter()
        store.bulk_extend(quads)
        store.flush()
        load_s = time.perf_counter() - t
        print(f"pyoxigraph on disk, bulk_extend: {len(store):,} quads in {load_s:.1f} s ({len(store) / load_s:,.0f} quads/s)")
        # the path `corpkg build --store` takes: one transactional SPARQL update per filing
        store2 = ox.Store(str(Path(tmp) / "store2"))
        t = time.perf_counter()
        for g in sample:
            replace_filing(store2, g)
        rep_s = time.perf_counter() - t
        rep_n = sum(len(g.triples) for g in sample)
        print(f"pyoxigraph replace_filing (DROP + INSERT DATA per filing), {len(sample)} filings: "
              f"{rep_n / rep_s:,.0f} triples/s, {1000 * rep_s / len(sample):.1f} ms per filing")
        del store2

        # parameters: the issuer with the most filings, one of its subsidiaries, a busy person
        issuer = next(str(s) for s, p, o in first.triples if str(p).endswith("#issuer") and str(s).startswith("https://w3id.org/corpkg/id/filing/"))
        issuer = next(str(o) for s, p, o in first.triples if str(p).endswith("#issuer") and str(s) == issuer)
        person = next(str(o) for s, p, o in first.triples if str(p).endswith("#holder"))
        params = {"subsidiaries": {"parent": issuer}, "officers": {"org": issuer}, "provenance": {"subject": issuer},
                  "lenders": {"borrower": issuer}, "litigation": {"party": issuer}, "issuer_profile": {"org": issuer},
                  "interlocks": {"person": person}, "acquisitions": {"target": issuer}}
        names = [q for q in list_named()]

        def ox_run(q, p):
            return len(select(store, q, p)[1])

        for label, ps in (("bound", params), ("unbound", {})):
            print(f"oxigraph on disk, parameters {label}:", flush=True)
            res = time_queries(ox_run, names, ps)
            results[f"oxigraph on disk {label} ({len(store):,})"] = res
        store = None  # release the on-disk store (and its lock) before the in-memory run
        gc.collect()
        mem = ox.Store()
        t = time.perf_counter()
        mem.extend(quads)
        mload_s = time.perf_counter() - t
        print(f"pyoxigraph in memory, extend: {len(mem):,} quads in {mload_s:.1f} s ({len(mem) / mload_s:,.0f} quads/s)")

        def mem_run(q, p):
            return len(select(mem, q, p)[1])

        for label, ps in (("bound", params), ("unbound", {})):
            print(f"oxigraph in memory, parameters {label}:", flush=True)
            results[f"oxigraph in memory {label} ({len(mem):,})"] = time_queries(mem_run, names, ps)
        mem = None
        del quads
        gc.collect()

    if args.rdflib_triples:
        from rdflib import Dataset

        sub = rdf_sub
        t = time.perf_counter()
        ds = Dataset(default_union=True)
        for g in sub:
            ctx = ds.graph(g.graph)
            for tr in g.triples:
                ctx.add(tr)
        rl_s = time.perf_counter() - t
        print(f"rdflib Dataset in memory: {total:,} triples added in {rl_s:.1f} s ({total / rl_s:,.0f} triples/s)")
        store_small = ox.Store()
        store_small.bulk_extend(q for g in sub for q in g.quads())

        def rdflib_run(q, p):
            return len(select(ds, q, p)[1])

        def ox_small(q, p):
            return len(select(store_small, q, p)[1])

        print("rdflib and oxigraph on the rdflib subset:", flush=True)
        rnames = [q for q in names if not (args.rdflib_skip and q.startswith(args.rdflib_skip))]
        results[f"rdflib bound ({total:,})"] = time_queries(rdflib_run, rnames, params, args.rdflib_timeout)
        results[f"oxigraph in memory bound ({total:,})"] = time_queries(ox_small, names, params)
        results[f"rdflib unbound ({total:,})"] = time_queries(rdflib_run, rnames, {}, args.rdflib_timeout)
        results[f"oxigraph in memory unbound ({total:,})"] = time_queries(ox_small, names, {})

    cols = list(results)
    print("\nquery times in seconds (rows):")
    print("| query | " + " | ".join(cols) + " |")
    print("|---|" + "---|" * len(cols))
    for name in list_named():
        cells = [("skipped" if name not in results[c] else
                  f"{results[c][name][0]:.3f} ({results[c][name][1]:,})" if isinstance(results[c][name][1], int)
                  else results[c][name][1]) for c in cols]
        print(f"| {name} | " + " | ".join(cells) + " |")
    print(f"\npeak resident memory of this process: {rss_mb():,.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
