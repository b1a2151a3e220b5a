"""Whether the ``ev`` formula only rises as a lane does better: what lets a bound read a
range's win, tie and loss chances at its strongest hand (``bounds``, ``compile``)."""

from __future__ import annotations

from housegame.arrange.model import EvModel


def monotone_in_outcomes(model: EvModel) -> bool:
    """Whether the formula, for any bonus-condition values in [0, 1], never decreases when
    one lane's chances move from losing to tying or from tying to winning (first-order
    dominance of that lane's outcome), checked on the ruleset's own numbers. A stronger
    lane hand's (win, tie, loss) dominates a weaker one's, so a bound over a range of lane
    hands may then read the win, tie and loss chances at the range's strongest hand
    (``bounds``). Outcome tables and pools are checked on their numbers, lane sums on the
    signs of their weights; the overall point is a sign of the net, which only rises as a
    lane does better."""
    payout = model.payout
    if model.pool is not None:
        return model.pool.stake >= 0 and model.pool.sweep_bonus >= 0 and model.opponents >= 1
    if model.ruleset.overall_point < 0:
        return False
    if any(term.units < 0 for term in payout.bonuses if term.pay[0] != "always"):
        return False
    if any(units != 0 for units in model.opponent.units.values()):
        return False  # an opponent's add-ons pay more as my lanes do worse
    mult, bonus = payout.scoop_mult, payout.scoop_bonus
    home_run = model.ruleset.home_run
    if payout.outcomes is None:
        # lane sums: every term reading w or l is a product of chances with a weight of
        # fixed sign (lane values and expected payments are never negative)
        return (
            mult >= 1
            and bonus >= 0
            and (home_run is None or (home_run.multiplier >= 1 and home_run.bonus >= 0))
        )
    hm = (home_run.multiplier - 1) * mult if home_run is not None else 0
    hb = home_run.bonus if home_run is not None else 0
    rows: list[dict[tuple[int, int], float]] = [{}, {}, {}, {}, {}]
    for (won, lost), (units, scoop) in payout.outcomes.items():
        paid = payout.row_paid(won, lost)
        values = (
            paid,
            float(units > 0),
            -float(units < 0),
            hm * units + hb if scoop and units > 0 else 0.0,
            -(hm * -units + hb) if scoop and units < 0 else 0.0,
        )
        for row, value in zip(rows, values):
            row[(won, lost)] = row.get((won, lost), 0.0) + value
    if (rows[3] and min(rows[3].values()) < 0) or (rows[4] and max(rows[4].values()) > 0):
        return False  # home-run weights must keep their sign (they multiply chances)
    scoops = {
        key: float(bool(scoop and units > 0)) for key, (units, scoop) in payout.outcomes.items()
    }
    for row in (*rows, scoops):
        for won in range(3):
            for lost in range(3 - won):
                here = row.get((won, lost), 0.0)
                if row.get((won + 1, lost), 0.0) < here or row.get((won, lost + 1), 0.0) > here:
                    return False
    return True
