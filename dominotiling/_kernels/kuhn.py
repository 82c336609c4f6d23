"""Numba kernel of Kuhn's augmenting-path algorithm, optionally traced; see ``matching.py``.

Array conventions as in ``karp_sipser.py``.
"""

import numpy as np
from numba import njit

from .._interrupt import returns_arrays
from .augment import augment


@njit(cache=True)
def kuhn(b_ptr, b_adj, nw, order, record):
    """``(mate_b, mate_w, path_ptr, path_nodes)``: Kuhn's algorithm from the empty matching.

    Black vertices are tried in ``order``; each try is a depth-first search for an
    augmenting path, whites marked visited for that try only, adjacency scanned in
    CSR order. With ``record`` true, augmenting path ``k`` is
    ``path_nodes[path_ptr[k]:path_ptr[k + 1]]``: black, white, black, ..., white
    (the free black start first, the free white end last); otherwise both are empty.
    """
    nb = b_ptr.shape[0] - 1
    mate_b = np.full(nb, -1, np.int32)
    mate_w = np.full(nw, -1, np.int32)
    visited = np.zeros(nw, np.int32)
    stack = np.empty(nb + 1, np.int32)
    via = np.empty(nb + 1, np.int32)  # the white through which stack[d] was reached
    pos = np.empty(nb + 1, np.int64)
    n_paths = 0
    path_ptr = np.zeros(nb + 1 if record else 1, np.int64)
    path_nodes = np.empty(64 if record else 0, np.int32)
    for i in range(nb):
        root = order[i]
        stamp = i + 1
        depth = 0
        stack[0] = root
        pos[0] = b_ptr[root]
        while depth >= 0:
            v = stack[depth]
            if pos[depth] == b_ptr[v + 1]:
                depth -= 1
                continue
            w = b_adj[pos[depth]]
            pos[depth] += 1
            if visited[w] == stamp:
                continue
            visited[w] = stamp
            y = mate_w[w]
            if y >= 0:
                depth += 1
                stack[depth] = y
                via[depth] = w
                pos[depth] = b_ptr[y]
                continue
            # free white: augment along the stack
            if record:
                need = path_ptr[n_paths] + 2 * depth + 2
                if need > path_nodes.shape[0]:
                    grown = np.empty(max(need, 2 * path_nodes.shape[0]), np.int32)
                    # a loop: a slice assignment compiles numpy's shape-mismatch error and its
                    # string formatting, 1.8 s of the first call (issue 37)
                    for x in range(path_nodes.shape[0]):
                        grown[x] = path_nodes[x]
                    path_nodes = grown
                k = path_ptr[n_paths]
                for d in range(depth + 1):
                    path_nodes[k] = stack[d]
                    path_nodes[k + 1] = via[d + 1] if d < depth else w
                    k += 2
                n_paths += 1
                path_ptr[n_paths] = k
            augment(stack, depth, w, mate_b, mate_w)
            break
    if record:
        return (
            mate_b,
            mate_w,
            path_ptr[: n_paths + 1].copy(),
            path_nodes[: path_ptr[n_paths]].copy(),
        )
    return mate_b, mate_w, path_ptr, path_nodes


# Ctrl-C during these calls is a KeyboardInterrupt, not numba's SystemError
# (dominotiling._interrupt.returns_arrays).
kuhn = returns_arrays(kuhn)
