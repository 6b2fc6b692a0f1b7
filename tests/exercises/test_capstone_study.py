"""The stored repeatability study of the capstones (issue 36): no trivial policy passed any of its
20 checks, the honest bot passed at least 18 of 20 in every game, and a sample of the stored runs
comes out game for game the same when it is played again."""

from __future__ import annotations

import pytest

from goose_widgets.exercises import capstone_study

STUDY = capstone_study.load()


def test_every_policy_of_every_game_was_run_as_often_as_the_study_says():
    assert STUDY["regenerate"] == capstone_study.REGENERATE and STUDY["runs"] == capstone_study.RUNS
    assert set(STUDY["games"]) == set(capstone_study.GAMES)
    for game, policies in STUDY["games"].items():
        assert set(policies) == {*capstone_study.POLICIES[game], "honest"}, game
        for name, entry in policies.items():
            assert len(entry["runs"]) == capstone_study.RUNS, (game, name)
            assert len({run["seed"] for run in entry["runs"]}) == capstone_study.RUNS  # fresh seeds
            assert entry["passes"] == sum(run["verdict"] == "pass" for run in entry["runs"])


@pytest.mark.parametrize("game", capstone_study.GAMES)
def test_no_trivial_policy_ever_passed_and_the_honest_bot_nearly_always_did(game):
    policies = STUDY["games"][game]
    for name in capstone_study.POLICIES[game]:
        assert policies[name]["passes"] == 0, (game, name, policies[name]["runs"][:2])
    assert policies["honest"]["passes"] >= 18, (game, [r for r in policies["honest"]["runs"]
                                                       if r["verdict"] != "pass"])


@pytest.mark.slow
@pytest.mark.parametrize("game", capstone_study.GAMES)
@pytest.mark.parametrize("name", ["first legal action", "honest"])
def test_a_stored_run_plays_out_the_same_again(game, name):
    stored = STUDY["games"][game][name]["runs"][0]
    again = capstone_study.run_once(game, name, stored["seed"])
    print(f"{game}, {name}: {again['verdict']} in {again['seconds']} s (stored {stored['seconds']} s)")
    assert (again["verdict"], again["games"], again["wins"]) == (stored["verdict"], stored["games"],
                                                                stored["wins"])


def test_the_table_reads_the_stored_study():
    text = capstone_study.table(game="sneaky_goose")
    assert "honk at once" in text and "boo_to_the_goose" not in text
    assert text.splitlines()[0].split()[:4] == ["game", "policy", "passes", "fail"]
