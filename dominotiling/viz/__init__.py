"""Pictures of the model and of the algorithms (matplotlib); viz imports the model, never the other way round.

- :mod:`~dominotiling.viz.draw` -- regions, tilings, placement probabilities, in a
  style chosen by the size of a cell on screen (outlines when they help, the four
  domino types when cells are small, one averaged image for millions of cells);
- :mod:`~dominotiling.viz.views` -- algorithm pictures: Hall certificates, augmenting
  paths, Temperley's trees, the Aztec (with the arctic circle), dimer, height-surface
  and local-tilt views;
- :mod:`~dominotiling.viz.animate` -- the frames of any ``*_frames()`` function as an
  animation that plays itself in Jupyter and saves as a GIF or an MP4 (the frames
  protocol is described there), and one-liners such as ``animate_kuhn(region)``;
- :mod:`~dominotiling.viz.widgets` -- interactive explorers (ipywidgets, imported lazily).
"""
