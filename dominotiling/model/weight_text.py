"""Symbolic weights as text: numbers, symbols and arithmetic, read without evaluating anything.

A weights document (:meth:`Weights.to_json`) writes a sympy weight as plain
arithmetic, and :func:`parse_weight` reads it back by a small grammar -- never by
``eval``, ``sympify`` or ``parse_expr``, which run Python and would let anyone who
shares a weights file run code on the reader's machine::

    expr   := term (("+" | "-") term)*
    term   := unary (("*" | "/") unary)*
    unary  := ("+" | "-") unary | power
    power  := atom (("^" | "**") unary)?          (right to left: 2^3^2 = 2^9)
    atom   := NUMBER | NAME | "(" expr ")"
    NUMBER := digits ["." digits] [("e" | "E") ["+" | "-"] digits]
    NAME   := a letter or "_", then letters, digits or "_"     (a sympy Symbol)

A name is only ever a symbol (``pi`` is the symbol named ``pi``, ``__import__``
the symbol of that name); there are no calls, attributes, strings or indexing.
Limits keep a document small to read: :data:`MAX_CHARS` characters a weight,
:data:`MAX_DEPTH` nested parentheses or signs, :data:`MAX_DIGITS` digits a number,
exponents of at most :data:`MAX_EXPONENT` in size, and a number raised to a power
only while the result has at most :data:`MAX_POWER_BITS` bits.

:func:`weight_text` writes the same grammar: Integers, Rationals, Floats, Symbols,
sums, products and powers (``sqrt(2)`` is ``2^(1/2)``); any other sympy object (a
function such as ``exp(x)``, a constant such as ``pi``) is refused when the document
is written, so that what is written can always be read.

Examples
--------
>>> import sympy
>>> x, y = sympy.symbols("x y")
>>> weight_text(2 * x**2 + sympy.sqrt(3) / y)
'2*x^2 + 3^(1/2)*y^(-1)'
>>> parse_weight("2*x^2 + 3^(1/2)/y") == 2 * x**2 + sympy.sqrt(3) / y
True
>>> parse_weight("__import__('os').system('true')")
Traceback (most recent call last):
...
dominotiling.errors.RegionFormatError: cannot read the symbolic weight "__import__('os').system('true')": unexpected "'" at character 12 (a weight is numbers, symbols, + - * / ^ and parentheses; no calls)
"""

from __future__ import annotations

import math
import re

from .._exact import decimal_string, int_from_decimal
from ..errors import DominoTypeError, RegionFormatError

__all__ = [
    "weight_text",
    "parse_weight",
    "symbol_assumptions",
    "symbols_from_assumptions",
    "MAX_CHARS",
    "MAX_DEPTH",
    "MAX_DIGITS",
    "MAX_EXPONENT",
    "MAX_POWER_BITS",
]

#: The longest text of one symbolic weight.
MAX_CHARS = 200_000
#: The deepest nesting of parentheses, signs and powers in one weight.
MAX_DEPTH = 100
#: The most digits of one number (an int of any size up to this is read exactly).
MAX_DIGITS = 100_000
#: The largest exponent (in absolute value) of a power.
MAX_EXPONENT = 10_000
#: A number raised to a power is computed only while the result has at most this many bits.
MAX_POWER_BITS = 400_000

_TOKEN = re.compile(
    r"\s*(?:(?P<num>(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)|(?P<name>[^\W\d]\w*)|(?P<op>\*\*|[-+*/^()]))"
)
_HINT = "(a weight is numbers, symbols, + - * / ^ and parentheses; no calls)"
#: Assumptions a document may give a symbol: the names sympy knows, each True or False.
_ASSUMPTIONS = frozenset(
    (
        "algebraic antihermitian commutative complex composite even extended_negative "
        "extended_nonnegative extended_nonpositive extended_nonzero extended_positive "
        "extended_real finite hermitian imaginary infinite integer irrational negative "
        "noninteger nonnegative nonpositive nonzero odd polar positive prime rational real "
        "transcendental zero"
    ).split()
)


def _sympy():
    import sympy

    return sympy


# ------------------------------------------------------------------ writing
def weight_text(expr):
    """`expr` (a sympy expression) as text of the grammar; :class:`DominoTypeError` if it has no such text."""
    return _write(_sympy().sympify(expr), 0)


