"""Merge identity pairs batch 3 (batch3a.json, batch3b.json) into pairs.json, leaving out every pair
whose two mentions (filings and names, case aside) an earlier pair or an earlier pair of the batch
already holds. Run once, from the project root; prints what it left out."""

import json
from pathlib import Path

HERE = Path(__file__).parent


def key(p: dict) -> tuple:
    return (tuple(sorted([p["a"]["filing"], p["b"]["filing"]])),
            tuple(sorted([p["a"]["name"].lower(), p["b"]["name"].lower()])))


pairs = json.loads((HERE / "pairs.json").read_text(encoding="utf-8"))
seen = {key(p) for p in pairs}
added = 0
for name in ("batch3a.json", "batch3b.json"):
    for p in json.loads((HERE / name).read_text(encoding="utf-8")):
        if key(p) in seen:
            print(f"left out {p['id']}: {p['a']['name']} / {p['b']['name']} (already paired)")
            continue
        seen.add(key(p))
        pairs.append(p)
        added += 1
(HERE / "pairs.json").write_text(json.dumps(pairs, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
print(f"added {added}; pairs.json holds {len(pairs)}")
