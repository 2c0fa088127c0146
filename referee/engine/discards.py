"""The cards a power paid by discarding may take, as the sources let each power take them.

classes.discards-for-abilities: a class ability (Berserking, Turning, Flight, Theft, Backstab) is
paid with any of your cards, in your hand or in play in front of you. Powers that say otherwise
say where the cards come from: a Wizard's Charm takes the whole hand (classes.wizard-charm), an
Epic power "from the hand" takes only cards in hand. The same count serves actions, combat and
running away, so no two answers can disagree about what a player can pay.
"""

from __future__ import annotations

from referee.engine.trace import cards as n_cards
from referee.model import Player

TYPE_CHECKING = False
if TYPE_CHECKING:  # names for annotations only: typing stays off the judge's start-up (see referee.records)
    from typing import Optional

#: the clause that lets class abilities be paid with cards in play as well as in hand
ANY_CARD_CLAUSE = "classes.discards-for-abilities"


def in_play(player: Player) -> int:
    """The cards in play in front of ``player`` that can pay for a class ability: items (in use or
    carried), steed, hireling, race cards and Half-Breed, and (races.discard-to-pay) a second class
    card and Super Munchkin. The class card whose power it is is left out: a race or class card may
    pay for any ability but its own, and a class card discarded takes its power with it."""
    return (len(player.items) + (player.steed is not None) + (player.hireling is not None) + len(player.races)
            + player.half_breed + spare_classes(player))


def spare_classes(player: Player) -> int:
    """The class cards that may pay for a class ability: all but the one whose power it is, and
    Super Munchkin (races.discard-to-pay)."""
    return max(len(player.classes) - 1, 0) + player.super_munchkin


def can_pay(player: Player, count: int, from_play: bool) -> Optional[bool]:
    """Can ``player`` discard ``count`` cards for a power (``from_play``: cards in play count too)?
    ``None`` when the situation does not say how many cards are in hand and what is in play does
    not settle it."""
    table = in_play(player) if from_play else 0
    if table >= count:
        return True
    if not player.hand_known:
        return None
    return player.hand + table >= count


def most(player: Player, from_play: bool) -> Optional[int]:
    """The most cards ``player`` can discard (``None``: the hand is not known)."""
    if not player.hand_known:
        return None
    return player.hand + (in_play(player) if from_play else 0)


def payable(player: Player, count: int, trace) -> int:
    """Of ``count`` cards a situation says ``player`` discards for a class ability, those they can
    pay (hand and play); cites the rule when fewer."""
    limit = most(player, from_play=True)
    if count > 0 and limit is not None and spare_classes(player) and limit - spare_classes(player) < count:
        trace.cite("races.discard-to-pay", "{player} may pay with a second class card or Super Munchkin too, but "
                   "not with the class whose power it is.", player=player.name)
    if count <= 0 or limit is None or limit >= count:
        return max(count, 0)
    trace.cite(ANY_CARD_CLAUSE, "{player} has only {cards} to discard, in hand and in play together.",
               player=player.name, cards=n_cards(limit))
    return limit
