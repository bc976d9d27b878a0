"""Review pages; one module per feature (queue, candidate, records, releases, dashboard)."""
