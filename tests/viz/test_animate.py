import base64
import io
import re

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.animation import FuncAnimation
from PIL import Image

from dominotiling import Region, Tiling, find_tiling, max_cover, min_tiling, random_tiling
from dominotiling.aztec.shuffling import sample_aztec, shuffle_frames
from dominotiling.errors import DominoTilingError, DominoTypeError
from dominotiling.matching.color import ColoringFrame, color_dominoes, color_frames
from dominotiling.matching.matchings import KuhnFrame, kuhn_frames, maximum_matching
from dominotiling.model.frames import Frame
from dominotiling.sampling.mcmc import glauber, glauber_frames
from dominotiling.trees.wilson import WilsonFrame, uniform_spanning_tree, wilson_frames
from dominotiling.viz.animate import (
    AnimationHTML,
    _pictures,
    animate,
    animate_coloring,
    animate_glauber,
    animate_kuhn,
    animate_shuffling,
    animate_wilson,
    draw_frame,
    save_gif,
    subsample,
    to_html,
)


def tiny_tilings(n=3):
    return [random_tiling(Region.rectangle(2, 4), seed=s) for s in range(n)]


def frame_count(anim):
    return sum(1 for _ in anim.new_frame_seq())


# an animation never rendered warns when collected; these tests often only count frames
pytestmark = pytest.mark.filterwarnings("ignore:Animation was deleted without rendering")


def embedded_pngs(html):
    """The frames of the GIF a player embeds, each as a PNG payload (base64), as a jshtml player held them.

    Consecutive identical pictures are stored once in a GIF (their times added up).
    """
    (b64,) = re.findall(r"data:image/gif;base64,([A-Za-z0-9+/=]+)", html)
    out = []
    with Image.open(io.BytesIO(base64.b64decode(b64))) as gif:
        for k in range(gif.n_frames):
            gif.seek(k)
            buf = io.BytesIO()
            gif.convert("RGB").save(buf, format="PNG")
            out.append(base64.b64encode(buf.getvalue()).decode("ascii"))
    return out


def overlay(ax):
    """The last image painted on the Axes (an RGBA overlay), as an array."""
    return np.asarray(ax.images[-1].get_array())


def pairs_of(tiling):
    """The dominoes of a tiling as a set of frozensets of two cells (from the labels, by hand)."""
    lab = tiling.labels
    cells = {}
    for r, c in zip(*np.nonzero(lab >= 0)):
        cells.setdefault(int(lab[r, c]), []).append((int(r), int(c)))
    return {frozenset(v) for v in cells.values()}


# ------------------------------------------------------------------ animations
def test_animate_tilings_frame_count():
    anim = animate(tiny_tilings(4), figsize=(2, 1), dpi=30)
    assert isinstance(anim, FuncAnimation)
    assert anim.n_frames == 4 == frame_count(anim)


def test_to_html_has_a_js_player_with_every_frame():
    anim = animate(tiny_tilings(3), figsize=(2, 1), dpi=30)
    html = to_html(anim)
    assert isinstance(html, AnimationHTML) and isinstance(html, str)
    assert html._repr_html_() == str(html)
    assert "<script" in html and "dt-animation" in html
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
    with pytest.raises(DominoTilingError, match="step"):
        subsample(range(5), step=0)
    with pytest.raises(DominoTilingError, match="max_frames"):
        subsample(range(5), max_frames=1)
    with pytest.raises(DominoTypeError, match="step"):
        subsample(range(5), step=1.5)
    anim = animate(tiny_tilings(5), step=2, figsize=(2, 1), dpi=30)
    assert anim.n_frames == 3


def test_animate_checks_its_arguments():
    frames = tiny_tilings(2)
    with pytest.raises(DominoTilingError, match="no frames"):
        animate([])
    with pytest.raises(DominoTilingError, match="interval"):
        animate(frames, interval=0)
    with pytest.raises(DominoTilingError, match="dpi"):
        animate(frames, dpi=0)
    with pytest.raises(DominoTypeError, match="figsize"):
        animate(frames, figsize=3)
    with pytest.raises(DominoTilingError, match="figsize"):
        animate(frames, figsize=(2, -1))
    with pytest.raises(DominoTypeError, match="draw_frame"):
        animate(frames, draw_frame="tiling")
    with pytest.raises(DominoTilingError, match="default_mode"):
        to_html(animate(frames, dpi=20), default_mode="bounce")


