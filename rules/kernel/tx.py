"""Copy-on-write working copies of pydantic models, and models built from fields known valid.

An engine's `apply` must not change its input, and copying a whole state per action (or
validating what the engine itself made) would cost more than the rules. So a state's working
copy is a plain object with a pydantic model's instance layout (`Layout`): the state's fields
dict, copied once (the containers inside still the input's until the engine copies one it
writes), read and written as plain attributes, and given the model's class once the action is
done (`__class__` assignment: no copy, no validation). Every field it holds is valid already.

This leans on how pydantic 2 lays out a model instance (tests/rules/kernel/test_pydantic_guard.py
fails, naming what changed, if an upgrade breaks any of it):
- a BaseModel instance has exactly the four slots of `PYDANTIC_SLOTS`, and a model class that
  declares `__slots__ = ()` adds none, so CPython lets a Layout object become one;
- its field values are its `__dict__`, read as plain instance attributes (no descriptor);
- `__pydantic_fields_set__` names the fields set (an assignment adds the name to that very
  set: one set holding every field may be shared by many models); `__pydantic_extra__` and
  `__pydantic_private__` are None for a model without extras or private attributes.
Why plain objects: a model's attribute reads take CPython's slow path (BaseModel defines
__getattr__) and its writes run BaseModel.__setattr__; with pydantic copies instead, 4-player
Citadels games ran at about 226 per second instead of 650-800.
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)
PYDANTIC_SLOTS = ("__dict__", "__pydantic_fields_set__", "__pydantic_extra__",
                  "__pydantic_private__")


class Layout:
    """BaseModel's instance layout (its slots, no others) in a plain class, whose attribute
    reads and writes are plain ones. A working copy's class is a subclass of it (with
    `__slots__ = ()` and whatever methods of the model the rules call on it); a model class
    whose objects are made from one must declare `__slots__ = ()`."""

    __slots__ = PYDANTIC_SLOTS


def work(cls: type[Layout], fields: dict[str, Any], fields_set: set[str]) -> Any:
    """A working copy: an object of cls (a Layout class) holding `fields` (the dict itself, not
    a copy) that becomes a model by `obj.__class__ = Model`. Any: the rules use it as the model
    it becomes."""
    made: Any = cls()  # called: a class without __init__ is made faster so than by __new__
    made.__dict__ = fields
    made.__pydantic_fields_set__ = fields_set
    made.__pydantic_extra__ = made.__pydantic_private__ = None
    return made


def assemble(cls: type[M], fields: dict[str, Any], fields_set: set[str]) -> M:
    """A model of cls holding `fields` (every field, already valid; the dict itself) with
    `fields_set` as its fields set: what `cls.model_construct(**fields)` makes, without its
    loop over every field's aliases and defaults. Quickest for a class with BaseModel's layout
    (`__slots__ = ()`: made as a Layout object, then given the class); any other model (an
    action class, whose objects take weak references) is made as model_construct ends."""
    layout = _SHARES_LAYOUT.get(cls)
    if layout is None:
        layout = _SHARES_LAYOUT[cls] = _shares_layout(cls)
    made: Any
    if layout:
        made = Layout()
        made.__dict__ = fields
        made.__pydantic_fields_set__ = fields_set
        made.__pydantic_extra__ = made.__pydantic_private__ = None
        made.__class__ = cls
    else:
        made = object.__new__(cls)
        _setattr(made, "__dict__", fields)  # a model's own __setattr__ would validate
        _setattr(made, "__pydantic_fields_set__", fields_set)
        _setattr(made, "__pydantic_extra__", None)
        _setattr(made, "__pydantic_private__", None)
    model: M = made
    return model


_setattr = object.__setattr__
# Whether a model class has BaseModel's layout exactly, by class.
_SHARES_LAYOUT: dict[type, bool] = {}


def _shares_layout(cls: type[BaseModel]) -> bool:
    probe: Any = Layout()
    try:
        probe.__class__ = cls
    except TypeError:  # "object layout differs"
        return False
    return True


def replaced(model: M, **changes: Any) -> M:
    """model.model_copy(update=changes), without its copies and checks: the same fields and
    fields set (for frozen pieces with no extras and no private attributes)."""
    return assemble(type(model), {**model.__dict__, **changes},
                    model.__pydantic_fields_set__ | changes.keys())


# Every field counts as set in working copies (all are written explicitly). One shared set per
# class: pydantic only ever adds a field name to it, and it holds them all.
_ALL_SET: dict[type, set[str]] = {}


def all_set(cls: type[BaseModel]) -> set[str]:
    """The fields set shared by cls's working copies: all of its fields."""
    return _ALL_SET.get(cls) or _ALL_SET.setdefault(cls, set(cls.model_fields))


def construct(cls: type[M], fields: dict[str, Any]) -> M:
    """cls.model_construct(**fields), the same model, with the per-field work (aliases, the
    defaults' copies) done once per class: for a state of many fields built from data the
    engine has checked."""
    values: dict[str, Any] = {}
    for name, kind, default in _specs(cls):
        if name in fields:
            values[name] = fields[name]
        elif kind is _CONST:
            values[name] = default
        elif kind is _COPY:
            values[name] = default.copy()
        elif kind is _FIELD:  # what model_construct does for any other default
            values[name] = default.get_default(call_default_factory=True,
                                               validated_data=values)
    return assemble(cls, values, {name for name in fields if name in values})


# How construct fills a field left out: required (left out), an immutable default as it is,
# an empty list or dict copied (pydantic's smart_deepcopy does the same), else pydantic's own.
_REQUIRED, _CONST, _COPY, _FIELD = "required", "const", "copy", "field"
_SPECS: dict[type, list[tuple[str, str, Any]]] = {}


def _specs(cls: type[BaseModel]) -> list[tuple[str, str, Any]]:
    specs = _SPECS.get(cls)
    if specs is None:
        assert cls.__pydantic_post_init__ is None and cls.model_config.get("extra") != "allow"
        specs = _SPECS[cls] = []
        for name, field in cls.model_fields.items():
            assert field.alias is None and field.validation_alias is None, name
            default = field.default
            kind = (_REQUIRED if field.is_required()
                    else _CONST if field.default_factory is None
                    and type(default) in (int, str, bool, type(None))
                    else _COPY if field.default_factory is None
                    and type(default) in (list, dict) and not default
                    else _FIELD)
            specs.append((name, kind, field if kind is _FIELD else default))
    return specs