def _number_text(e, sp):
    if isinstance(e, sp.Integer):
        return decimal_string(int(e))
    if isinstance(e, sp.Rational):
        return f"{decimal_string(int(e.p))}/{decimal_string(int(e.q))}"
    if isinstance(e, sp.Float):
        if e._prec == 53:
            text = repr(float(e))
        else:
            from mpmath import libmp

            text = libmp.to_str(e._mpf_, libmp.prec_to_dps(e._prec) + 1)
        if not re.fullmatch(r"-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?", text):
            raise DominoTypeError(f"the symbolic weight {e} is not a finite number")
        return text
    return None


def _write(e, level):
    """Text of `e` for a place that needs precedence `level` (0 sum, 1 product, 2 power base)."""
    sp = _sympy()
    text = _number_text(e, sp)
    if text is not None:
        negative = text.startswith("-")
        fraction = "/" in text
        if (negative and level > 0) or (fraction and level > 0):
            return f"({text})"
        return text
    if isinstance(e, sp.Symbol):
        name = e.name
        if not re.fullmatch(r"[^\W\d]\w*", name):
            raise DominoTypeError(
                f"the symbol {name!r} cannot be written in a weights document: name symbols "
                "like Python identifiers (letters, digits and '_', not starting with a digit)"
            )
        return name
    if isinstance(e, sp.Add):
        text = " + ".join(_write(a, 1) for a in e.as_ordered_terms())
        return f"({text})" if level > 0 else text
    if isinstance(e, sp.Mul):
        text = "*".join(_write(a, 1) for a in e.as_ordered_factors())
        return f"({text})" if level > 1 else text
    if isinstance(e, sp.Pow):
        base, exp = e.args
        text = f"{_write(base, 2)}^{_write(exp, 2)}"
        return f"({text})" if level > 1 else text  # '^' reads right to left
    raise DominoTypeError(
        f"the symbolic weight {e} cannot be written in a weights document, which holds "
        "numbers, symbols, + - * / ^ and parentheses only ("
        f"{type(e).__name__} is none of these): substitute its value first "
        "(Weights.substitute), or write it as a power"
    )


def symbol_assumptions(symbols):
    """``{name: {assumption: bool}}`` of the symbols that were made with assumptions."""
    out = {}
    for s in symbols:
        given = dict(getattr(s, "_assumptions_orig", {}) or {})
        if given:
            out[s.name] = {k: bool(v) for k, v in sorted(given.items())}
    return out


# ------------------------------------------------------------------ reading
def _fail(text, why):
    shown = text if len(text) <= 60 else text[:57] + "..."
    return RegionFormatError(f'cannot read the symbolic weight "{shown}": {why}')


def _tokens(text):
    pos, out = 0, []
    n = len(text)
    while True:
        while pos < n and text[pos].isspace():
            pos += 1
        if pos >= n:
            return out
        m = _TOKEN.match(text, pos)
        if m is None:
            raise _fail(text, f"unexpected {text[pos]!r} at character {pos + 1} {_HINT}")
        kind = m.lastgroup
        out.append((kind, m.group(kind), m.start(kind)))
        pos = m.end()


