"""JavaScript regular expressions as the runtime's Ajv compiles them, matched in Python.

Ajv compiles every `pattern` and `patternProperties` key with `new RegExp(source, "u")`
(ajv `dist/vocabularies/code.js` `usePattern`; `unicodeRegExp` is on by default), so a pattern
is valid when V8 accepts it in `u` mode (ECMAScript's `Pattern[+UnicodeMode]` grammar) and
matches what V8 matches. This module parses that grammar itself, refuses what V8 refuses with
V8's own words ("Invalid regular expression: /(?i)a/u: Invalid group"), and writes an
equivalent pattern for the `regex` module with JavaScript's meanings spelt out:

- `\\d`, `\\w`, `\\b` are ASCII (`[0-9]`, `[A-Za-z0-9_]`), `\\s` is ECMAScript's WhiteSpace and
  LineTerminator set; `.` matches anything but a line terminator; `^` and `$` only at the
  ends of the text (no `m` flag); `[^]` matches anything, `[]` nothing;
- `\\p{…}` / `\\P{…}` only with ECMAScript's exact names (General_Category values, binary
  properties, Script and Script_Extensions values; no loose matching), each matching the code
  points V8's own table gives it (`unicode_properties`, generated from the pinned Node 22.12:
  its Unicode 16.0, whatever Unicode the installed `regex` knows);
- a backreference to a group that took no part matches the empty string.

Matching is bounded in time like every pattern of a check (`engines.budget`). The tests hold
all of it to V8 itself: `tests/oracle/shipped.py` `v8_regex` over written and generated
patterns and strings. Left aside: captures reset between repetitions (only booleans matter
here).
"""

from __future__ import annotations

import json
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, TypeVar

from hatch_kindgi.engines.budget import PATTERN_SIZE_LIMIT, bounded_search
from hatch_kindgi.engines.javascript import unicode_properties
from hatch_kindgi.engines.javascript.strings import LINE_TERMINATOR_ESCAPES, WHITE_SPACE

__all__ = ["JsPattern", "JsRegexError", "js_pattern", "syntax_problem", "with_room"]

MAX_NESTING = 5_000
"""The deepest group nesting read and translated; deeper is refused as too large to check.
V8 itself runs capturing groups nested about 10,000 deep and non-capturing ones about 20,000
(Node 22.12; past that `test` throws "Stack overflow"), and the hosted profile's 1,024
characters nest at most 512: within this. Deeper than `_SHALLOW`, the parse and `regex`'s
compile (both recursive, about five Python frames a level) run in a thread of their own
with room for them (`with_room`); `regex` takes about 0.5 s to compile 5,000 capturing
groups nested, and its time grows faster than the depth past that."""
_SHALLOW = 64
"""The group nesting read in the caller's own thread, within Python's usual recursion limit."""
_FRAMES_PER_LEVEL = 16
"""Python frames one level of nesting may take, our parser's and `regex`'s compile's together
(about five each, measured), with room to spare."""
_STACK_BYTES = 512 << 20
"""The C stack of the thread a deep pattern is read in (Python before 3.11 recurses on it);
reserved, not used, until the recursion needs it."""
_ROOM = threading.Lock()
_T = TypeVar("_T")


class JsRegexError(ValueError):
    """A pattern JavaScript refuses (`javascript` True, V8's message) or one too large for us
    to check in bounded time (`javascript` False)."""

    def __init__(self, message: str, javascript: bool = True) -> None:
        super().__init__(message)
        self.message = message
        self.javascript = javascript


@dataclass(frozen=True)
class JsPattern:
    """A JavaScript pattern (`source`) and its translation for the `regex` module."""

    source: str
    python: str
    flags: str
    deep: bool = False
    """Whether its groups nest past `_SHALLOW`: compiled (once out of `_compiled`'s cache)
    only with the room `with_room` gives, and kept."""
    _kept: list[Any] = field(default_factory=list, repr=False, compare=False)

    def search(self, text: str) -> bool:
        """Whether the pattern matches somewhere in `text` (RegExp.prototype.test), within
        the time limits of `engines.budget` (raises PatternTimeout past them)."""
        ignore_case = "i" in self.flags
        if not self.deep:
            compiled = _compiled(self.python, ignore_case)
        elif self._kept:
            compiled = self._kept[0]
        else:
            compiled = with_room(self.source, lambda: _compiled(self.python, ignore_case))
            self._kept.append(compiled)
        return bounded_search(compiled, self.source, text)


