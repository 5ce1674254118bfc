"""Name folding shared by the gazetteer build and, through the generated ``folding`` table, by the Swift
side (``NameFolding``): lower-case, no diacritics or punctuation, special letters spelled out, common
abbreviations expanded. Both sides must fold every name the same way; the tests compare them on a sample.
"""

import unicodedata

SPECIAL = {
    "ł": "l", "ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "đ": "d", "ð": "d",
    "ı": "i", "þ": "th", "ħ": "h", "ŀ": "l", "ŧ": "t", "ƒ": "f", "ĸ": "k",
    "ŋ": "n", "ɨ": "i", "ƀ": "b", "ɓ": "b", "ɗ": "d", "ƙ": "k", "ʉ": "u",
    "ɛ": "e", "ɔ": "o", "ə": "e", "ʒ": "z", "ſ": "s", "ĳ": "ij", "ǆ": "dz",
    "ǉ": "lj", "ǌ": "nj", "ʼ": "", "ʻ": "", "ʹ": "",
}
TOKENS = {"st": "saint", "ste": "sainte", "mt": "mount", "ft": "fort"}


def fold_char(c):
    """The folded form of one code point (see the module docstring)."""
    cat = unicodedata.category(c)
    if c in SPECIAL:
        return SPECIAL[c]
    if cat[0] in "PSZ" or cat == "Cc":
        return " "
    if cat in ("Mn", "Me", "Cf"):
        return ""
    cp = ord(c)
    if 0xAC00 <= cp <= 0xD7A3:  # Hangul syllables stay whole
        return c
    s = unicodedata.normalize("NFD", c.lower())
    s = "".join(ch for ch in s if unicodedata.category(ch) not in ("Mn", "Me", "Cf"))
    return "".join(SPECIAL.get(ch, ch) for ch in s)


_fold_cache = {}


def fold(text):
    out = []
    for c in text:
        f = _fold_cache.get(c)
        if f is None:
            f = fold_char(c)
            _fold_cache[c] = f
        out.append(f)
    return " ".join(TOKENS.get(t, t) for t in "".join(out).split(" ") if t)


def folding_table():
    rows = []
    for cp in range(0x80, 0x110000):
        if 0xD800 <= cp <= 0xDFFF:
            continue
        c = chr(cp)
        cat = unicodedata.category(c)
        if c not in SPECIAL and (cat[0] in "PSZ" or cat in ("Cc", "Mn", "Me", "Cf")):
            continue  # the Swift side derives these from the general category
        f = fold_char(c)
        if f != c:
            rows.append("%X\t%s" % (cp, f))
    return rows
