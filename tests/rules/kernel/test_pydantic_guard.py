"""What the kernel takes from pydantic's internals, checked one by one: a pydantic upgrade that
breaks any of it fails here, saying what changed, instead of corrupting states in play.

rules/kernel/tx.py makes working copies as plain objects with a model's instance layout and
turns them into models by `__class__` assignment, builds models from fields known valid without
validating, and shares one fields set among many models; rules/kernel/actions.py gives each
action class its `type` field through pydantic's model metaclass. If a test here fails, fix the
kernel (or fall back to model_construct / model_copy there, which costs speed, see
bench.engine), never the engines.
"""

from __future__ import annotations

import json
from functools import cached_property
from typing import Any, Literal

import pydantic
import pytest
from pydantic import BaseModel

from rules import citadels
from rules.catan import engine as catan_engine
from rules.catan import state as catan_state
from rules.citadels import state as citadels_state
from rules.kernel import tx
from rules.kernel.actions import Action, Actions, Tagged
from rules.kernel.tx import PYDANTIC_SLOTS, Layout, all_set, assemble, construct, replaced, work

PYDANTIC = f"pydantic {pydantic.VERSION}"


def _samples() -> list[BaseModel]:
    """One validated model of every class the engines make through the kernel."""
    c = citadels.new_game(["ana", "bo", "cy", "di"], seed=3)
    k = catan_engine.new_game(["ana", "bo", "cy"], catan_state.Options(), seed=3)
    cards = dict.fromkeys(catan_state.CARDS, 1)
    return [
        c, c.players[0], citadels_state.DraftStep(player="ana", kind="pick",
                                                  offered=["king"], chosen="king"),
        k, k.players[0], catan_state.Player(id="ana", cards=cards),
        catan_state.Building(owner=1, city=True), catan_state.Knight(owner=0, level=2),
        catan_state.Decision(kind="discard", seat=1, stage=2, count=4),
        catan_state.Offer(to=1, give={"brick": 1}, get={"wool": 2}),
        catan_state.Dice(red=3, yellow=4, event="ship"),
    ]


SAMPLES = _samples()
CLASSES = list(dict.fromkeys(type(m) for m in SAMPLES))


def test_a_model_instance_has_exactly_the_slots_layout_copies():
    assert BaseModel.__slots__ == PYDANTIC_SLOTS, (
        f"{PYDANTIC}: BaseModel's instance slots are {BaseModel.__slots__!r}, no longer "
        f"{PYDANTIC_SLOTS!r}: rules/kernel/tx.py's Layout must have the same, or a working "
        "copy cannot become a model")
    for name in PYDANTIC_SLOTS[1:]:
        assert type(BaseModel.__dict__.get(name)).__name__ == "member_descriptor", (
            f"{PYDANTIC}: BaseModel.{name} is no longer a slot: Layout objects and Citadels' "
            "Work (which keeps its events and clones in the extra and private slots) rely on it")


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: f"{c.__module__}.{c.__name__}")
def test_a_layout_object_becomes_a_model_of_each_class(cls: type[BaseModel]):
    probe: Any = Layout()
    try:
        probe.__class__ = cls
    except TypeError as exc:
        raise AssertionError(
            f"{PYDANTIC}: a Layout object can no longer become a {cls.__name__} ({exc}): "
            "the class must add no slot to BaseModel's (`__slots__ = ()`), and Layout must "
            "have BaseModel's slots exactly") from None


