"""End-to-end tests: the real ``python -m bot`` process against a local Discord on loopback."""
