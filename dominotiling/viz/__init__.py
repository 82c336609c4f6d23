"""Pictures of the model and of the algorithms (matplotlib); viz imports the model, never the other way round.

- :mod:`~dominotiling.viz.draw` -- regions, tilings, placement probabilities;
- :mod:`~dominotiling.viz.views` -- algorithm pictures: Hall certificates, augmenting
  paths, Temperley's trees, the Aztec, dimer and height-surface views;
- :mod:`~dominotiling.viz.animate` -- the frames of any ``*_frames()`` function as an
  animation (the frames protocol is described there);
- :mod:`~dominotiling.viz.widgets` -- interactive explorers (ipywidgets, imported lazily).
"""
