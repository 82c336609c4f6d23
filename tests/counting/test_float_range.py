"""Float partition functions outside float64's range are refused, never 0.0, inf or NaN (issue 27).

The values are checked against ``log_count`` and against a brute-force sum over the
tilings in the log domain (independent of the library).
"""

import math
import re

import numpy as np
import pytest
from helpers import brute_force_tilings

from dominotiling import (
    FloatRangeError,
    PrecisionError,
    Region,
    TooLargeError,
    Weights,
    aztec_partition_function,
    count_tilings,
    log_count,
)


def _brute_log_z(shape, h, v):
    """log Z of uniform-by-orientation weights, by listing the tilings of a rectangle."""
    logs = []
    for t in brute_force_tilings(np.ones(shape, dtype=bool)):
        horiz = sum(1 for (a, b) in t if a[0] == b[0])
        logs.append(horiz * math.log(h) + (len(t) - horiz) * math.log(v))
    top = max(logs)
    return top + math.log(math.fsum(math.exp(x - top) for x in logs))


def _logged(err):
    """The exponent a FloatRangeError reports: 'about exp(X)'."""
    return float(re.search(r"about exp\((-?[0-9.e+]+)\)", str(err)).group(1))


@pytest.mark.parametrize("method", ["transfer", "kasteleyn", "auto"])
@pytest.mark.parametrize(
    "shape, h, v",
    [
        ((4, 4), 1e-160, 1e-160),
        ((4, 4), 1e-100, 1e-100),
        ((4, 4), 1e160, 1e160),
        ((6, 6), 1e40, 1e40),
        ((4, 6), 1e-300, 1e-30),
    ],
)
def test_out_of_range_is_refused(method, shape, h, v):
    region = Region.rectangle(*shape)
    weights = Weights.by_orientation(shape, h, v)
    expected = _brute_log_z(shape, h, v)
    assert abs(log_count(region, weights=weights) - expected) <= 1e-9 * abs(expected)
    with pytest.raises(FloatRangeError) as info:
        count_tilings(region, method=method, weights=weights)
    assert isinstance(info.value, TooLargeError) and isinstance(info.value, PrecisionError)
    assert "log_count" in str(info.value)
    assert _logged(info.value) == pytest.approx(expected, rel=1e-5)


def test_the_issues_40_by_40_is_refused_not_zero():
    region = Region.rectangle(40, 40)
    weights = Weights.by_orientation((40, 40), 1e-5, 1e-5)
    # every tiling has 800 dominoes of weight 1e-5: log Z = log(count) + 800 log(1e-5)
    expected = math.log(count_tilings(region)) + 800 * math.log(1e-5)
    assert log_count(region, weights=weights) == pytest.approx(expected, rel=1e-9)
    with pytest.raises(FloatRangeError) as info:
        count_tilings(region, weights=weights)
    assert _logged(info.value) == pytest.approx(expected, rel=1e-5)


@pytest.mark.parametrize("method", ["transfer", "kasteleyn"])
@pytest.mark.parametrize(
    "shape, h, v",
    [
        ((4, 4), 1e-10, 1e-10),
        ((2, 20), 1e-300, 1.0),
        ((4, 6), 1e-30, 1e25),
        ((6, 6), 1e-16, 1e-16),
        ((6, 6), 2e16, 1e16),
    ],
)
def test_in_range_values_stay_exact_to_their_promise(method, shape, h, v):
    """Near the ends of the range, and with a row's products far outside it, the value is right."""
    region = Region.rectangle(*shape)
    value = count_tilings(region, method=method, weights=Weights.by_orientation(shape, h, v))
    expected = _brute_log_z(shape, h, v)
    assert value > 0 and math.isfinite(value)
    assert math.log(value) == pytest.approx(expected, rel=1e-9, abs=1e-9)


@pytest.mark.parametrize("method", ["transfer", "kasteleyn"])
def test_a_true_zero_is_still_zero(method):
    # a 1 x 4 strip with horizontal weight 0 has no tiling of nonzero weight
    region = Region.rectangle(1, 4)
    assert (
        count_tilings(region, method=method, weights=Weights.by_orientation((1, 4), 0.0, 1.0))
        == 0.0
    )


def test_aztec_partition_function_refuses_underflow_and_overflow():
    # all weights equal c: Z = c**(n (n + 1)) * 2**(n (n + 1) / 2), a closed form
    for n, c in [(3, 1e-100), (30, 1e-10), (10, 1e40)]:
        weights = Weights.by_orientation(Region.aztec_diamond(n), c, c)
        expected = n * (n + 1) * math.log(c) + n * (n + 1) / 2 * math.log(2)
        assert aztec_partition_function(n, weights=weights, log=True) == pytest.approx(
            expected, rel=1e-9
        )
        with pytest.raises(FloatRangeError) as info:
            aztec_partition_function(n, weights=weights)
        assert "log=True" in str(info.value)
        assert _logged(info.value) == pytest.approx(expected, rel=1e-5)
    n, c = 10, 1e-2  # in range: the float itself
    weights = Weights.by_orientation(Region.aztec_diamond(n), c, c)
    expected = n * (n + 1) * math.log(c) + n * (n + 1) / 2 * math.log(2)
    assert math.log(aztec_partition_function(n, weights=weights)) == pytest.approx(
        expected, rel=1e-9
    )