@pytest.mark.parametrize("model", SAMPLES, ids=lambda m: type(m).__name__)
def test_a_models_fields_are_its_dict_read_as_plain_attributes(model: BaseModel):
    cls = type(model)
    assert list(model.__dict__)[:len(cls.model_fields)] == list(cls.model_fields), (
        f"{PYDANTIC}: a {cls.__name__}'s __dict__ no longer holds its field values by name: "
        "working copies copy and write that dict")
    shadowed = [f for f in cls.model_fields
                if any(f in vars(k) for k in cls.__mro__ if k is not object)]
    assert not shadowed, (
        f"{PYDANTIC}: {cls.__name__}'s class now has attributes named as its fields "
        f"{shadowed}: a field read would no longer be the instance dict's value")
    assert model.__pydantic_extra__ is None and model.__pydantic_private__ is None, (
        f"{PYDANTIC}: a {cls.__name__} without extras or private attributes no longer keeps "
        "None in __pydantic_extra__ / __pydantic_private__, which assemble and work set")
    assert isinstance(model.__pydantic_fields_set__, set), (
        f"{PYDANTIC}: __pydantic_fields_set__ is no longer a set")


@pytest.mark.parametrize("model", SAMPLES, ids=lambda m: type(m).__name__)
def test_an_assembled_model_is_the_validated_one(model: BaseModel):
    cls = type(model)
    made = assemble(cls, dict(model.__dict__), set(model.__pydantic_fields_set__))
    assert type(made) is cls and made == model, (
        f"{PYDANTIC}: a {cls.__name__} assembled from a validated one's fields is no longer "
        "equal to it")
    assert made.model_dump_json() == model.model_dump_json(), (
        f"{PYDANTIC}: an assembled {cls.__name__} no longer dumps as the validated one")
    assert made.model_fields_set == model.model_fields_set, (
        f"{PYDANTIC}: model_fields_set no longer reads __pydantic_fields_set__")
    again = cls.model_validate(json.loads(made.model_dump_json()))
    assert again == made, f"{PYDANTIC}: an assembled {cls.__name__} no longer round-trips"
    fields = {name: getattr(model, name) for name in cls.model_fields}
    built = construct(cls, fields)
    reference = cls.model_construct(**fields)
    assert built == reference and built.model_fields_set == reference.model_fields_set, (
        f"{PYDANTIC}: construct({cls.__name__}) no longer makes what model_construct makes "
        "(see tx._specs: how pydantic fills a field left out)")
    required = {n: fields[n] for n, f in cls.model_fields.items() if f.is_required()}
    built, reference = construct(cls, required), cls.model_construct(**required)
    assert built == reference and built.model_fields_set == reference.model_fields_set, (
        f"{PYDANTIC}: construct({cls.__name__}) fills the defaults unlike model_construct")


def test_a_model_of_another_layout_is_assembled_too():
    # Action classes take weak references (a slot of their own): not made from a Layout.
    from rules.citadels.actions import DiscardAndDraw
    made = assemble(DiscardAndDraw, {"type": "discard_and_draw", "districts": ["a", "b"]},
                    {"districts"})
    assert made == DiscardAndDraw.model_construct(districts=["a", "b"]), (
        f"{PYDANTIC}: a model assembled with object.__setattr__ is no longer model_construct's")
    assert made.model_dump() == {"type": "discard_and_draw", "districts": ["a", "b"]}


def test_a_working_copy_becomes_the_model_and_its_input_stays():
    state = citadels.new_game(["ana", "bo", "cy"], seed=5)
    before = state.model_dump_json()

    class WorkState(Layout):
        __slots__ = ()

    copy: Any = work(WorkState, state.__dict__.copy(), all_set(type(state)))
    copy.round = 9  # a plain write: no validation, no fields set growing
    assert copy.round == 9 and state.round == 1
    copy.__class__ = type(state)
    assert copy.round == 9 and copy.model_dump()["round"] == 9, (
        f"{PYDANTIC}: a working copy turned into a GameState no longer reads its own dict")
    assert state.model_dump_json() == before


