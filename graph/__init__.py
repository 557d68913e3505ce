"""Turning extractions into RDF; store, SPARQL, analytics and visualisation."""
