"""How the API reference (``mkdocs.yml``) renders the package's docstrings: a griffe
extension for mkdocstrings.

- **Sphinx's roles.** The docstrings cross-reference with Sphinx's roles
  (``:class:`~pyramido.engine.views.ScoreLine```, ``:mod:`.hookspecs```), which
  mkdocstrings would show as text. Each becomes a link to the object where the reference
  renders it, and its name as code elsewhere (an optional cross-reference of
  mkdocs-autorefs: naming a private module is no error). A target reads as Sphinx reads
  it: ``~`` shows its last name only; leading dots are relative to the docstring's module,
  as in an import; a name not starting with the package's is looked up in the docstring's
  class, then its module.
- **Sphinx's doc-comments.** An attribute with no docstring of its own takes the ``#:``
  comment lines just above it, as Sphinx would.
- **Cached attributes.** A method decorated with :class:`pyramido.lazy.cached` is read as
  an attribute (made on the first read): it is shown as a property.
- **Fields as a table.** The fields of a dataclass, a named tuple or a ``TypedDict`` (the
  views, the hooks' values, the forms of events and score lines) are listed in one table
  of their names, types and docstrings, rather than one heading each; properties and
  methods stay members of their own.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

ROLE = re.compile(r":(?:class|mod|func|meth|data|attr|exc|obj):`(~?)([\w.]+)`")
#: The decorator of an attribute made on its first read.
CACHED = "pyramido.lazy.cached"
#: The bases and decorators that make a class's annotated attributes its fields.
WITH_FIELDS = re.compile(r"^(dataclass|dataclasses\.dataclass)\b|^(typing\.)?(NamedTuple|TypedDict)$")


class PyramidoDocstrings(griffe.Extension):
    def on_object(self, *, obj: griffe.Object, loader: griffe.GriffeLoader, **kwargs: Any) -> None:
        """Give an attribute its doc-comment; rewrite the roles of ``obj``'s docstring, once
        the whole tree is loaded (a bare name may be any member of its module)."""
        if obj.docstring is None and isinstance(obj, griffe.Attribute):
            comment = _doc_comment(obj)
            if comment:
                obj.docstring = _docstring(obj, comment, loader)
        if obj.docstring is not None:
            obj.docstring.value = _linked(obj, obj.docstring.value)

    def on_class(self, *, cls: griffe.Class, loader: griffe.GriffeLoader, **kwargs: Any) -> None:
        """Show its cached attributes as properties, and gather its fields into a table of
        its docstring (called after :meth:`on_object` for the class, before it is called for
        its members)."""
        for name, member in list(cls.members.items()):
            if isinstance(member, griffe.Function) and any(
                decorator.callable_path == CACHED for decorator in member.decorators
            ):
                cached = griffe.Attribute(
                    name, lineno=member.lineno, endlineno=member.endlineno, annotation=member.returns
                )
                cached.docstring = member.docstring
                cached.labels |= {"property", "cached"}
                cls.set_member(name, cached)
        made = [str(expr) for expr in (*cls.bases, *(d.value for d in cls.decorators))]
        if not any(WITH_FIELDS.match(name) for name in made):
            return
        fields = [
            member
            for name, member in cls.members.items()
            if isinstance(member, griffe.Attribute)
            and not name.startswith("_")
            and member.annotation is not None
            and "property" not in member.labels
        ]
        if not fields:
            return
        if cls.docstring is None:
            cls.docstring = _docstring(cls, "", loader)
        table = [
            griffe.DocstringAttribute(
                name=field.name,
                annotation=field.annotation,
                description=_linked(field, field.docstring.value if field.docstring else _doc_comment(field)),
            )
            for field in fields
        ]
        cls.docstring.parsed.append(griffe.DocstringSectionAttributes(table, title="Fields:"))
        for field in fields:
            cls.del_member(field.name)


def _docstring(obj: griffe.Object, text: str, loader: griffe.GriffeLoader) -> griffe.Docstring:
    """A docstring for ``obj``, parsed as the loader parses the others."""
    return griffe.Docstring(
        text, parent=obj, parser=loader.docstring_parser, parser_options=loader.docstring_options
    )


def _doc_comment(attribute: griffe.Attribute) -> str:
    """The ``#:`` lines just above ``attribute``'s first line, without their marks."""
    found: list[str] = []
    if attribute.lineno:
        for line in reversed(attribute.module.lines[: attribute.lineno - 1]):
            if not line.lstrip().startswith("#:"):
                break
            found.insert(0, line.lstrip()[2:].strip())
    return "\n".join(found)


def _linked(obj: griffe.Object, text: str) -> str:
    """``text``, a docstring of ``obj``, its roles made cross-references."""
    return ROLE.sub(lambda role: _reference(obj, role[2], role[1] == "~"), text)


def _reference(obj: griffe.Object, target: str, short: bool) -> str:
    path = _resolved(obj, target)
    title = path.rsplit(".", 1)[-1] if short else target.lstrip(".")
    return f'<autoref identifier="{path}" optional><code>{title}</code></autoref>'


def _resolved(obj: griffe.Object, target: str) -> str:
    """The full path ``target`` names in ``obj``'s docstring (left as it is when not found)."""
    module = obj.module
    name = target.lstrip(".")
    if name != target:
        package = module.path.split(".") if module.is_init_module else module.path.split(".")[:-1]
        up = len(target) - len(name) - 1
        return ".".join([*package[: len(package) - up], name])
    first, _, rest = name.partition(".")
    if first == obj.package.name:
        return name
    owner = obj if obj.is_class else obj.parent
    for scope in (owner if isinstance(owner, griffe.Class) else None, module):
        if scope is not None and first in scope.members:
            member = scope.members[first]
            found = member.target_path if isinstance(member, griffe.Alias) else member.path
            return f"{found}.{rest}" if rest else found
    return name