# ------------------------------------------------------- the frames protocol
def test_every_frames_function_returns_frames_that_animate_draws():
    t = random_tiling(Region.rectangle(4, 4), seed=2)
    runs = {
        "kuhn": kuhn_frames(Region.rectangle(2, 3), seed=1),
        "shuffle": shuffle_frames(3, seed=1),
        "color": color_frames(t, k=4),
        "wilson": wilson_frames((3, 3), seed=1),
        "glauber": glauber_frames(
            min_tiling(Region.rectangle(4, 4)), steps=30, seed=1, max_frames=5
        ),
    }
    for name, frames in runs.items():
        assert frames and all(isinstance(f, Frame) for f in frames), name
        assert all(isinstance(f.title, str) and f.title for f in frames), name
        anim = animate(frames, figsize=(2, 2), dpi=20)
        # a frame with a `before` tiling (a Kuhn step) is two pictures, any other one
        expected = sum(2 if f.before is not None else 1 for f in frames)
        assert anim.n_frames == expected == frame_count(anim), name
        assert len(embedded_pngs(to_html(anim))) == expected, name


def test_kuhn_frames_become_two_pictures_each():
    frames = kuhn_frames(Region.rectangle(2, 3), seed=1)
    anim = animate(frames, figsize=(2, 2), dpi=30)
    assert anim.n_frames == 2 * len(frames) == frame_count(anim)
    anim = animate(frames, max_frames=2, figsize=(2, 2), dpi=30)
    assert anim.n_frames == 2


def test_kuhn_path_drawn_through_cell_centres():
    region = Region.rectangle(1, 4)
    before = Tiling(region, [[-2, 0, 0, -2]])
    after = Tiling(region, [[0, 0, 1, 1]])
    step = KuhnFrame(before, np.array([[0, 0], [0, 1], [0, 2], [0, 3]]), after)
    assert step.tiling is after and step.before is before and step.after is after
    anim = animate([step], figsize=(2, 1), dpi=30)
    assert anim.n_frames == 2
    fig, ax = plt.subplots()
    first, second = _pictures([step], convert=True)
    caption = draw_frame(first, ax)
    assert "4 cells" in caption
    line = ax.lines[0]
    assert np.allclose(line.get_xdata(), [0.5, 1.5, 2.5, 3.5])
    assert np.allclose(line.get_ydata(), 0.5)
    assert line.get_linewidth() > 3  # thick before the flip
    # the first picture shows `before`: the two end cells are uncovered (pale, as an empty board)
    rgb = np.asarray(ax.images[0].get_array())[0, :, :3]
    from dominotiling.viz.draw import _UNCOVERED

    assert all(min(np.abs(rgb[k] - u).max() for u in _UNCOVERED) < 0.02 for k in (0, 3))
    assert min(np.abs(rgb[1] - u).max() for u in _UNCOVERED) > 0.1
    assert np.allclose(rgb[1], rgb[2])  # the one domino: one colour
    ax.clear()
    assert "(after)" in draw_frame(second, ax)
    assert ax.lines[0].get_linewidth() < line.get_linewidth()


def test_colouring_frames_uncoloured_grey_and_kempe_caption():
    t = random_tiling(Region.rectangle(4, 4), seed=2)
    frames = color_frames(t)
    fig, ax = plt.subplots()
    assert (
        draw_frame(frames[0], ax) == "0 of 8 coloured"
    )  # nothing coloured: the overlay covers every domino
    assert overlay(ax).shape == (4, 4, 4) and (overlay(ax)[..., 3] == 1).all()
    ax.clear()
    assert (
        draw_frame(frames[-1], ax) == "8 of 8 coloured"
    )  # all coloured: the overlay is transparent
    assert (overlay(ax)[..., 3] == 0).all()
    # the domino coloured last is ringed at its centre
    ring = ax.collections[-1].get_offsets()
    (r0, c0), (r1, c1) = t.dominoes[frames[-1].domino]
    assert np.allclose(ring, [[(c0 + c1) / 2 + 0.5, (r0 + r1) / 2 + 0.5]])

    kempe = ColoringFrame(t, color_dominoes(t), np.array([0, 1]), True, 2)
    ax.clear()
    assert draw_frame(kempe, ax) == "Kempe swap: 2 dominoes recoloured"
    assert len(ax.collections[-1].get_offsets()) == 2  # two rings
    shade = overlay(ax)[..., 3]  # the waiting domino's two cells are highlighted
    assert {tuple(c) for c in np.argwhere(shade > 0)} == {tuple(c) for c in t.dominoes[2].tolist()}
    anim = animate(frames, max_frames=5, figsize=(2, 2), dpi=30)
    assert anim.n_frames == 5 and len(embedded_pngs(to_html(anim))) == 5


