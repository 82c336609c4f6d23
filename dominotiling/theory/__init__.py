"""The infinite-volume side of the dimer model: spectral curves, amoebas and phases,
surface tension, local statistics of Gibbs measures, limit shapes and arctic curves.

The wing is being built; its functions arrive with the theory issues.
"""

__all__ = []
