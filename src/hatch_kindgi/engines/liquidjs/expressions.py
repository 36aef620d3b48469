"""python-liquid's expression tokens read as liquidjs reads them: a keyword after a dot is a key.

python-liquid lexes `limit`, `offset`, `reversed`, `cols`, `with`, `and`, `contains`, `empty`,
… as keywords wherever they stand, so `settings["acme.x"].limit` fails its parse; liquidjs
reads any word after a dot as a key. A dot only ever stands inside a path (a range is `..`, a
float is one token), so a keyword right after one is always a key: `keys_after_dots` makes it
a word. Which words are keywords is asked of python-liquid's own lexer (`tokenize`, public),
not of its private keyword table, so a new keyword is read as one too.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from liquid.builtin.expressions import tokenize
from liquid.stream import TokenStream
from liquid.token import TOKEN_DOT, TOKEN_EXPRESSION, TOKEN_WORD, Token

if TYPE_CHECKING:
    from collections.abc import Iterable

__all__ = ["expression_stream", "keys_after_dots"]


def keys_after_dots(tokens: TokenStream) -> TokenStream:
    """`tokens` (an expression's, not yet read) with each keyword that follows a dot made a
    word, as liquidjs reads it; the same stream."""
    items = tokens.tokens
    for index in range(max(tokens.pos, 1), len(items)):
        token = items[index]
        if (
            token.kind == token.value  # a keyword's kind is its own word
            and token.kind != TOKEN_WORD
            and items[index - 1].kind == TOKEN_DOT
            and _keyword(token.value)
        ):
            items[index] = Token(TOKEN_WORD, token.value, token.start_index, token.source)
    return tokens


def expression_stream(tokens: Iterable[Token]) -> TokenStream:
    """A stream of an expression's `tokens` (from python-liquid's `tokenize`), read as liquidjs
    reads them."""
    return keys_after_dots(TokenStream(iter(tokens)))


@cache
def _keyword(word: str) -> bool:
    """Whether python-liquid lexes `word` alone as a keyword (a token of its own kind)."""
    lexed = list(tokenize(word, Token(TOKEN_EXPRESSION, word, 0, word)))
    return len(lexed) == 1 and lexed[0].kind == word != TOKEN_WORD
