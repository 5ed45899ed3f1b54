"""Actions: frozen pydantic models told apart by `type`, and the adapter that reads a game's
actions from their JSON form and writes them back.

A game declares its own base (`class Action(kernel.Action)`, which takes no `type`) and one
class per action below it. An action class's `type` is its name in snake_case, given by the
kernel (`class TakeGold(Action)` is `{"type": "take_gold"}`): a class declares `type` itself
only to differ from its name. `Actions(Action, [...])` is the game's parser of the union of
those classes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Annotated, Any, Generic, Literal, TypeVar, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from .errors import IllegalAction

if TYPE_CHECKING:
    from pydantic._internal._model_construction import ModelMetaclass as _ModelMeta
else:
    _ModelMeta = type(BaseModel)  # pydantic's model metaclass, without naming its module

JSON = dict[str, Any]


def tag_of(name: str) -> str:
    """The `type` of the action class `name`: TakeGold -> take_gold."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


class Tagged(_ModelMeta):
    """Gives every action class (a class two levels below the kernel's Action, or more) its
    `type` field before pydantic reads the class: `type: Literal["<tag>"] = "<tag>"`, as if
    it were written in the class, unless the class writes its own."""

    def __new__(mcs, name: str, bases: tuple[type[Any], ...], namespace: dict[str, Any],
                **kwargs: Any) -> type:
        annotations = namespace.setdefault("__annotations__", {})
        if "type" not in annotations and any(
                isinstance(b, Tagged) and any(isinstance(g, Tagged) for g in b.__bases__)
                for b in bases):
            tag = tag_of(name)
            namespace["__annotations__"] = {"type": Literal[tag], **annotations}
            namespace["type"] = tag
        cls: type = super().__new__(mcs, name, bases, namespace, **kwargs)
        return cls


class Action(BaseModel, metaclass=Tagged):
    """The root of every game's actions: frozen, no field but those declared."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    type: str = ""  # an action class's own: its name in snake_case (see Tagged)


A = TypeVar("A", bound=Action)


class Actions(Generic[A]):
    """A game's actions: `parse` reads one from its JSON form (or passes an action through),
    `dump` writes it. `types` are the union's classes; `extra` holds classes added after it was
    built, by type (a game may add and remove them: Citadels' characters added later)."""

    def __init__(self, base: type[A], types: Iterable[type[A]], **dump: Any) -> None:
        self.base = base
        self.types: tuple[type[A], ...] = tuple(types)
        self.by_type: dict[str, type[A]] = {type_of(cls): cls for cls in self.types}
        self.extra: dict[str, type[A]] = {}
        self._union: TypeAdapter[A] = TypeAdapter(
            Annotated[Union[self.types], Field(discriminator="type")])  # type: ignore[arg-type]  # noqa: UP007
        self._dump = dump  # model_dump's options for `dump`

    def parse(self, data: A | Mapping[str, Any] | object) -> A:
        """The action `data` is (itself if an action); IllegalAction if it is malformed."""
        if isinstance(data, self.base):
            return data
        if not isinstance(data, Mapping):
            raise IllegalAction(f"an action is a JSON object, not {type(data).__name__}")
        try:
            return self._union.validate_python(data)
        except ValidationError as exc:
            added = self.extra.get(str(data.get("type")))
            if added is None:
                raise IllegalAction(f"malformed action: {_first_error(exc)}") from None
        try:  # a class added after the union was built
            return added.model_validate(data)
        except ValidationError as exc:
            raise IllegalAction(f"malformed action: {_first_error(exc)}") from None

    def dump(self, action: A) -> JSON:
        """The JSON form of an action."""
        return action.model_dump(**self._dump)

    def of(self, type_: str) -> type[A] | None:
        """The class of the actions of `type_`, in the union or added."""
        return self.by_type.get(type_) or self.extra.get(type_)


def type_of(cls: type[Action]) -> str:
    """The `type` of an action class."""
    tag: str = cls.model_fields["type"].default
    return tag


def _first_error(exc: ValidationError) -> str:
    err = exc.errors()[0]
    where = ".".join(str(x) for x in err["loc"])
    return f"{where}: {err['msg']}" if where else err["msg"]
