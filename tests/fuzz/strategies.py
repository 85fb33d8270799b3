"""Hostile text for the fuzz suites: random, oversized, control characters, lone surrogates,
right-to-left marks and script, and well-formed-looking tokens."""

from __future__ import annotations

from hypothesis import strategies as st

CONTROL = st.characters(min_codepoint=0, max_codepoint=0x1F)
SURROGATE = st.characters(categories=["Cs"])
RTL = st.sampled_from(["\u202e", "\u202b", "\u200f", "\u061c", "ש", "ע", "ب", "ي", "\u2067", "\u2069"])
ODD = st.sampled_from(["\ufeff", "\u200b", "\u00a0", "\ufffd", "²", "١", "𝟘", "ﬀ", "İ", "\x00", "💥", "🂡"])

hostile_char = st.one_of(st.characters(), CONTROL, SURROGATE, RTL, ODD)
hostile_text = st.one_of(
    st.text(max_size=80),
    st.text(hostile_char, max_size=80),
    st.text(hostile_char, min_size=65, max_size=3000),  # oversized
)
B36 = "0123456789abcdefghijklmnopqrstuvwxyz"


def b36(n: int) -> str:
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = B36[r] + out
        if n == 0:
            return out
