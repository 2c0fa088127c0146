"""Whose turn it is: one definition for every rule that depends on it (selling, the Epic powers
of a fight, the actions of one's own turn).

The situation's ``turn`` names the player whose turn it is; it decides. Without it, the phase
``other-turn`` says the question is asked on another player's turn, and any other phase that it
is the asker's own.
"""

from __future__ import annotations

from referee.model import Situation


def own_turn(situation: Situation, name: str) -> bool:
    """Is it ``name``'s own turn?"""
    return situation.turn == name if situation.turn else situation.phase != "other-turn"
