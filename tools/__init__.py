"""Developer commands run as `python -m tools.NAME` (benchmarks, test repetition)."""
