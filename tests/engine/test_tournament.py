"""`round_robin`: lineups, seeds, wins and shared tops, the table's forms."""

from __future__ import annotations

import pytest

from goose_widgets.engine import RandomBot, round_robin
from goose_widgets.engine.tournament import RoundRobin, lineup_from_tops
from goose_widgets.games.boo_to_the_goose.bots import CautiousBot, CountingBot
from goose_widgets.games.boo_to_the_goose.policies import AlwaysFoxBot

NAMES = ["random", "cautious", "counting"]


def test_two_player_duels_play_each_pair_once_with_seats_rotated():
    table = round_robin("boo_to_the_goose", NAMES, players=2, games=12, seed=1, progress=False)
    assert [lineup.seats for lineup in table.lineups] == [
        ("random", "cautious"), ("random", "counting"), ("cautious", "counting")]
    for lineup in table.lineups:
        assert lineup.games == 12
        assert sum(lineup.wins) + sum(lineup.shared) >= 12  # every game has a winner
        assert all(w + s <= 12 for w, s in zip(lineup.wins, lineup.shared))
    rows = table.rows()
    assert [(r["bot"], r["against"]) for r in rows] == [  # grouped by bot, in the entrants' order
        ("random", "cautious"), ("random", "counting"), ("cautious", "random"), ("cautious", "counting"),
        ("counting", "random"), ("counting", "cautious")]
    assert table.fair_share == 0.5


def test_a_progress_bar_does_not_change_the_results():
    shown = round_robin("boo_to_the_goose", NAMES[:2], players=2, games=4, seed=2, workers=2)
    assert shown.lineups == round_robin("boo_to_the_goose", NAMES[:2], players=2, games=4, seed=2,
                                        progress=False).lineups


def test_three_player_duels_seat_one_entrant_against_two_copies_of_another():
    table = round_robin("boo_to_the_goose", NAMES, players=3, games=6, seed=1, progress=False)
    assert len(table.lineups) == 6  # ordered pairs
    assert ("counting", "random", "random") in [lineup.seats for lineup in table.lineups]
    rows = table.rows()
    assert len(rows) == 6  # one row per lineup: the entrant sitting alone
    assert {r["against"] for r in rows if r["bot"] == "counting"} == {"2 × random", "2 × cautious"}
    assert table.result("counting", "random") == table.result("counting", "2 × random")
    assert abs(table.fair_share - 1 / 3) < 1e-12


def test_mixed_lineups_and_lineups_given_by_hand():
    mixed = round_robin("boo_to_the_goose", NAMES, players=3, games=3, lineups="mixed", progress=False)
    assert [lineup.seats for lineup in mixed.lineups] == [("random", "cautious", "counting")]
    assert len(mixed.rows()) == 3 and mixed.result("counting", "random, cautious")
    given = round_robin("boo_to_the_goose", NAMES, players=3, games=3, progress=False,
                        lineups=[("counting", "counting", "random")])
    assert [r["bot"] for r in given.rows()] == ["random"]
    with pytest.raises(ValueError, match="each lineup names 3 entrants"):
        round_robin("boo_to_the_goose", NAMES, players=3, games=3, lineups=[("random", "cautious")],
                    progress=False)
    with pytest.raises(ValueError, match="at least 3 entrants"):
        round_robin("boo_to_the_goose", NAMES[:2], players=3, lineups="mixed", progress=False)


def test_results_are_seeded_and_the_same_in_two_processes():
    one = round_robin("boo_to_the_goose", NAMES, players=2, games=10, seed=5, progress=False)
    two = round_robin("boo_to_the_goose", NAMES, players=2, games=10, seed=5, workers=2, progress=False)
    assert one.lineups == two.lineups
    other = round_robin("boo_to_the_goose", NAMES, players=2, games=10, seed=6, progress=False)
    assert other.lineups != one.lineups
    # a lineup's games depend on its own names only: adding an entrant adds lineups
    more = round_robin("boo_to_the_goose", [*NAMES, "always fox"], players=2, games=10, seed=5,
                       progress=False)
    assert [lineup for lineup in more.lineups if "always fox" not in lineup.seats] == one.lineups


