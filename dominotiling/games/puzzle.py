"""A puzzle: :func:`longest_line`, the longest line that can be laid from given bones ("Vasya
has 7 bones; how long a line can he lay?")."""

import functools
import operator

from .. import _validate
from ..errors import TooLargeError
from .bones import Bone, as_pairs

__all__ = ["longest_line"]

#: Search nodes allowed before giving up; sets from a double-six box need far fewer.
_NODE_LIMIT = 3_000_000


def longest_line(bones, return_line=False):
    """Return the length of the longest line that can be laid from ``bones``.

    Parameters
    ----------
    bones : iterable of Bone or of (int, int)
        The bones available; a bone given twice may be used twice.
    return_line : bool, optional
        Also return one longest line.

    Returns
    -------
    int or (int, list of (int, int))
        The most bones in a line; with ``return_line``, also the line as oriented pairs.  A
        TooLargeError when the search would be too long (double-nine sets are fine).

    See Also
    --------
    Line, double_set

    Notes
    -----
    A line is a trail in the multigraph of values and bones, a double a loop slipped in where
    the line passes: the answer is the largest ``|S| + (doubles on values of S)`` over connected
    sets ``S`` of non-doubles with at most two odd values (Euler).  The search removes as few
    bones as possible from each component, with a parity bound; the result is exact.

    Examples
    --------
    >>> longest_line([(2, 2), (2, 5), (5, 6)], return_line=True)
    (3, [(2, 2), (2, 5), (5, 6)])
    """
    pairs, return_line = as_pairs(bones, "bones"), _validate.boolean(return_line, "return_line")
    edges, loops = [], {}
    for bone in (Bone(a, b) for a, b in pairs):
        if bone.is_double:
            loops[bone.low] = loops.get(bone.low, 0) + 1
        else:
            edges.append((bone.low, bone.high))
    best = (0, None, None)  # (length, kept edge list, vertex for a loops-only line)
    for vertices, comp in _components(edges, loops):
        if not comp and loops[vertices[0]] > best[0]:
            best = (loops[vertices[0]], [], vertices[0])
        elif comp:
            length, kept = _best_in_component(comp, loops)
            best = (length, kept, None) if length > best[0] else best
    length, kept, lone = best
    if not return_line:
        return length
    if not length:
        return 0, []
    return length, [(lone, lone)] * length if lone is not None else _lay(kept, loops)


def _components(edges, loops):
    parent = {}

    def find(v):
        while parent.setdefault(v, v) != v:
            parent[v] = parent[parent[v]]
            v = parent[v]
        return v

    for v in loops:
        find(v)
    for a, b in edges:
        parent[find(a)] = find(b)
    groups = {}
    for v in list(parent):
        groups.setdefault(find(v), ([], []))[0].append(v)
    for a, b in edges:
        groups[find(a)][1].append((a, b))
    return [(sorted(vs), es) for vs, es in groups.values()]


def _best_in_component(edges, loops):
    m = len(edges)
    all_loops = sum(loops.get(v, 0) for v in {x for e in edges for x in e})
    bits = [(1 << a) ^ (1 << b) for a, b in edges]
    odd0 = functools.reduce(operator.xor, bits, 0)  # the values of odd degree, as bits
    k = max(0, (bin(odd0).count("1") - 2) // 2)
    best_len, best_kept, budget = 0, None, [0]
    while k <= m - 1 and m - k + all_loops > best_len:
        for removed in _removals(bits, odd0, k, budget):
            kept = [e for i, e in enumerate(edges) if i not in removed]
            if len(_components(kept, {})) == 1:  # one line: the kept bones connected
                value = len(kept) + sum(loops.get(v, 0) for v in {x for e in kept for x in e})
                if value > best_len:
                    best_len, best_kept = value, kept
        k += 1
    return best_len, best_kept


def _removals(bits, odd0, k, budget):
    """Yield sets of k edge indices whose removal leaves at most two odd values."""
    m, chosen = len(bits), []

    def walk(start, odd, left):
        budget[0] += 1
        if budget[0] > _NODE_LIMIT:
            raise TooLargeError("longest_line: too long a search; sets up to double-nine are fine")
        if bin(odd).count("1") > 2 + 2 * left:
            return
        if left == 0:
            yield frozenset(chosen)
            return
        for i in range(start, m - left + 1):
            chosen.append(i)
            yield from walk(i + 1, odd ^ bits[i], left - 1)
            chosen.pop()

    yield from walk(0, odd0, k)


def _lay(kept, loops):
    """Lay an Euler trail through ``kept`` and slip in the doubles it touches."""
    adj = {}
    for i, (a, b) in enumerate(kept):
        adj.setdefault(a, []).append((b, i))
        adj.setdefault(b, []).append((a, i))
    odd = [v for v in sorted(adj) if len(adj[v]) % 2]
    stack, walk, used = [odd[0] if odd else min(adj)], [], [False] * len(kept)
    while stack:
        v = stack[-1]
        while adj[v] and used[adj[v][-1][1]]:
            adj[v].pop()
        if adj[v]:
            w, i = adj[v].pop()
            used[i] = True
            stack.append(w)
        else:
            walk.append(stack.pop())
    walk.reverse()
    line, placed = [], set()
    for a, b in zip(walk, walk[1:] + [None]):
        if a not in placed:
            line.extend([(a, a)] * loops.get(a, 0))
            placed.add(a)
        line += [(a, b)] if b is not None else []
    return line
