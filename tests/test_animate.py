import base64
import io
import re

import numpy as np
import pytest
from matplotlib.animation import FuncAnimation
from PIL import Image

from dominotiling import Region, Tiling, find_tiling, max_cover, random_tiling
from dominotiling.color import color_dominoes
from dominotiling.matching import kuhn_frames
from dominotiling.viz.animate import AnimationHTML, animate, draw_frame, save_gif, subsample, to_html


def tiny_tilings(n=3):
    return [random_tiling(Region.rectangle(2, 4), seed=s) for s in range(n)]


def frame_count(anim):
    return sum(1 for _ in anim.new_frame_seq())


# an animation never rendered warns when collected; these tests often only count frames
pytestmark = pytest.mark.filterwarnings("ignore:Animation was deleted without rendering")


def embedded_pngs(html):
    """The base64 PNG payloads of a jshtml player (lines continued by a backslash)."""
    found = re.findall(r"data:image/png;base64,([A-Za-z0-9+/=\\\n]+)", html)
    return [m.replace("\\", "").replace("\n", "") for m in found]


def test_animate_tilings_frame_count():
    anim = animate(tiny_tilings(4), figsize=(2, 1), dpi=30)
    assert isinstance(anim, FuncAnimation)
    assert anim.n_frames == 4 == frame_count(anim)


def test_to_html_has_a_js_player_with_every_frame():
    anim = animate(tiny_tilings(3), figsize=(2, 1), dpi=30)
    html = to_html(anim)
    assert isinstance(html, AnimationHTML) and isinstance(html, str)
    assert html._repr_html_() == str(html)
    assert "<script" in html and "Animation" in html
    pngs = embedded_pngs(html)
    assert len(pngs) == 3
    img = Image.open(io.BytesIO(base64.b64decode(pngs[0])))
    assert img.size == (60, 30)


def test_save_gif_magic_and_frames(tmp_path):
    path = save_gif(tiny_tilings(3), tmp_path / "t.gif", figsize=(2, 1), dpi=30)
    data = path.read_bytes()
    assert data[:4] == b"GIF8"
    with Image.open(path) as im:
        assert im.n_frames == 3
    # a ready animation is accepted as well
    anim = animate(tiny_tilings(2), figsize=(2, 1), dpi=30)
    assert save_gif(anim, tmp_path / "a.gif").read_bytes()[:4] == b"GIF8"


def test_subsample_keeps_ends():
    assert subsample(range(10), step=3) == [0, 3, 6, 9]
    assert subsample(range(11), step=3) == [0, 3, 6, 9, 10]
    out = subsample(range(100), max_frames=7)
    assert len(out) == 7 and out[0] == 0 and out[-1] == 99 and out == sorted(out)
    assert subsample([], step=2) == []
    with pytest.raises(ValueError):
        subsample(range(5), step=0)
    with pytest.raises(ValueError):
        subsample(range(5), max_frames=1)
    anim = animate(tiny_tilings(5), step=2, figsize=(2, 1), dpi=30)
    assert anim.n_frames == 3


def test_kuhn_frames_become_two_pictures_each():
    frames = kuhn_frames(Region.rectangle(2, 3), seed=1)
    anim = animate(frames, figsize=(2, 2), dpi=30)
    assert anim.n_frames == 2 * len(frames) == frame_count(anim)
    anim = animate(frames, max_frames=2, figsize=(2, 2), dpi=30)
    assert anim.n_frames == 2


