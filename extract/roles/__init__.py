"""One spaCy component per role: issuer, subsidiaries, officers, lenders, litigation, acquisitions."""
