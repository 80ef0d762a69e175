"""A tiny SVG document builder: elements as immutable values, written out as text with
every attribute and every piece of text escaped.

Why not :mod:`xml.etree`: its output depends on the order attributes were set and on the
Python version's serializer, and a picture must be the same bytes for the same input.
Here an element is written exactly as it was built (attributes in the order given, numbers
through :func:`num`), so the same input gives the same document, byte for byte.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

SVG_NS: Final = "http://www.w3.org/2000/svg"
#: Characters XML 1.0 does not allow at all (they could come from a colour's name in a
#: ruleset file): written as U+FFFD rather than making the document ill-formed.
_NOT_XML: Final = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")
_ESCAPES: Final = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}

Attribute = str | int | float


def num(value: float) -> str:
    """A coordinate or length as text: at most 2 decimals, no trailing zeros, no ``-0``, so
    that the same number is always written the same way."""
    if type(value) is int:  # most coordinates: written as they are, at a fraction of the cost
        return str(value)
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


#: Whatever :func:`escape` changes: most text (numbers, names) has none, and is kept as is.
_TO_ESCAPE: Final = re.compile('[&<>"\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]')


def escape(text: str) -> str:
    """``text`` safe inside an element or a double-quoted attribute."""
    if _TO_ESCAPE.search(text) is None:
        return text
    return _NOT_XML.sub("\ufffd", re.sub('[&<>"]', lambda m: _ESCAPES[m[0]], text))


@dataclass(frozen=True)
class Element:
    """An SVG element: a tag, attributes in the order written, and children (elements or
    text)."""

    tag: str
    attributes: tuple[tuple[str, str], ...] = ()
    children: tuple[Element | str, ...] = ()

    def write(self, out: list[str]) -> None:
        """Append this element's text to ``out`` (one list for a whole document: fast)."""
        out.append(f"<{self.tag}")
        for name, value in self.attributes:
            out.append(f' {name}="{escape(value)}"')
        if not self.children:
            out.append("/>")
            return
        out.append(">")
        for child in self.children:
            if isinstance(child, str):
                out.append(escape(child))
            else:
                child.write(out)
        out.append(f"</{self.tag}>")


def el(tag: str, *children: Element | str | None, **attributes: Attribute | None) -> Element:
    """``el("rect", x=1, fill="red")``: an element; ``None`` children and attributes are
    left out, ``stroke_width`` is written ``stroke-width`` and ``class_`` ``class``."""
    written = tuple(
        (_ATTRIBUTE_NAMES.get(name) or _attribute_name(name), _attribute(value))
        for name, value in attributes.items()
        if value is not None
    )
    return Element(tag, written, tuple(child for child in children if child is not None))


#: Attribute names as written, by their Python keyword (a picture uses a few dozen, each
#: many times).
_ATTRIBUTE_NAMES: dict[str, str] = {}


def _attribute_name(keyword: str) -> str:
    written = _ATTRIBUTE_NAMES[keyword] = keyword.rstrip("_").replace("_", "-")
    return written


def use(ref: str, x: float, y: float) -> Element:
    """A ``<use>`` of the shape whose id is ``ref`` (defined once in the document's defs)."""
    return el("use", href=f"#{ref}", x=x, y=y)


def _attribute(value: Attribute) -> str:
    if isinstance(value, str):
        return value
    if type(value) is bool:
        raise TypeError("an SVG attribute is text or a number, not a bool")
    return num(value)


def group(
    children: Iterable[Element | None], *, x: float = 0, y: float = 0, **attributes: Attribute
) -> Element:
    """A ``<g>`` of ``children``, moved to ``(x, y)``."""
    moved = f"translate({num(x)} {num(y)})" if x or y else None
    return el("g", *children, transform=moved, **attributes)


def titled(kind: str, title: str, *children: Element | None) -> Element:
    """A ``<g>`` of the class ``kind`` whose ``<title>`` says what its shapes mean (a
    tooltip, and what a screen reader reads); the class is for style sheets and tests."""
    return el("g", el("title", title), *children, class_=kind)


def text(
    x: float,
    y: float,
    words: str,
    *,
    size: int = 13,
    weight: str | None = None,
    anchor: str | None = None,
    fill: str | None = None,
) -> Element:
    """A line of text with its baseline at ``y``."""
    return el("text", words, x=x, y=y, font_size=size, font_weight=weight, text_anchor=anchor, fill=fill)


def document(
    width: float,
    height: float,
    title: str,
    description: str,
    defs: Iterable[Element],
    body: Iterable[Element],
) -> str:
    """A whole SVG document: its title and description (what a screen reader announces),
    the shared definitions (patterns, symbols), a white page, then ``body``."""
    root = el(
        "svg",
        el("title", title, id="title"),
        el("desc", description, id="desc"),
        el("defs", *defs),
        el("rect", width="100%", height="100%", fill="#ffffff"),
        *body,
        xmlns=SVG_NS,
        width=width,
        height=height,
        viewBox=f"0 0 {num(width)} {num(height)}",
        role="img",
        aria_labelledby="title desc",
        font_family="DejaVu Sans, Verdana, Arial, sans-serif",
        font_size=13,
    )
    out: list[str] = ['<?xml version="1.0" encoding="UTF-8"?>\n']
    root.write(out)
    out.append("\n")
    return "".join(out)


def fragment(width: float, height: float, label: str, body: Iterable[Element], kind: str) -> str:
    """An ``<svg>`` of the class ``kind`` that a page shows beside others (the table, each
    seat): labelled for a screen reader, without shared definitions of its own, which
    the page holds once (:func:`shared_defs`)."""
    root = el(
        "svg",
        el("title", label),
        *body,
        xmlns=SVG_NS,
        width=width,
        height=height,
        viewBox=f"0 0 {num(width)} {num(height)}",
        role="img",
        aria_label=label,
        class_=kind,
        font_family="DejaVu Sans, Verdana, Arial, sans-serif",
        font_size=13,
    )
    out: list[str] = []
    root.write(out)
    return "".join(out)


def shared_defs(defs: Iterable[Element]) -> str:
    """The definitions (patterns, symbols) every :func:`fragment` of a page refers to, in
    an ``<svg>`` that takes no room (not ``display: none``, under which a browser would
    not paint the patterns it holds)."""
    root = el("svg", el("defs", *defs), xmlns=SVG_NS, width=0, height=0, aria_hidden="true", class_="defs")
    out: list[str] = []
    root.write(out)
    return "".join(out)