def test_highlighted_cells_and_regions():
    t = max_cover(Region.rectangle(3, 3))
    fig, ax = plt.subplots()
    assert draw_frame(Frame(t, highlight=[(0, 0), (2, 1)], title="two cells"), ax) == "two cells"
    over = overlay(ax)
    assert over[0, 0, 3] > 0 and over[2, 1, 3] > 0 and over[1, 1, 3] == 0
    ax.clear()
    draw_frame(Frame(region=t.region, highlight=[(1, 2)]), ax)
    assert overlay(ax)[1, 2, 3] > 0 and overlay(ax)[0, 0, 3] == 0
    frames = [t.region, t, Frame(t, highlight=[(1, 1)]), find_tiling(Region.rectangle(3, 4))]
    assert animate(frames, figsize=(2, 2), dpi=30).n_frames == 4


def test_old_frame_forms_still_draw_with_a_warning():
    t = max_cover(Region.rectangle(3, 3))
    colors = color_dominoes(t)
    mask = np.zeros((3, 3), bool)
    mask[1, 2] = True
    fig, ax = plt.subplots()
    with pytest.warns(DeprecationWarning, match="Frame"):
        draw_frame((t, np.array([[0, 0], [2, 1]])), ax)
    assert overlay(ax)[0, 0, 3] > 0 and overlay(ax)[1, 1, 3] == 0
    ax.clear()
    with pytest.warns(DeprecationWarning, match="Frame"):
        draw_frame((t.region, mask), ax)
    assert overlay(ax)[1, 2, 3] > 0
    ax.clear()
    with pytest.warns(DeprecationWarning, match="Frame"):
        draw_frame((t, colors), ax)
    assert (overlay(ax)[..., 3] == 0).all()

    class Step:  # a duck-typed record with before / path / after
        before = Tiling(Region.rectangle(1, 2), [[-2, -2]])
        path = np.array([[0, 0], [0, 1]])
        after = Tiling(Region.rectangle(1, 2), [[0, 0]])

    with pytest.warns(DeprecationWarning, match="Step as a frame"):
        anim = animate([Step()], figsize=(2, 1), dpi=20)
    assert anim.n_frames == 2


def test_custom_draw_frame_and_errors():
    seen = []

    def draw(frame, ax):
        seen.append(frame)
        ax.plot([0, frame], [0, 1])
        return f"frame {frame}"

    anim = animate([1, 2, 3], draw_frame=draw, figsize=(1, 1), dpi=20)
    html = to_html(anim)
    assert len(embedded_pngs(html)) == 3 and {1, 2, 3} <= set(seen)
    # frames reach a custom drawing function as they are (a Kuhn step as its two pictures)
    frames = shuffle_frames(3, seed=1)
    got = []
    to_html(
        animate(frames, draw_frame=lambda f, ax: got.append(f) or f.title, figsize=(1, 1), dpi=20)
    )
    assert {id(f) for f in got} == {id(f) for f in frames}
    steps = kuhn_frames(Region.rectangle(1, 2))
    got.clear()
    to_html(animate(steps, draw_frame=lambda f, ax: got.append(f) or draw_frame(f, ax), dpi=20))
    assert len(got) >= 2 and {p.when for p in got} == {"before", "after"}
    with pytest.raises(TypeError, match="draw_frame="):
        animate([object()], figsize=(1, 1), dpi=20)
    fig, ax = plt.subplots()
    with pytest.raises(DominoTypeError, match="draw_frame="):
        draw_frame("a tiling", ax)
    with pytest.raises(ValueError, match="no frames"):
        animate([])


