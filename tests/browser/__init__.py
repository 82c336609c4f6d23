"""The browser suite (a package, so that its conftest does not clash with ``tests/conftest.py``)."""