def test_entrants_by_name_factory_or_object_and_policies_by_name():
    table = round_robin("boo_to_the_goose", {"cautious": CautiousBot, "fox": AlwaysFoxBot(),
                                             "counting 0.3": lambda: CountingBot(0.3)},
                        players=2, games=4, progress=False)
    assert table.entrants == ("cautious", "fox", "counting 0.3")
    assert round_robin("boo_to_the_goose", ["always fox", "random"], games=2, players=2,
                       progress=False).entrants == ("always fox", "random")
    with pytest.raises(ValueError, match="unknown bot.*'nobody'.*its bots: random, cautious"):
        round_robin("boo_to_the_goose", ["random", "nobody"], progress=False)
    with pytest.raises(ValueError, match="at least two"):
        round_robin("boo_to_the_goose", ["random"], progress=False)
    with pytest.raises(TypeError, match="list of bot names"):
        round_robin("boo_to_the_goose", "random", progress=False)


def test_a_game_object_or_a_name_with_parameters():
    from goose_widgets.engine import load_game

    game = load_game("boo_to_the_goose", players=3, variation=True)
    table = round_robin(game, {"a": RandomBot, "b": RandomBot}, games=3, progress=False)
    assert table.players == 3 and table.game == "boo_to_the_goose"
    with pytest.raises(ValueError, match="either in the game object or as keywords"):
        round_robin(game, {"a": RandomBot, "b": RandomBot}, variation=False, progress=False)


def hand_made() -> RoundRobin:
    """Two entrants, one lineup: A won 30 alone, B 10, and 8 games ended in a shared top."""
    tops = ["0"] * 30 + ["1"] * 10 + ["01"] * 8
    return RoundRobin("boo_to_the_goose", 2, ("A", "B"), [lineup_from_tops(("A", "B"), tops)])


def test_a_tied_win_is_split_among_those_on_top():
    table = hand_made()
    a, b = table.rows()
    assert (a["wins"], a["shared"], a["games"], a["win rate"]) == (34, 8, 48, 0.708)
    assert (b["wins"], b["shared"], b["win rate"]) == (14, 8, 0.292)
    assert a["wins"] + b["wins"] == 48  # the shares add up to the games
    assert a["verdict"] == "above" and b["verdict"] == "below" and not table.beats("B", "A")
    assert table.result("A", "B")[0] == 34 / 48
    with pytest.raises(KeyError, match="no lineup of 'A' alone against 'C'"):
        table.result("A", "C")
    standings = table.standings()
    assert [s["bot"] for s in standings] == ["A", "B"] and standings[0]["games"] == 48
    three = lineup_from_tops(("A", "B", "B"), ["012", "0", "12", ""])
    assert three.points == (1 + 1 / 3, 1 / 3 + 1 / 2, 1 / 3 + 1 / 2)
    assert (three.wins, three.shared) == ((1, 0, 0), (1, 2, 2))


def test_ties_never_push_a_bot_below_its_fair_share_against_itself():
    """Counted as wins for nobody, ties made counting against counting look "below" (issue 31);
    split, a bot against copies of itself wins exactly its fair share on average."""
    tops = ["01"] * 20 + ["0"] * 10 + ["1"] * 10  # many ties: won alone 10 of 40 each
    mirror = RoundRobin("boo_to_the_goose", 2, ("A",), [lineup_from_tops(("A", "A"), tops)])
    (row,) = mirror.rows()
    assert (row["bot"], row["against"], row["win rate"], row["verdict"]) == ("A", "itself", 0.5, "not clear")
    played = round_robin("boo_to_the_goose", {"counting": CountingBot, "random": RandomBot}, players=3,
                         games=30, seed=3, lineups=[("counting",) * 3], progress=False)
    (row,) = played.rows()
    assert row["against"] == "itself" and row["verdict"] == "not clear"
    assert abs(row["win rate"] - 1 / 3) < 1e-3  # every game has someone on top


def test_the_table_in_text_html_and_a_plot():
    table = hand_made()
    text = str(table)
    assert text.splitlines()[0] == ("boo_to_the_goose, 2 players: 48 games a lineup, seats rotated; "
                                    "a tied win split; fair share 0.500")
    assert "A    B" in text and "0.708" in text and "above" in text and repr(table) == text
    html = table._repr_html_()
    assert html.startswith("<table") and "<caption" in html and "▼ below fair share" in html
    assert "<th scope='row'" in html  # a screen reader names each row by its bot
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    ax = table.plot()
    placed = {t.get_text(): t.get_position()[1] for t in ax.get_yticklabels()}
    assert placed["A vs B"] > placed["B vs A"]  # the rows read from the top, as in the table
    assert ax.get_xlim() == (-0.02, 1.02)  # a little room, so markers at 0 and 1 show whole