@lru_cache(maxsize=256)
def _compiled(python: str, ignore_case: bool) -> Any:
    import regex  # type: ignore[import-untyped]

    return regex.compile(python, regex.IGNORECASE if ignore_case else 0)


@lru_cache(maxsize=1024)
def js_pattern(source: str, flags: str = "u") -> JsPattern:
    """`source` as `new RegExp(source, flags)` reads it (`u` mode; `i` may be added), or
    JsRegexError with V8's message."""
    if set(flags) - {"u", "i"} or "u" not in flags or len(set(flags)) != len(flags):
        raise ValueError(f"unsupported flags {flags!r}")
    return with_room(source, lambda: _translated(source, flags))


def _translated(source: str, flags: str) -> JsPattern:
    shown = f"Invalid regular expression: /{source}/{flags}: "
    parser = _Parser(source)
    try:
        python = parser.parse()
    except _Refused as refused:
        if refused.reason == _TOO_DEEP:
            raise _too_deep(source) from None
        raise JsRegexError(shown + refused.reason) from None
    # What counted repetitions add to the pattern as written: `regex` writes them out in
    # full. A pattern's own items (an allowlist of 3,400 codes) cost what its text does.
    if parser.size - parser.items > PATTERN_SIZE_LIMIT:
        raise JsRegexError(
            f"the pattern {json.dumps(source)} is too large to check: its counted "
            f"repetitions expand to {parser.size} items, more than {PATTERN_SIZE_LIMIT}; use "
            "smaller bounds ({1,100} rather than {1,100000}) or check the length with "
            "maxLength",
            javascript=False,
        )
    try:
        _compiled(python, "i" in flags)
    except Exception as cause:
        raise JsRegexError(
            f"the pattern {json.dumps(source)} is too large to check: {cause}", javascript=False
        ) from None
    return JsPattern(source, python, flags, deep=_nesting(source) > _SHALLOW)


def _group_brackets(source: str) -> Iterator[int]:
    """Where `source`'s group brackets, `(` and `)`, stand, escapes and classes skipped, as
    V8 reads a pattern's structure before parsing it."""
    index, in_class = 0, False
    while index < len(source):
        char = source[index]
        if char == "\\":
            index += 2
            continue
        if in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
        elif char in "()":
            yield index
        index += 1


def _nesting(source: str) -> int:
    """How deep `source`'s groups nest (`_group_brackets`, as `_Parser._prescan` reads
    them): an upper bound on the recursion its parse and compile need."""
    deepest = depth = 0
    for index in _group_brackets(source):
        if source[index] == "(":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth = max(depth - 1, 0)
    return deepest


def with_room(source: str, work: Callable[[], _T]) -> _T:
    """`work()` (a parse or compile of `source`, with or without `u`), in a thread with the
    recursion room its nesting needs when that is deeper than `_SHALLOW`: a larger stack,
    and Python's recursion limit raised for as long as it runs (one deep pattern at a time;
    the limit is the interpreter's)."""
    depth = min(_nesting(source), MAX_NESTING + 1)  # deeper is refused at MAX_NESTING + 1
    if depth <= _SHALLOW:
        return work()
    outcome: list[Any] = []

    def run() -> None:
        try:
            outcome.append((True, work()))
        except BaseException as failure:  # raised again in the caller's thread
            outcome.append((False, failure))

    with _ROOM:
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, 1_000 + depth * _FRAMES_PER_LEVEL))
        try:
            try:
                stack = threading.stack_size(_STACK_BYTES)
            except (ValueError, RuntimeError):  # a platform that won't: its default stack
                stack = threading.stack_size()
            try:
                thread = threading.Thread(target=run, name="deep pattern")
                thread.start()
            finally:
                threading.stack_size(stack)
            thread.join()
        finally:
            sys.setrecursionlimit(limit)
    done, value = outcome[0]
    if not done:
        raise value
    return value  # type: ignore[no-any-return]


def syntax_problem(source: str, flags: str = "u") -> str | None:
    """V8's message when `new RegExp(source, flags)` refuses `source` for its syntax (`u`
    mode: `flags` holds `u`, and others that change no syntax), None when it compiles. Raises
    JsRegexError (`javascript` False) for groups nested past MAX_NESTING, which V8 takes and
    this parser doesn't read."""
    try:
        with_room(source, _Parser(source).parse)
    except _Refused as refused:
        if refused.reason == _TOO_DEEP:
            raise _too_deep(source) from None
        return f"Invalid regular expression: /{source}/{flags}: {refused.reason}"
    return None


_TOO_DEEP = "groups nest too deeply"


