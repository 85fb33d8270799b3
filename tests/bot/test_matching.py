"""The quick-match matcher (bot/matching.py): a pure function of the queue and the time."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.matching import ANY_AFTER, Group, Waiting, match, rules_of, window
from tests.examples import examples

GAMES = ("speed", "svolota", "racing_demon")


def w(who: str, game: str = "speed", joined: float = 0.0, ordinal: float = 0.0, computers: float | None = None):
    return Waiting(who, (game, "telegram"), joined, ordinal, computers)


def names(groups: list[Group]) -> list[list[str]]:
    return [[p.who for p in g.people] for g in groups]


def test_two_people_for_speed_sit_down_at_once():
    assert names(match([w("a"), w("b", joined=1.0)], 1.0)) == [["a", "b"]]


def test_one_person_alone_waits():
    assert match([w("a")], 500.0) == []


def test_queues_of_other_games_and_platforms_never_mix():
    other = Waiting("b", ("speed", "discord"), 0.0, 0.0, None)
    assert match([w("a"), other, w("c", "racing_demon")], 1.0) == []


def test_svolota_waits_for_more_until_the_oldest_has_gathered_long_enough():
    three = [w("a", "svolota"), w("b", "svolota", 1.0), w("c", "svolota", 2.0)]
    assert match(three, 10.0) == []
    assert names(match(three, rules_of("svolota").gather)) == [["a", "b", "c"]]


def test_six_for_svolota_go_at_once():
    six = [w(str(i), "svolota", float(i)) for i in range(7)]
    groups = match(six, 6.0)
    assert [len(g.people) for g in groups] == [6]
    assert "6" not in names(groups)[0]  # the newest waits for the next table


def test_racing_demon_plays_two_after_its_short_wait():
    two = [w("a", "racing_demon"), w("b", "racing_demon", 1.0)]
    assert match(two, 5.0) == []
    assert names(match(two, 10.0)) == [["a", "b"]]


def test_computers_fill_the_table_after_the_wait_the_person_chose():
    assert match([w("a", computers=60.0)], 59.0) == []
    assert match([w("a", computers=60.0)], 60.0) == [Group("speed", (w("a", computers=60.0),), 1)]
    [group] = match([w("a", "svolota", computers=0.0)], 0.0)
    assert (len(group.people), group.computers) == (1, 3)


def test_someone_who_never_wants_computers_is_not_given_them():
    assert match([w("a", "svolota", computers=None), w("b", "svolota", computers=None)], 1000.0) == []


def test_a_long_queue_pairs_by_rating():
    people = [w("low1", ordinal=-10), w("high1", ordinal=30, joined=0.1), w("low2", ordinal=-9), w("high2", ordinal=31)]
    assert sorted(sorted(g) for g in names(match(people, 0.5))) == [["high1", "high2"], ["low1", "low2"]]


def test_in_a_long_queue_people_far_apart_wait_until_their_windows_widen():
    people = [w(str(n), ordinal=n, joined=n / 100) for n in (0, 10, 20, 30)]
    assert match(people, 0.5) == []  # windows of about 3 points: nobody near enough
    assert sorted(names(match(people, 5.0))) == [["0", "10"], ["20", "30"]]


def test_a_short_queue_plays_whoever_is_there():
    assert names(match([w("low", ordinal=-10), w("high", ordinal=30, joined=0.1)], 0.5)) == [["low", "high"]]


def test_the_window_widens_with_waiting_until_it_has_no_bound():
    anchor = w("a")
    assert window(anchor, 0.0) < window(anchor, 5.0) < window(anchor, 30.0)
    assert window(anchor, ANY_AFTER) == math.inf


people_st = st.lists(
    st.builds(
        lambda game, platform, joined, ordinal, computers: (game, platform, joined, ordinal, computers),
        st.sampled_from(GAMES),
        st.sampled_from(("telegram", "discord")),
        st.floats(0, 40, allow_nan=False),  # (recent: the windows are still narrow)
        st.floats(-20, 60, allow_nan=False),
        st.one_of(st.none(), st.sampled_from((0.0, 60.0, 180.0))),
    ),
    max_size=40,
)


def build(raw: list[tuple[str, str, float, float, float | None]]) -> list[Waiting]:
    return [Waiting(str(i), (g, p), j, o, c) for i, (g, p, j, o, c) in enumerate(raw)]


@settings(max_examples=examples(300), deadline=None)
@given(people_st, st.floats(0, 400, allow_nan=False))
def test_nobody_is_matched_twice_and_every_table_is_a_table_of_its_game(raw, later):
    queue = build(raw)
    now = max((p.joined for p in queue), default=0.0) + later
    seen: set[str] = set()
    for group in match(queue, now):
        whos = [p.who for p in group.people]
        assert not seen & set(whos), "someone was matched twice"
        seen |= set(whos)
        assert len({p.queue for p in group.people}) == 1  # one game, one platform
        assert group.people[0].queue[0] == group.game
        rules = rules_of(group.game)
        seats = len(group.people) + group.computers
        assert len(group.people) <= rules.most
        if group.computers:
            assert seats == max(rules.with_computers, len(group.people))
            assert all(p.computers_after is not None and now - p.joined >= p.computers_after for p in group.people)
        else:
            assert rules.least <= seats <= rules.most


@settings(max_examples=examples(300), deadline=None)
@given(people_st, st.floats(0, 30, allow_nan=False))
def test_a_rated_table_keeps_within_its_oldest_persons_window(raw, later):
    queue = build(raw)
    now = max((p.joined for p in queue), default=0.0) + later
    lengths = {q: sum(1 for p in queue if p.queue == q) for q in {p.queue for p in queue}}
    for group in match(queue, now):
        anchor = group.people[0]
        assert anchor.joined == min(p.joined for p in group.people)
        if lengths[anchor.queue] >= rules_of(group.game).rated_from:
            spread = max(p.ordinal for p in group.people) - min(p.ordinal for p in group.people)
            assert spread <= window(anchor, now)


@settings(max_examples=examples(200), deadline=None)
@given(people_st)
def test_everyone_is_eventually_matched_or_given_computers_unless_too_few_are_left(raw):
    """Ticks every few seconds, nobody joining: whoever is left at the end is in a queue too short
    for a table of its game, and none of them wants computers."""
    left = build(raw)
    now = max((p.joined for p in left), default=0.0)
    for _ in range(100):
        now += 5.0
        done = {p.who for g in match(left, now) for p in g.people}
        left = [p for p in left if p.who not in done]
    for queue in {p.queue for p in left}:
        stuck = [p for p in left if p.queue == queue]
        assert len(stuck) < rules_of(queue[0]).least
        assert all(p.computers_after is None for p in stuck)
