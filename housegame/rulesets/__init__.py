"""Ruleset models (one per game), the loader that reads them from YAML, and what reads them."""