def test_one_fields_set_may_be_shared_because_pydantic_only_adds_to_it():
    everything = all_set(citadels_state.Player)
    assert everything == set(citadels_state.Player.model_fields)
    a = assemble(citadels_state.Player, {"id": "a", "gold": 2, "hand": [], "city": [],
                                         "museum": [], "beautified": []}, everything)
    b = assemble(citadels_state.Player, dict(a.__dict__), everything)
    a.gold = 7  # pydantic's __setattr__ (a Player is not frozen)
    assert a.__pydantic_fields_set__ is everything and b.__pydantic_fields_set__ is everything, (
        f"{PYDANTIC}: an assignment now replaces __pydantic_fields_set__ instead of adding to it")
    assert everything == set(citadels_state.Player.model_fields), (
        f"{PYDANTIC}: an assignment now changes the fields set beyond adding the name")
    copied = a.model_copy(update={"gold": 1})
    assert everything == set(citadels_state.Player.model_fields) and b.gold == 2, (
        f"{PYDANTIC}: model_copy now writes to the fields set it copies")
    assert copied.gold == 1 and a.gold == 7


def test_replaced_is_model_copy_with_update():
    knight = catan_state.Knight(owner=0, level=1)
    new = replaced(knight, level=2, active=True)
    expected = knight.model_copy(update={"level": 2, "active": True})
    assert new == expected and new.model_fields_set == expected.model_fields_set, (
        f"{PYDANTIC}: replaced() no longer makes what model_copy(update=...) makes")
    assert knight.level == 1


def test_a_key_in_the_dict_that_is_no_field_is_neither_dumped_nor_compared():
    # Citadels' GameState caches its `seat` map (a cached_property) in its __dict__.
    state = citadels.new_game(["ana", "bo"], seed=1)
    bare = citadels_state.GameState.model_validate(state.model_dump())
    assert "seat" in state.__dict__ and "seat" not in bare.__dict__
    assert state == bare, (
        f"{PYDANTIC}: a model's == now compares non-field keys of its __dict__ (a "
        "cached_property's value): states with and without a cached seat map would differ")
    assert "seat" not in state.model_dump() and state.model_dump_json() == bare.model_dump_json(), (
        f"{PYDANTIC}: a model now dumps non-field keys of its __dict__")

    class Cached(BaseModel):
        __slots__ = ()
        x: int

        @cached_property
        def double(self) -> int:
            return 2 * self.x

    one = Cached(x=2)
    assert one.double == 4 and one.__dict__.get("double") == 4, (
        f"{PYDANTIC}: cached_property no longer stores in a model's __dict__")


def test_the_model_metaclass_reads_a_namespace_the_kernel_filled_in():
    assert isinstance(BaseModel, type) and issubclass(Tagged, type(BaseModel)), (
        "the kernel's Tagged must extend pydantic's model metaclass")

    class Base(Action):
        pass

    class TakeGold(Base):
        pass

    class Build(Base):
        """A docstring and a field."""
        district: str

    class Named(Base):
        type: Literal["other"] = "other"

    assert "type" not in Base.model_fields or Base.model_fields["type"].default == "", (
        "a game's base action class must get no tag")
    for cls, tag in [(TakeGold, "take_gold"), (Build, "build"), (Named, "other")]:
        field = cls.model_fields["type"]
        assert field.default == tag and field.annotation == Literal[tag], (
            f"{PYDANTIC}: the `type` field Tagged puts in {cls.__name__}'s namespace is "
            f"{field!r}, not Literal[{tag!r}] = {tag!r}")
        assert list(cls.model_fields)[0] == "type", (
            f"{PYDANTIC}: `type` is no longer an action's first field (its JSON form's order)")
    actions = Actions(Base, [TakeGold, Build, Named])
    assert actions.parse({"type": "build", "district": "x"}) == Build(district="x"), (
        f"{PYDANTIC}: a discriminated union over the tagged classes no longer parses")
    assert actions.dump(Build(district="x")) == {"type": "build", "district": "x"}
    assert TakeGold() == TakeGold() and hash(TakeGold()) == hash(TakeGold()), (
        f"{PYDANTIC}: frozen actions are no longer equal and hashable by value")


def test_the_engines_models_keep_the_layout_they_declare():
    for cls in CLASSES:
        assert cls.__dict__.get("__slots__") == (), (
            f"{cls.__name__} must declare `__slots__ = ()` (BaseModel's layout exactly)")
    assert Layout.__slots__ == tx.PYDANTIC_SLOTS
