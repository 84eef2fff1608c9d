"""Small pieces every app shares, below them all in the layering (pyproject.toml)."""
