"""Deprecated alias: seeds are checked by :func:`dominotiling._validate.seed`."""

from ._validate import seed as as_generator

__all__ = ["as_generator"]