def test_wilson_frames_animate():
    frames = wilson_frames((3, 4), seed=2)
    anim = animate(frames, max_frames=12)
    assert anim.n_frames == 12
    fig, ax = plt.subplots()
    caption = draw_frame(frames[-1], ax)
    assert caption == "the walk joins the tree"
    # the last frame's tree has every vertex but the root attached: m*n - 1 edges
    (tree,) = [c for c in ax.collections if c.get_gid() == "edges"]
    assert len(tree.get_segments()) == 3 * 4 - 1
    # a networkx graph has no board: nothing to draw, said clearly
    import networkx as nx

    with pytest.raises(DominoTilingError, match="grid"):
        draw_frame(wilson_frames(nx.path_graph(3), seed=1)[-1], ax)


# ------------------------------------------------------------- the Frame class
def test_frame_checks_its_fields_and_is_read_only():
    t = find_tiling(Region.rectangle(2, 2))
    with pytest.raises(DominoTilingError, match="tiling or a region"):
        Frame()
    with pytest.raises(DominoTypeError, match="Tiling"):
        Frame(t.region.mask)
    with pytest.raises(DominoTypeError, match="Tiling"):
        Frame(t, before=t.region)
    with pytest.raises(DominoTilingError, match="shape"):
        Frame(t, colors=[0, 1, 2])
    with pytest.raises(DominoTilingError, match=r"\(k, 2\)"):
        Frame(t, highlight=[0, 1, 2])
    with pytest.raises(DominoTilingError, match="same region"):
        Frame(t, before=find_tiling(Region.rectangle(1, 2)))
    with pytest.raises(DominoTypeError, match="title"):
        Frame(t, title=3)
    f = Frame(t, highlight=np.array([[0, 1]]), title="x")
    with pytest.raises(AttributeError):
        f.title = "y"
    with pytest.raises(ValueError):
        f.highlight[0, 0] = 1
    assert f.region == t.region and f.line.shape == (0, 2) and f.edges.shape == (0, 2, 2)
    assert repr(f) == "<Frame: a tiling with 2 dominoes, 'x'>"


def test_frames_pickle_and_copy():
    import copy
    import pickle

    t = random_tiling(Region.rectangle(2, 4), seed=1)
    for f in (
        kuhn_frames(Region.rectangle(2, 3), seed=1)[-1],
        color_frames(t)[-1],
        wilson_frames((2, 3), seed=1)[-1],
        shuffle_frames(2, seed=1)[-1],
        Frame(t, highlight=[(0, 0)], title="x"),
    ):
        for g in (pickle.loads(pickle.dumps(f)), copy.deepcopy(f)):
            assert type(g) is type(f) and g.title == f.title and g.tiling == f.tiling
            assert np.array_equal(g.highlight, f.highlight) and np.array_equal(g.line, f.line)
            with pytest.raises(AttributeError):
                g.title = "changed"


def test_old_tuple_and_tiling_habits_keep_working_with_a_warning():
    f = kuhn_frames(Region.rectangle(2, 3), seed=1)[0]
    with pytest.warns(DeprecationWarning, match="no longer a tuple"):
        before, path, after = f
    assert before is f.before and path is f.path and after is f.after
    with pytest.warns(DeprecationWarning, match="no longer a tuple"):
        assert f[2] is f.after
    shuffled = shuffle_frames(3, seed=4)
    with pytest.warns(DeprecationWarning, match="frame.tiling.labels"):
        labels = shuffled[-1].labels
    assert np.array_equal(labels, sample_aztec(3, seed=4).labels)
    with pytest.raises(AttributeError):
        shuffled[-1].no_such_thing  # noqa: B018


# ------------------------------------------------------------ the frames' data
def test_shuffle_frames_are_the_orders():
    frames = shuffle_frames(5, seed=2)
    assert [f.title for f in frames] == [f"order {k}" for k in range(1, 6)]
    assert [f.region for f in frames] == [Region.aztec_diamond(k) for k in range(1, 6)]
    assert [f.tiling.n_dominoes for f in frames] == [k * (k + 1) for k in range(1, 6)]
    assert frames[-1].tiling == sample_aztec(5, seed=2)