class _Parser:
    def __init__(self, text, symbols):
        self.text = text
        self.tokens = _tokens(text)
        self.i = 0
        self.depth = 0
        self.symbols = symbols
        self.sp = _sympy()

    def peek(self):
        return self.tokens[self.i] if self.i < len(self.tokens) else (None, None, len(self.text))

    def take(self):
        tok = self.peek()
        self.i += 1
        return tok

    def deeper(self):
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise _fail(self.text, f"nested more than {MAX_DEPTH} deep")

    def expr(self):
        terms = [self.term()]
        while self.peek()[1] in ("+", "-"):
            op = self.take()[1]
            t = self.term()
            terms.append(t if op == "+" else -t)
        return terms[0] if len(terms) == 1 else self.sp.Add(*terms)

    def term(self):
        value = self.unary()
        factors, divisors = [value], []
        while self.peek()[1] in ("*", "/"):
            op = self.take()[1]
            (factors if op == "*" else divisors).append(self.unary())
        out = factors[0] if len(factors) == 1 else self.sp.Mul(*factors)
        for d in divisors:
            if d == 0:
                raise _fail(self.text, "division by zero")
            out = out / d
        return out

    def unary(self):
        if self.peek()[1] in ("+", "-"):
            op = self.take()[1]
            self.deeper()
            value = self.unary()
            self.depth -= 1
            return value if op == "+" else -value
        return self.power()

    def power(self):
        base = self.atom()
        if self.peek()[1] in ("^", "**"):
            self.take()
            self.deeper()
            exp = self.unary()
            self.depth -= 1
            return self.pow(base, exp)
        return base

    def pow(self, base, exp):
        sp = self.sp
        if exp.is_number:
            size = abs(complex(exp.evalf(20))) if exp.is_finite is not False else math.inf
            if not size <= MAX_EXPONENT:
                raise _fail(self.text, f"an exponent is larger than {MAX_EXPONENT} in size")
            if base.is_number and isinstance(base, sp.Rational) and base != 0:
                bits = max(abs(base.p).bit_length(), abs(base.q).bit_length())
                if bits * size > MAX_POWER_BITS:
                    raise _fail(
                        self.text,
                        f"a power of a number would have more than {MAX_POWER_BITS} bits",
                    )
        if base == 0 and exp.is_number and exp.is_nonpositive:
            raise _fail(self.text, "zero raised to a power that is not positive")
        return sp.Pow(base, exp)

    def atom(self):
        kind, value, pos = self.take()
        sp = self.sp
        if kind == "num":
            return self.number(value)
        if kind == "name":
            nxt = self.peek()
            if nxt[1] == "(":
                raise _fail(
                    self.text,
                    f'unexpected "(" at character {nxt[2] + 1} after a name {_HINT}',
                )
            return self.symbols.get(value) or sp.Symbol(value)
        if value == "(":
            self.deeper()
            inner = self.expr()
            self.depth -= 1
            if self.take()[1] != ")":
                raise _fail(self.text, 'a "(" is not closed')
            return inner
        if kind is None:
            raise _fail(self.text, "it ends where a number, a symbol or '(' should come")
        raise _fail(self.text, f"unexpected {value!r} at character {pos + 1} {_HINT}")

    def number(self, text):
        sp = self.sp
        mantissa, _, exponent = text.lower().partition("e")
        digits = mantissa.replace(".", "")
        if len(digits) > MAX_DIGITS or len(exponent) > 7:
            raise _fail(self.text, f"a number has more than {MAX_DIGITS} digits")
        if "." not in mantissa and not exponent:
            return sp.Integer(int_from_decimal(digits))
        significant = len(digits.lstrip("0")) or 1
        if significant <= 17:
            return sp.Float(text, precision=53)
        return sp.Float(text, significant)


def parse_weight(text, symbols=None):
    """The sympy expression of `text` in the grammar above (nothing is evaluated but arithmetic).

    Parameters
    ----------
    text : str
        One weight, e.g. ``"2*x^2 + 1"``.
    symbols : dict, optional
        ``{name: sympy.Symbol}``: the symbols to use for these names (with their
        assumptions); other names become plain symbols.

    Raises
    ------
    RegionFormatError
        If the text is not of the grammar or exceeds a limit; the message says where.
    """
    if not isinstance(text, str):
        raise RegionFormatError(f"a symbolic weight must be a string, got {type(text).__name__}")
    if len(text) > MAX_CHARS:
        raise _fail(text, f"it has {len(text)} characters, more than {MAX_CHARS}")
    parser = _Parser(text, symbols or {})
    if not parser.tokens:
        raise _fail(text, "it is empty")
    value = parser.expr()
    kind, rest, pos = parser.peek()
    if kind is not None:
        raise _fail(text, f"unexpected {rest!r} at character {pos + 1} {_HINT}")
    return value


def symbols_from_assumptions(doc_symbols):
    """``{name: Symbol}`` from a document's ``"symbols"`` object ``{name: {assumption: bool}}``."""
    sp = _sympy()
    if doc_symbols is None:
        return {}
    if not isinstance(doc_symbols, dict):
        raise RegionFormatError('"symbols" must be an object {name: {assumption: true or false}}')
    out = {}
    for name, given in doc_symbols.items():
        if not re.fullmatch(r"[^\W\d]\w*", name) or len(name) > 200:
            raise RegionFormatError(f'"symbols" names {name[:40]!r}, which is not a symbol name')
        if not isinstance(given, dict) or not all(
            k in _ASSUMPTIONS and isinstance(v, bool) for k, v in given.items()
        ):
            raise RegionFormatError(
                f'"symbols"[{name!r}] must map assumptions of sympy (such as "positive") to '
                "true or false"
            )
        try:
            out[name] = sp.Symbol(name, **given)
        except Exception as err:  # contradictory assumptions (positive and negative)
            raise RegionFormatError(f'"symbols"[{name!r}]: {err}') from None
    return out
