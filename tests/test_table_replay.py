"""Replaying a game that only grew since the last replay applies just the new changes; the
state is always exactly what a replay from the first change gives, undo included, and a caller
changing the state it got changes nothing for the next one."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.table.state import replay
from referee.table.store import Change

NAMES = ["Ann", "Bob", "Cid"]
NEW = {"op": "new", "table": {"game": "munchkin", "turn": "Ann", "players": [
    {"name": n, "level": 1, "items": []} for n in NAMES]}}

steps = st.one_of(
    st.builds(lambda n, level: ("player", {"op": "player", "name": n, "fields": {"level": level}}),
              st.sampled_from(NAMES), st.integers(1, 9)),
    st.builds(lambda n, item, bonus: ("item", {"op": "item", "player": n, "put": {"name": item, "bonus": bonus}}),
              st.sampled_from(NAMES), st.sampled_from(["Sword", "Helm"]), st.integers(0, 5)),
    st.builds(lambda n, item: ("item", {"op": "item", "player": n, "remove": item}),
              st.sampled_from(NAMES), st.sampled_from(["Sword", "Helm"])),
    st.builds(lambda n: ("turn", {"op": "turn", "fields": {"turn": n}}), st.sampled_from(NAMES)),
    st.builds(lambda k: ("undo", k), st.integers(1, 3)),
)


def _fresh(log: list[Change]) -> list[Change]:
    """The same log as new objects: nothing remembered applies to it."""
    return [Change(c.seq, c.game, c.at, c.command, dict(c.request), dict(c.effect), dict(c.summary)) for c in log]


@settings(max_examples=300, deadline=None)
@given(st.lists(steps, min_size=1, max_size=40))
def test_a_growing_log_replays_to_what_a_whole_replay_gives(plan):
    log: list[Change] = [Change(1, 1, "t", "new", {}, NEW, {})]
    for kind, what in plan:
        if kind == "undo":
            gone = {s for c in log if c.effect["op"] == "undo" for s in c.effect["changes"]}
            # as `table undo` does: the game's own start is never taken back
            standing = [c.seq for c in log[1:] if c.effect["op"] != "undo" and c.seq not in gone][-what:]
            if not standing:
                continue
            effect = {"op": "undo", "changes": standing}
        else:
            effect = what
        log.append(Change(len(log) + 1, 1, "t", kind, {}, effect, {}))
        got = replay(list(log))
        assert got == replay(_fresh(log))
        got["players"][0]["level"] = 99  # what a caller does with its copy stays its own
        assert replay(list(log)) == replay(_fresh(log))


# --- the store's kept states against a replay of the whole log ---------------------------------

store_steps = st.lists(st.one_of(
    st.tuples(st.just("set"), st.sampled_from(NAMES), st.integers(1, 9)),
    st.tuples(st.just("undo"), st.integers(1, 3)),
    st.tuples(st.just("redo")),
), min_size=1, max_size=25)


@settings(max_examples=60, deadline=None)
@given(store_steps)
def test_the_state_kept_with_each_change_is_what_a_replay_of_the_whole_log_gives(tmp_path_factory, plan):
    """Undo walks down the chain of kept states and redo climbs back: whatever the mix, the
    table read from the file is the replay of the whole log, and undo/redo refuse exactly when
    there is nothing to take back or put back."""
    from referee import table
    from referee.errors import BadInput, NotFound
    from referee.table.state import split

    path = tmp_path_factory.mktemp("chain") / "table.sqlite3"
    table.new(NAMES, path=path)
    for step in plan:
        try:
            if step[0] == "set":
                table.set_fields(step[1], [f"level={step[2]}"], path=path)
            elif step[0] == "undo":
                table.undo(step[1], path=path)
            else:
                table.redo(path=path)
        except (BadInput, NotFound):
            pass
        whole = table.log(path)
        assert table.show(path).state == split(replay(_fresh(whole)))[0]