def test_glauber_frames_highlight_the_flipped_block():
    start = min_tiling(Region.rectangle(6, 6))
    frames = glauber_frames(start, steps=200, seed=9)
    tilings = [glauber(start, steps=k, seed=9) for k in range(201)]  # the run's prefixes
    assert len(frames) == 201 and [f.tiling for f in frames] == tilings
    assert frames[0].highlight.shape == (0, 2)
    flips = 0
    for prev, cur in zip(frames, frames[1:]):
        lost = pairs_of(prev.tiling) - pairs_of(cur.tiling)
        expected = {cell for pair in lost for cell in pair}
        assert {tuple(c) for c in cur.highlight.tolist()} == expected
        if expected:
            flips += 1
            rows, cols = zip(*expected)  # a flip changes one 2x2 block
            assert len(expected) == 4 and max(rows) - min(rows) == 1 and max(cols) - min(cols) == 1
    assert flips > 10


def test_glauber_frames_max_frames_and_every():
    start = min_tiling(Region.rectangle(4, 4))
    frames = glauber_frames(start, steps=1000, seed=3, max_frames=11)
    assert len(frames) == 11
    assert [f.title for f in frames[:2]] == ["step 0 of 1000", "step 100 of 1000"]
    assert frames[-1].tiling == glauber(start, steps=1000, seed=3)
    assert len(glauber_frames(start, steps=10, seed=3, every=4)) == 4  # steps 0, 4, 8, 10
    with pytest.raises(DominoTilingError, match="max_frames"):
        glauber_frames(start, steps=10, max_frames=1)
    with pytest.raises(DominoTypeError, match="Tiling"):
        glauber_frames(start.region, steps=10)


def test_wilson_frames_show_the_tree_the_walk_and_the_root():
    frames = wilson_frames((4, 5), seed=3)
    parent = uniform_spanning_tree((4, 5), seed=3)
    assert all(isinstance(f, WilsonFrame) for f in frames)
    assert np.array_equal(frames[-1].parent, parent)
    last = frames[-1]
    assert last.region == Region.rectangle(4, 5)
    # the tree's edges, cell to cell, are (v, parent[v]) for every vertex but the root
    expected = {(divmod(v, 5), divmod(int(p), 5)) for v, p in enumerate(parent) if p >= 0}
    got = {(tuple(a), tuple(b)) for a, b in last.edges.tolist()}
    assert got == expected
    assert last.highlight.tolist() == [list(divmod(int(np.flatnonzero(parent == -1)[0]), 5))]
    for f in frames:
        cells = f.line.tolist()
        assert cells == [list(divmod(int(v), 5)) for v in f.path]
        for a, b in zip(cells, cells[1:]):
            assert abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1  # the walk moves to a neighbour


def test_kuhn_frame_fields_as_a_frame():
    region = Region.from_strings(["...", ".#.", "..."])
    result = maximum_matching(region, method="kuhn", seed=2)
    frames = kuhn_frames(region, seed=2)
    for f in frames:
        assert f.tiling is f.after and f.line is f.path
        assert f.title == f"augmenting path, {len(f.path)} cells"
    assert frames[-1].tiling == result


# ------------------------------------------------ players and one-liners (issue 15)
def png_size(b64):
    return Image.open(io.BytesIO(base64.b64decode(b64))).size


def test_the_animation_shows_itself_as_a_player():
    """`animate(frames)` displayed in Jupyter used to be `<FuncAnimation at 0x...>` (no HTML)."""
    anim = animate(tiny_tilings(3), dpi=30)
    html = anim._repr_html_()
    assert "<script" in html and len(embedded_pngs(html)) == 3
    assert anim._repr_html_() is html  # rendered once, kept
    assert repr(anim).startswith("<FrameAnimation: 3 frames,") and "0x" not in repr(anim)
    from dominotiling.viz.animate import FrameAnimation

    assert isinstance(anim, FrameAnimation) and isinstance(anim, FuncAnimation)


def test_the_animation_saves_itself(tmp_path):
    anim = animate(tiny_tilings(2), dpi=30)
    path = anim.save_gif(tmp_path / "a.gif")
    with Image.open(path) as im:
        assert im.n_frames == 2 and im.size[0] == 150  # 5 inches at 30 dpi
    import shutil

    if shutil.which("ffmpeg"):
        data = anim.save_mp4(tmp_path / "a.mp4").read_bytes()
        assert data[4:8] == b"ftyp"
    else:
        with pytest.raises(DominoTilingError, match="ffmpeg"):
            anim.save_mp4(tmp_path / "a.mp4")
        assert not (tmp_path / "a.mp4").exists()