def test_kuhn_path_drawn_through_cell_centres():
    import matplotlib.pyplot as plt

    class Step:  # duck typing: any record with before / path / after
        def __init__(self):
            region = Region.rectangle(1, 4)
            self.before = Tiling(region, [[-2, 0, 0, -2]])
            self.path = np.array([[0, 0], [0, 1], [0, 2], [0, 3]])
            self.after = Tiling(region, [[0, 0, 1, 1]])

    anim = animate([Step()], figsize=(2, 1), dpi=30)
    assert anim.n_frames == 2
    fig, ax = plt.subplots()
    from dominotiling.viz.animate import _expand

    before, after = _expand([Step()])
    caption = draw_frame(before, ax)
    assert "4 cells" in caption
    line = ax.lines[0]
    assert np.allclose(line.get_xdata(), [0.5, 1.5, 2.5, 3.5])
    assert np.allclose(line.get_ydata(), 0.5)
    assert line.get_linewidth() > 3  # thick before the flip
    ax.clear()
    draw_frame(after, ax)
    assert ax.lines[0].get_linewidth() < line.get_linewidth()


def test_colouring_frames_uncoloured_grey_and_kempe_caption():
    import matplotlib.pyplot as plt

    t = random_tiling(Region.rectangle(4, 4), seed=2)
    colors, frames = color_dominoes(t, frames=True)
    fig, ax = plt.subplots()
    draw_frame(frames[0], ax)  # nothing coloured: the overlay covers every domino
    overlay = np.asarray(ax.images[-1].get_array())
    assert overlay.shape == (4, 4, 4) and (overlay[..., 3] == 1).all()
    ax.clear()
    draw_frame(frames[-1], ax)  # all coloured: the overlay is transparent
    assert (np.asarray(ax.images[-1].get_array())[..., 3] == 0).all()
    ax.clear()
    draw_frame((t, colors), ax)
    assert (np.asarray(ax.images[-1].get_array())[..., 3] == 0).all()

    result = colors

    class KempeFrame:
        tiling, colors, changed, kempe, domino = t, result, np.array([0, 1]), True, 2

    ax.clear()
    assert draw_frame(KempeFrame(), ax) == "Kempe swap: 2 dominoes recoloured"
    anim = animate(frames, max_frames=5, figsize=(2, 2), dpi=30)
    assert anim.n_frames == 5 and len(embedded_pngs(to_html(anim))) == 5


def test_highlighted_cells_and_regions():
    import matplotlib.pyplot as plt

    t = max_cover(Region.rectangle(3, 3))
    fig, ax = plt.subplots()
    draw_frame((t, np.array([[0, 0], [2, 1]])), ax)
    over = np.asarray(ax.images[-1].get_array())
    assert over[0, 0, 3] > 0 and over[2, 1, 3] > 0 and over[1, 1, 3] == 0
    ax.clear()
    mask = np.zeros((3, 3), bool)
    mask[1, 2] = True
    draw_frame((t.region, mask), ax)
    assert np.asarray(ax.images[-1].get_array())[1, 2, 3] > 0
    frames = [t.region, t, (t, mask), find_tiling(Region.rectangle(3, 4))]
    assert animate(frames, figsize=(2, 2), dpi=30).n_frames == 4


def test_custom_draw_frame_and_errors():
    seen = []

    def draw(frame, ax):
        seen.append(frame)
        ax.plot([0, frame], [0, 1])
        return f"frame {frame}"

    anim = animate([1, 2, 3], draw_frame=draw, figsize=(1, 1), dpi=20)
    html = to_html(anim)
    assert len(embedded_pngs(html)) == 3 and {1, 2, 3} <= set(seen)
    with pytest.raises(TypeError, match="draw_frame="):
        to_html(animate([object()], figsize=(1, 1), dpi=20))
    with pytest.raises(ValueError, match="no frames"):
        animate([])


def test_wilson_frames_animate():
    import matplotlib.pyplot as plt

    from dominotiling.wilson import uniform_spanning_tree

    parent, frames = uniform_spanning_tree((3, 4), seed=2, frames=True)
    anim = animate(frames, max_frames=12)
    assert anim.n_frames == 12
    fig, ax = plt.subplots()
    caption = draw_frame(frames[-1], ax)
    assert caption and len(ax.collections) >= 1
    # the last frame's tree has every vertex but the root attached: m*n - 1 edges
    tree_lines = ax.collections[0].get_segments()
    assert len(tree_lines) == 3 * 4 - 1
