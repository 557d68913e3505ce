"""Reading filings and extracting entities and role facts (no RDF here)."""