def test_default_frames_are_legible():
    """Frames were 156-300 px wide with 7-point titles; now 500 px and a 12-point title."""
    anim = animate(kuhn_frames(Region.rectangle(3, 4), seed=1), max_frames=2)
    widths = {png_size(p)[0] for p in embedded_pngs(to_html(anim))}
    assert widths == {500}
    fig = anim._fig
    fig.canvas.draw()
    title = fig.axes[0].title
    assert title.get_text() and title.get_fontsize() >= 11
    # a tall board keeps the frame at least 480 px wide
    tall = animate([random_tiling(Region.rectangle(12, 2), seed=0)])
    assert tall._fig.get_size_inches()[0] * tall._fig.dpi >= 480


def test_long_captions_shrink_or_are_shortened_to_one_line():
    from dominotiling.viz.animate import _fit_title

    text, size = _fit_title("short", 12.0, 5.0)
    assert (text, size) == ("short", 12.0)
    text, size = _fit_title("a rather long caption " * 3, 12.0, 5.0)
    assert 8.0 <= size < 12.0 and text == ("a rather long caption " * 3)
    text, size = _fit_title("x" * 400, 12.0, 5.0)
    assert size == 8.0 and text.endswith("…") and len(text) < 400


def test_one_liners_animate_the_algorithms():
    region = Region.rectangle(2, 4)
    # Kuhn tiles the 2x4 board with 4 dominoes: 4 paths, each shown before and after
    assert animate_kuhn(region, seed=0, dpi=20).n_frames == 2 * (region.n_cells // 2)
    # shuffling: the orders 1..n, one picture each
    assert animate_shuffling(4, seed=1, dpi=20).n_frames == 4
    # colouring: one frame before anything is coloured, then one per domino
    t = find_tiling(Region.rectangle(2, 4))
    assert animate_coloring(t, k=4, dpi=20).n_frames == 1 + t.n_dominoes
    assert 2 <= animate_wilson((3, 3), seed=1, dpi=20).n_frames <= 60
    assert (
        animate_glauber(
            min_tiling(Region.rectangle(4, 4)), steps=100, seed=1, max_frames=5, dpi=20
        ).n_frames
        == 5
    )
    assert animate_kuhn(Region.rectangle(4, 6), seed=0, max_frames=7, dpi=20).n_frames == 7
    with pytest.raises(DominoTypeError):
        animate_kuhn("....")


def test_shuffling_keeps_one_scale_from_the_first_order_to_the_last():
    anim = animate_shuffling(6, seed=2, dpi=20)
    limits = []
    for i in range(anim.n_frames):
        anim._func(i)
        ax = anim._fig.axes[0]
        limits.append((ax.get_xlim(), ax.get_ylim()))
    # order k's diamond is centred at (k, k): the view is the last order's square around it
    for k, (x, y) in enumerate(limits, 1):
        assert x == (k - 6, k + 6) and y == (k + 6, k - 6)


def test_animation_frames_keep_each_dominos_colour():
    """Palette colours were recomputed each frame, so one flip recoloured dominoes far away."""
    frames = glauber_frames(min_tiling(Region.rectangle(6, 6)), steps=200, seed=3, max_frames=6)
    fig, ax = plt.subplots()
    colours = []
    for f in frames:
        ax.clear()
        draw_frame(f, ax)
        colours.append(np.asarray(ax.images[0].get_array())[..., :3].copy())
    for f, rgb in zip(frames, colours):  # one colour per orientation, whatever else changed
        horizontal = np.zeros((6, 6), bool)
        for (r0, c0), (r1, c1) in f.tiling.dominoes.tolist():
            horizontal[r0, c0] = horizontal[r1, c1] = r0 == r1
        assert len(np.unique(rgb[horizontal].round(3), axis=0)) == 1
        assert len(np.unique(rgb[~horizontal].round(3), axis=0)) == 1


def test_importing_the_module_imports_no_matplotlib():
    code = (
        "import sys, dominotiling.viz.animate as a; "
        "print('matplotlib' in sys.modules, callable(a.animate_kuhn))"
    )
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert out.stdout.split() == ["False", "True"], out.stderr