def _too_deep(source: str) -> JsRegexError:
    return JsRegexError(
        f"the pattern {json.dumps(source)} is too large to check: its groups nest more than "
        f"{MAX_NESTING} deep, deeper than this check reads (V8 itself overflows its stack "
        "near 10,000 capturing groups nested)",
        javascript=False,
    )


class _Refused(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


_Ranges = tuple[tuple[int, int], ...]
_MAX = 0x10FFFF


def _negate(ranges: _Ranges) -> _Ranges:
    result = []
    low = 0
    for start, end in ranges:
        if start > low:
            result.append((low, start - 1))
        low = end + 1
    if low <= _MAX:
        result.append((low, _MAX))
    return tuple(result)


_DIGIT: _Ranges = ((0x30, 0x39),)
_WORD: _Ranges = ((0x30, 0x39), (0x41, 0x5A), (0x5F, 0x5F), (0x61, 0x7A))


def _ranges(chars: str) -> _Ranges:
    """The code points of `chars` as sorted ranges, each run of neighbours one range."""
    ranges: list[tuple[int, int]] = []
    for code in sorted(set(map(ord, chars))):
        if ranges and ranges[-1][1] == code - 1:
            ranges[-1] = (ranges[-1][0], code)
        else:
            ranges.append((code, code))
    return tuple(ranges)


_SPACE = _ranges(WHITE_SPACE)
_CLASS_ESCAPES: dict[str, _Ranges] = {
    "d": _DIGIT,
    "D": _negate(_DIGIT),
    "w": _WORD,
    "W": _negate(_WORD),
    "s": _SPACE,
    "S": _negate(_SPACE),
}
_DOT = f"[^{LINE_TERMINATOR_ESCAPES}]"
_WORD_CLASS = "[0-9A-Z_a-z]"
_BOUNDARY = f"(?:(?<={_WORD_CLASS})(?!{_WORD_CLASS})|(?<!{_WORD_CLASS})(?={_WORD_CLASS}))"
_NOT_BOUNDARY = f"(?:(?<={_WORD_CLASS})(?={_WORD_CLASS})|(?<!{_WORD_CLASS})(?!{_WORD_CLASS}))"
_SYNTAX = frozenset("^$\\.*+?()[]{}|/")
_CONTROL = {"f": 0x0C, "n": 0x0A, "r": 0x0D, "t": 0x09, "v": 0x0B}
_HEX = frozenset("0123456789abcdefABCDEF")

# ECMAScript's property names (ECMA-262 "Property names and aliases", tables of binary
# properties, General_Category and Script values), exact spellings only.
_GENERAL_CATEGORY = {
    "C": "C", "Other": "C", "Cc": "Cc", "Control": "Cc", "cntrl": "Cc", "Cf": "Cf",
    "Format": "Cf", "Cn": "Cn", "Unassigned": "Cn", "Co": "Co", "Private_Use": "Co",
    "Cs": "Cs", "Surrogate": "Cs", "L": "L", "Letter": "L", "LC": "LC",
    "Cased_Letter": "LC", "Ll": "Ll", "Lowercase_Letter": "Ll", "Lm": "Lm",
    "Modifier_Letter": "Lm", "Lo": "Lo", "Other_Letter": "Lo", "Lt": "Lt",
    "Titlecase_Letter": "Lt", "Lu": "Lu", "Uppercase_Letter": "Lu", "M": "M", "Mark": "M",
    "Combining_Mark": "M", "Mc": "Mc", "Spacing_Mark": "Mc", "Me": "Me",
    "Enclosing_Mark": "Me", "Mn": "Mn", "Nonspacing_Mark": "Mn", "N": "N", "Number": "N",
    "Nd": "Nd", "Decimal_Number": "Nd", "digit": "Nd", "Nl": "Nl", "Letter_Number": "Nl",
    "No": "No", "Other_Number": "No", "P": "P", "Punctuation": "P", "punct": "P",
    "Pc": "Pc", "Connector_Punctuation": "Pc", "Pd": "Pd", "Dash_Punctuation": "Pd",
    "Pe": "Pe", "Close_Punctuation": "Pe", "Pf": "Pf", "Final_Punctuation": "Pf",
    "Pi": "Pi", "Initial_Punctuation": "Pi", "Po": "Po", "Other_Punctuation": "Po",
    "Ps": "Ps", "Open_Punctuation": "Ps", "S": "S", "Symbol": "S", "Sc": "Sc",
    "Currency_Symbol": "Sc", "Sk": "Sk", "Modifier_Symbol": "Sk", "Sm": "Sm",
    "Math_Symbol": "Sm", "So": "So", "Other_Symbol": "So", "Z": "Z", "Separator": "Z",
    "Zl": "Zl", "Line_Separator": "Zl", "Zp": "Zp", "Paragraph_Separator": "Zp",
    "Zs": "Zs", "Space_Separator": "Zs",
}  # fmt: skip
_BINARY_PAIRS = (
    "ASCII_Hex_Digit AHex", "Alphabetic Alpha", "Bidi_Control Bidi_C", "Bidi_Mirrored Bidi_M",
    "Case_Ignorable CI", "Cased", "Changes_When_Casefolded CWCF",
    "Changes_When_Casemapped CWCM", "Changes_When_Lowercased CWL",
    "Changes_When_NFKC_Casefolded CWKCF", "Changes_When_Titlecased CWT",
    "Changes_When_Uppercased CWU", "Dash", "Default_Ignorable_Code_Point DI",
    "Deprecated Dep", "Diacritic Dia", "Emoji", "Emoji_Component EComp",
    "Emoji_Modifier EMod", "Emoji_Modifier_Base EBase", "Emoji_Presentation EPres",
    "Extended_Pictographic ExtPict", "Extender Ext", "Grapheme_Base Gr_Base",
    "Grapheme_Extend Gr_Ext", "Hex_Digit Hex", "IDS_Binary_Operator IDSB",
    "IDS_Trinary_Operator IDST", "ID_Continue IDC", "ID_Start IDS", "Ideographic Ideo",
    "Join_Control Join_C", "Logical_Order_Exception LOE", "Lowercase Lower", "Math",
    "Noncharacter_Code_Point NChar", "Pattern_Syntax Pat_Syn", "Pattern_White_Space Pat_WS",
    "Quotation_Mark QMark", "Radical", "Regional_Indicator RI", "Sentence_Terminal STerm",
    "Soft_Dotted SD", "Terminal_Punctuation Term", "Unified_Ideograph UIdeo",
    "Uppercase Upper", "Variation_Selector VS", "White_Space space", "XID_Continue XIDC",
    "XID_Start XIDS",
)  # fmt: skip
_BINARY = {alias: pair.split()[0] for pair in _BINARY_PAIRS for alias in pair.split()}
_SPECIAL_BINARY: dict[str, _Ranges] = {"Any": ((0, _MAX),), "ASCII": ((0, 0x7F),)}
_SCRIPT_PAIRS = (
    "Adlam Adlm", "Ahom", "Anatolian_Hieroglyphs Hluw", "Arabic Arab", "Armenian Armn",
    "Avestan Avst", "Balinese Bali", "Bamum Bamu", "Bassa_Vah Bass", "Batak Batk",
    "Bengali Beng", "Bhaiksuki Bhks", "Bopomofo Bopo", "Brahmi Brah", "Braille Brai",
    "Buginese Bugi", "Buhid Buhd", "Canadian_Aboriginal Cans", "Carian Cari",
    "Caucasian_Albanian Aghb", "Chakma Cakm", "Cham", "Cherokee Cher", "Chorasmian Chrs",
    "Common Zyyy", "Coptic Copt Qaac", "Cuneiform Xsux", "Cypriot Cprt",
    "Cypro_Minoan Cpmn", "Cyrillic Cyrl", "Deseret Dsrt", "Devanagari Deva",
    "Dives_Akuru Diak", "Dogra Dogr", "Duployan Dupl", "Egyptian_Hieroglyphs Egyp",
    "Elbasan Elba", "Elymaic Elym", "Ethiopic Ethi", "Garay Gara", "Georgian Geor",
    "Glagolitic Glag", "Gothic Goth", "Grantha Gran", "Greek Grek", "Gujarati Gujr",
    "Gunjala_Gondi Gong", "Gurmukhi Guru", "Gurung_Khema Gukh", "Han Hani", "Hangul Hang",
    "Hanifi_Rohingya Rohg", "Hanunoo Hano", "Hatran Hatr", "Hebrew Hebr", "Hiragana Hira",
    "Imperial_Aramaic Armi", "Inherited Zinh Qaai", "Inscriptional_Pahlavi Phli",
    "Inscriptional_Parthian Prti", "Javanese Java", "Kaithi Kthi", "Kannada Knda",
    "Katakana Kana", "Kawi", "Kayah_Li Kali", "Kharoshthi Khar", "Khitan_Small_Script Kits",
    "Khmer Khmr", "Khojki Khoj", "Khudawadi Sind", "Kirat_Rai Krai", "Lao Laoo",
    "Latin Latn", "Lepcha Lepc", "Limbu Limb", "Linear_A Lina", "Linear_B Linb", "Lisu",
    "Lycian Lyci", "Lydian Lydi", "Mahajani Mahj", "Makasar Maka", "Malayalam Mlym",
    "Mandaic Mand", "Manichaean Mani", "Marchen Marc", "Masaram_Gondi Gonm",
    "Medefaidrin Medf", "Meetei_Mayek Mtei", "Mende_Kikakui Mend", "Meroitic_Cursive Merc",
    "Meroitic_Hieroglyphs Mero", "Miao Plrd", "Modi", "Mongolian Mong", "Mro Mroo",
    "Multani Mult", "Myanmar Mymr", "Nabataean Nbat", "Nag_Mundari Nagm",
    "Nandinagari Nand", "New_Tai_Lue Talu", "Newa", "Nko Nkoo", "Nushu Nshu",
    "Nyiakeng_Puachue_Hmong Hmnp", "Ogham Ogam", "Ol_Chiki Olck", "Ol_Onal Onao",
    "Old_Hungarian Hung", "Old_Italic Ital", "Old_North_Arabian Narb", "Old_Permic Perm",
    "Old_Persian Xpeo", "Old_Sogdian Sogo", "Old_South_Arabian Sarb", "Old_Turkic Orkh",
    "Old_Uyghur Ougr", "Oriya Orya", "Osage Osge", "Osmanya Osma", "Pahawh_Hmong Hmng",
    "Palmyrene Palm", "Pau_Cin_Hau Pauc", "Phags_Pa Phag", "Phoenician Phnx",
    "Psalter_Pahlavi Phlp", "Rejang Rjng", "Runic Runr", "Samaritan Samr",
    "Saurashtra Saur", "Sharada Shrd", "Shavian Shaw", "Siddham Sidd", "SignWriting Sgnw",
    "Sinhala Sinh", "Sogdian Sogd", "Sora_Sompeng Sora", "Soyombo Soyo", "Sundanese Sund",
    "Sunuwar Sunu", "Syloti_Nagri Sylo", "Syriac Syrc", "Tagalog Tglg", "Tagbanwa Tagb",
    "Tai_Le Tale", "Tai_Tham Lana", "Tai_Viet Tavt", "Takri Takr", "Tamil Taml",
    "Tangsa Tnsa", "Tangut Tang", "Telugu Telu", "Thaana Thaa", "Thai", "Tibetan Tibt",
    "Tifinagh Tfng", "Tirhuta Tirh", "Todhri Todr", "Toto", "Tulu_Tigalari Tutg",
    "Ugaritic Ugar", "Unknown Zzzz", "Vai Vaii", "Vithkuqi Vith", "Wancho Wcho",
    "Warang_Citi Wara", "Yezidi Yezi", "Yi Yiii", "Zanabazar_Square Zanb",
)  # fmt: skip
_SCRIPTS = {alias: pair.split()[0] for pair in _SCRIPT_PAIRS for alias in pair.split()}
_SCRIPT_KEYS = {"Script": "sc", "sc": "sc", "Script_Extensions": "scx", "scx": "scx"}


def _char(code: int) -> str:
    """One code point as a `regex` pattern item, escaped unless an ASCII letter or digit."""
    if code < 0x80 and chr(code).isalnum():
        return chr(code)
    return f"\\U{code:08x}"


def _class_items(ranges: _Ranges) -> str:
    return "".join(
        _char(start) if start == end else f"{_char(start)}-{_char(end)}" for start, end in ranges
    )


class _Parser:
    """A recursive-descent parser of ECMAScript's `Pattern[+UnicodeMode, +NamedCaptureGroups]`
    that writes the `regex` translation as it goes."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.at = 0
        self.size = 0
        self.items = 0  # the size with every count taken as one: the pattern as written
        self.groups, self.names = self._prescan()
        self.group = 0
        self.seen_names: set[str] = set()
        self.unresolved = ""

    # -- the input

    def _peek(self, offset: int = 0) -> str:
        index = self.at + offset
        return self.source[index] if index < len(self.source) else ""

    def _take(self) -> str:
        char = self._peek()
        self.at += 1
        return char

    def _prescan(self) -> tuple[int, dict[str, int]]:
        """How many capturing groups, and each name's group number (V8 reads the whole
        pattern before resolving `\\1` or `\\k<name>`, which may come before their group)."""
        source, count = self.source, 0
        names: dict[str, int] = {}
        for index in _group_brackets(source):
            if source[index] != "(":
                continue
            if not source.startswith("?", index + 1):
                count += 1
            elif source.startswith("?<", index + 1) and source[index + 3 : index + 4] not in (
                "=",
                "!",
            ):
                count += 1
                end = source.find(">", index + 3)
                if end > 0:
                    names.setdefault(_decode_name(source[index + 3 : end]) or "", count)
        return count, names

    # -- the grammar

    def parse(self) -> str:
        written = self._disjunction(0)
        if self.at < len(self.source):  # only a ")" stops a top-level disjunction
            raise _Refused("Unmatched ')'")
        if self.unresolved:
            raise _Refused(self.unresolved)
        return written

    def _disjunction(self, depth: int) -> str:
        if depth > MAX_NESTING:
            raise _Refused(_TOO_DEEP)
        alternatives = [self._alternative(depth)]
        while self._peek() == "|":
            self.at += 1
            alternatives.append(self._alternative(depth))
        return "|".join(alternatives)

    def _alternative(self, depth: int) -> str:
        parts: list[str] = []
        while self.at < len(self.source) and self._peek() not in "|)":
            parts.append(self._term(depth))
        return "".join(parts)

    def _term(self, depth: int) -> str:
        char = self._peek()
        assertion = self._assertion(depth)
        if assertion is not None:
            written, quantifiable_error = assertion
            if self._peek() in ("*", "+", "?") or (
                self._peek() == "{" and self._quantifier_ahead()
            ):
                raise _Refused(quantifiable_error)
            if self._peek() == "{" and quantifiable_error == "Invalid quantifier":
                # V8 reads a quantifier after a lookaround (to refuse it): a `{` that starts
                # none is an incomplete one there, not a lone bracket.
                raise _Refused("Incomplete quantifier")
            return written
        size_before = self.size
        atom = self._atom(depth, char)
        atom_size = max(self.size - size_before, 1)
        quantifier = self._quantifier()
        if quantifier is None:
            return atom
        written, count = quantifier
        self.size = size_before + atom_size * max(count, 1)
        return f"(?:{atom}){written}"

    def _assertion(self, depth: int) -> tuple[str, str] | None:
        char = self._peek()
        if char in ("^", "$") or (char == "\\" and self._peek(1) in ("b", "B")):
            self.size += 1
            self.items += 1
        if char == "^":
            self.at += 1
            return "\\A", "Nothing to repeat"
        if char == "$":
            self.at += 1
            return "\\Z", "Nothing to repeat"
        if char == "\\" and self._peek(1) in ("b", "B"):
            self.at += 2
            return (_BOUNDARY if char + self.source[self.at - 1] == "\\b" else _NOT_BOUNDARY), (
                "Nothing to repeat"
            )
        if char == "(" and self._peek(1) == "?":
            kind = self._peek(2)
            if kind in ("=", "!"):
                self.at += 3
                opener = "(?" + kind
            elif kind == "<" and self._peek(3) in ("=", "!"):
                self.at += 4
                opener = "(?<" + self.source[self.at - 1]
            else:
                return None
            inner = self._disjunction(depth + 1)
            if self._take() != ")":
                raise _Refused("Unterminated group")
            self.size += 1
            self.items += 1
            return opener + inner + ")", "Invalid quantifier"
        return None

    def _atom(self, depth: int, char: str) -> str:
        self.size += 1
        self.items += 1
        if char == "(":
            return self._group(depth)
        self.at += 1
        if char == ".":
            return _DOT
        if char == "[":
            return self._class()
        if char == "\\":
            return self._atom_escape()
        if char in ("*", "+", "?"):
            raise _Refused("Nothing to repeat")
        if char == "{":
            self.at -= 1
            raise _Refused(
                "Nothing to repeat" if self._quantifier_ahead() else "Lone quantifier brackets"
            )
        if char in ("}", "]"):
            raise _Refused("Lone quantifier brackets")
        return _char(ord(char))

    def _group(self, depth: int) -> str:
        self.at += 1
        if self._peek() == "?":
            kind = self._peek(1)
            if kind == ":":
                self.at += 2
                inner = self._disjunction(depth + 1)
                if self._take() != ")":
                    raise _Refused("Unterminated group")
                return f"(?:{inner})"
            if kind != "<":
                raise _Refused("Invalid group")
            self.at += 2
            end = self.source.find(">", self.at)
            name = _decode_name(self.source[self.at : end]) if end >= 0 else None
            if name is None:
                raise _Refused("Invalid capture group name")
            self.at = end + 1
        else:
            name = None
        self.group += 1
        inner = self._disjunction(depth + 1)
        if self._take() != ")":
            raise _Refused("Unterminated group")
        if name is not None:  # V8 records a name as its group closes
            if name in self.seen_names:
                raise _Refused("Duplicate capture group name")
            self.seen_names.add(name)
        return f"({inner})"

    def _quantifier_ahead(self) -> bool:
        return self._braces(self.at) is not None

    def _braces(self, index: int) -> tuple[int, int | None, int] | None:
        """`{n}`, `{n,}` or `{n,m}` at `index`: (n, m or None, the index after), or None."""
        source = self.source
        if not source.startswith("{", index):
            return None
        index += 1
        start = index
        while index < len(source) and source[index].isascii() and source[index].isdigit():
            index += 1
        if index == start:
            return None
        low = int(source[start:index])
        if source.startswith("}", index):
            return low, low, index + 1
        if not source.startswith(",", index):
            return None
        index += 1
        start = index
        while index < len(source) and source[index].isascii() and source[index].isdigit():
            index += 1
        high = int(source[start:index]) if index > start else None
        if not source.startswith("}", index):
            return None
        return low, high, index + 1

    def _quantifier(self) -> tuple[str, int] | None:
        char = self._peek()
        if char in ("*", "+", "?"):
            self.at += 1
            written, count = char, 1
        elif char == "{":
            braces = self._braces(self.at)
            if braces is None:
                raise _Refused("Incomplete quantifier")
            low, high, self.at = braces
            if high is not None and high < low:
                raise _Refused("numbers out of order in {} quantifier")
            count = low if high is None else high
            if count > PATTERN_SIZE_LIMIT:  # too large to check either way: never written
                self.size += count
                return "", count
            written = f"{{{low}}}" if high == low else f"{{{low},{'' if high is None else high}}}"
        else:
            return None
        if self._peek() == "?":
            self.at += 1
            written += "?"
        return written, count

    def _atom_escape(self) -> str:
        char = self._take()
        if char == "":
            raise _Refused("\\ at end of pattern")
        if char in _CLASS_ESCAPES:
            return f"[{_class_items(_CLASS_ESCAPES[char])}]"
        if char in ("p", "P"):
            return self._property(char == "P", in_class=False)
        if char.isascii() and char.isdigit() and char != "0":
            start = self.at - 1
            while self._peek().isascii() and self._peek().isdigit():
                self.at += 1
            number = int(self.source[start : self.at])
            if number > self.groups:
                raise _Refused("Invalid escape")
            return f"(?({number})\\{number})"
        if char == "k":
            if self._peek() != "<":
                raise _Refused("Invalid named reference")
            end = self.source.find(">", self.at)
            name = _decode_name(self.source[self.at + 1 : end]) if end >= 0 else None
            if name is None:
                raise _Refused("Invalid capture group name")
            self.at = end + 1
            if name not in self.names:  # V8 resolves names once the whole pattern is read
                self.unresolved = self.unresolved or "Invalid named capture referenced"
                return "(?!)"
            number = self.names[name]
            return f"(?({number})\\{number})"
        return _char(self._character_escape(char, in_class=False))

    def _character_escape(self, char: str, in_class: bool) -> int:
        """The code point of `\\<char>…` (CharacterEscape), reading what follows `char`."""
        if char in _CONTROL:
            return _CONTROL[char]
        if char == "0":
            if self._peek().isascii() and self._peek().isdigit():
                raise _Refused("Invalid class escape" if in_class else "Invalid decimal escape")
            return 0
        if char == "c":
            letter = self._peek()
            if letter.isascii() and letter.isalpha():
                self.at += 1
                return ord(letter) % 32
            raise _Refused("Invalid Unicode escape")
        if char == "x":
            digits = self.source[self.at : self.at + 2]
            if len(digits) == 2 and set(digits) <= _HEX:
                self.at += 2
                return int(digits, 16)
            raise _Refused("Invalid escape")
        if char == "u":
            return self._unicode_escape()
        if char in _SYNTAX:
            return ord(char)
        if in_class and char == "-":
            return ord(char)
        if in_class and char.isascii() and char.isdigit():
            raise _Refused("Invalid class escape")
        raise _Refused("Invalid escape")

    def _unicode_escape(self) -> int:
        """After `\\u`: `{hex}` or four hex digits, a surrogate pair of them joined."""
        source = self.source
        if self._peek() == "{":
            end = source.find("}", self.at)
            digits = source[self.at + 1 : end] if end > 0 else ""
            if not digits or not set(digits) <= _HEX or int(digits, 16) > _MAX:
                raise _Refused("Invalid Unicode escape")
            self.at = end + 1
            return int(digits, 16)
        digits = source[self.at : self.at + 4]
        if len(digits) != 4 or not set(digits) <= _HEX:
            raise _Refused("Invalid Unicode escape")
        self.at += 4
        code = int(digits, 16)
        trail = source[self.at + 2 : self.at + 6]
        if (
            0xD800 <= code <= 0xDBFF
            and source.startswith("\\u", self.at)
            and len(trail) == 4
            and set(trail) <= _HEX
            and 0xDC00 <= int(trail, 16) <= 0xDFFF
        ):
            self.at += 6
            return 0x10000 + ((code - 0xD800) << 10) + (int(trail, 16) - 0xDC00)
        return code

    def _property(self, negated: bool, in_class: bool) -> str:
        """After `\\p` or `\\P`: `{Name}` or `{Name=Value}` with ECMAScript's exact names."""
        invalid = (
            "Invalid property name in character class" if in_class else "Invalid property name"
        )
        end = self.source.find("}", self.at)
        if self._peek() != "{" or end < 0:
            raise _Refused(invalid)
        body = self.source[self.at + 1 : end]
        self.at = end + 1
        name, _, value = body.partition("=")
        key: str | None = None
        if "=" in body:
            if name in ("General_Category", "gc") and value in _GENERAL_CATEGORY:
                key = f"gc={_GENERAL_CATEGORY[value]}"
            elif name in _SCRIPT_KEYS and value in _SCRIPTS:
                key = f"{_SCRIPT_KEYS[name]}={_SCRIPTS[value]}"
        elif name in _GENERAL_CATEGORY:
            key = f"gc={_GENERAL_CATEGORY[name]}"
        elif name in _BINARY:
            key = _BINARY[name]
        if key is not None:
            ranges = unicode_properties.ranges(key)  # V8's own table, not `regex`'s
        elif name == "Assigned":
            ranges = _negate(unicode_properties.ranges("gc=Cn"))
        elif name in _SPECIAL_BINARY:
            ranges = _SPECIAL_BINARY[name]
        else:
            raise _Refused(invalid)
        items = _class_items(_negate(ranges) if negated else ranges)
        return items if in_class else (f"[{items}]" if items else "(?!)")

    def _class(self) -> str:
        negated = self._peek() == "^"
        if negated:
            self.at += 1
        items: list[str] = []
        while True:
            if self.at >= len(self.source):
                raise _Refused("Unterminated character class")
            if self._peek() == "]":
                self.at += 1
                break
            first = self._class_atom()
            if self._peek() == "-" and self._peek(1) not in ("]", ""):
                self.at += 1
                second = self._class_atom()
                if isinstance(first, str) or isinstance(second, str):
                    raise _Refused("Invalid character class")
                if first > second:
                    raise _Refused("Range out of order in character class")
                items.append(f"{_char(first)}-{_char(second)}")
            else:
                items.append(first if isinstance(first, str) else _char(first))
        items = [item for item in items if item]  # a set with nothing in it, \P{Any}
        if not items:
            return "[\\x00-\\U0010ffff]" if negated else "(?!)"
        return f"[{'^' if negated else ''}{''.join(items)}]"

    def _class_atom(self) -> int | str:
        """A code point, or a set's class items (a class escape)."""
        char = self._take()
        if char != "\\":
            return ord(char)
        char = self._take()
        if char == "":
            raise _Refused("\\ at end of pattern")
        if char == "b":
            return 0x08
        if char in _CLASS_ESCAPES:
            return _class_items(_CLASS_ESCAPES[char])
        if char in ("p", "P"):
            return self._property(char == "P", in_class=True)
        return self._character_escape(char, in_class=True)


def _decode_name(text: str) -> str | None:
    """A group name (RegExpIdentifierName, `\\u` escapes decoded), or None if it is not one."""
    name = []
    index = 0
    while index < len(text):
        char = text[index]
        if char == "\\":
            if not text.startswith("\\u", index):
                return None
            inner = _Parser.__new__(_Parser)
            inner.source, inner.at = text, index + 2
            try:
                code = inner._unicode_escape()
            except _Refused:
                return None
            char = chr(code)
            index = inner.at
        else:
            index += 1
        name.append(char)
    if not name:
        return None
    first, rest = name[0], name[1:]
    if not (first in "$_" or first.isidentifier()):
        return None
    if not all(each in "$\u200c\u200d" or ("a" + each).isidentifier() for each in rest):
        return None
    return "".join(name)
