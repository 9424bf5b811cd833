"""The evening around the games, as plain values of a room's meta (no game rule here).

- `captain`: the seat of the table's captain, the first phone to sit down (as Jackbox's VIP);
  when that phone leaves, the next seated phone is captain.
- `ready`: the phone seats that said they are ready for what comes after a round (the next
  round, or a rematch at the end of a match); cleared when a round is dealt.
- `tonight`: every match finished at this table since it opened: who played, who won, points.

All of it lives in the room's meta, so it is written with the room and kept across a restart.
"""

from __future__ import annotations

from engine.profiles import get_profile

from . import seats as seat_rules

# After a match of partners (seats 0+2 against 1+3), the players move so that each plays with
# another partner: the player at seat i next sits where ROTATION says (new seat i is old seat
# ROTATION[i]); three rematches bring the first teams back.
ROTATION = (0, 3, 1, 2)


def match_over(state) -> bool:
    """The match is decided: the game is over, or (Six-Love) a round ended with a match winner."""
    if state is None:
        return False
    return state.phase == "game_over" or (state.phase == "round_over" and state.match_winner is not None)


def rounds_finished(state) -> int:
    """The rounds of the game `state` belongs to whose result is known."""
    if state is None:
        return 0
    return state.round_no - (0 if state.phase in ("round_over", "game_over") else 1)


def kept_on_leaving(state) -> bool:
    """Leaving the game (a new setup, New game, Change game) puts it into tonight's list: a
    decided match, or a game with no match to decide (gaple: each round stands on its own)
    once a round of it has finished."""
    if match_over(state):
        return True
    endless = state is not None and state.profile.target is None and state.profile.rounds is None
    return endless and rounds_finished(state) > 0


def between_rounds(state) -> bool:
    return state is not None and state.phase in ("round_over", "game_over")


def awaited(meta: dict, tokens) -> list[int]:
    """The seats whose Ready is awaited: phones a person holds (not a computer stand-in)."""
    return [
        i
        for i, s in enumerate(meta["seats"])
        if s["kind"] == "phone" and i in tokens and not s.get("standin")
    ]


def waiting_for(meta: dict, tokens) -> list[int]:
    ready = set(meta.get("ready") or ())
    return [i for i in awaited(meta, tokens) if i not in ready]


def all_ready(meta: dict, tokens) -> bool:
    need = awaited(meta, tokens)
    return bool(need) and not waiting_for(meta, tokens)


def next_captain(meta: dict, tokens, leaving: int | None = None) -> int | None:
    """The captain after `leaving` went (or now): the captain stays while seated, else the
    lowest seated phone."""
    current = meta.get("captain")
    held = [i for i in sorted(tokens) if i != leaving and seat_rules.is_phone(meta["seats"], i)]
    if current in held:
        return current
    return held[0] if held else None


def rotation(state, meta: dict) -> list[int] | None:
    """Where each player sits in a rematch (new seat i <- old seat), or None: same seats."""
    if state is None or not state.teams or len(meta["seats"]) != len(ROTATION):
        return None
    return list(ROTATION)


def entry(state, meta: dict) -> dict:
    """Tonight's line for the match `state` ended: profile, names, each seat's points, winners
    (none in a game without a match to win: gaple), the rounds played."""
    # a computer's default name is numbered by its seat ("Computer 4", as the screens say it)
    names = [
        f"{s['name']} {i + 1}" if s["kind"] == "computer" and s.get("name") == "Computer" else s.get("name")
        for i, s in enumerate(meta["seats"])
    ]
    names = [name or f"Seat {i + 1}" for i, name in enumerate(names)]
    scores = list(state.scores)
    n = len(names)
    points = scores if len(scores) == n else [scores[i % len(scores)] for i in range(n)]
    won = state.match_winner
    if won is None:
        winners: list[int] = []
    elif isinstance(won, list | tuple):
        winners = sorted(won)
    elif state.teams:
        winners = [i for i in range(n) if i % 2 == won]
    else:
        winners = [won]
    return {
        "profile": meta.get("profile"),
        "names": names,
        "points": points,
        "winners": winners,
        "rounds": rounds_finished(state),
    }


# What a game's points count, and whether the fewest or the most is best (a profile's
# score_kind): Mexican Train counts the pips left in hand, so the lowest total wins.
LOW_WINS = frozenset({"pips"})


def counts(profile: str | None) -> str:
    """The profile's score kind: "points", "team_points", "round_wins" or "pips"."""
    try:
        return get_profile(profile).score_kind
    except ValueError:  # a profile no longer known: its points are shown, never compared
        return "points"


def tonight(matches: list[dict]) -> dict:
    """The summary's `tonight`: each match (with what its points count), each kind of game
    played (points of different games are never added up), and each player's standing."""
    shown = []
    games: dict[str, dict] = {}
    for match in matches:
        kind = counts(match["profile"])
        shown.append({**match, "counts": kind, "low_wins": kind in LOW_WINS})
        games.setdefault(
            match["profile"], {"profile": match["profile"], "counts": kind, "low_wins": kind in LOW_WINS}
        )
    return {"matches": shown, "games": list(games.values()), "players": standings(matches)}


def standings(tonight: list[dict]) -> list[dict]:
    """Each player's matches played and won over tonight's matches of every game (by name), and
    their points in each game (by profile: a game's points are added only to the same game's).
    Most wins first; between equal wins, when one game was played tonight, the better points
    for that game (the fewest in Mexican Train), then the name."""
    table: dict[str, dict] = {}
    for match in tonight:
        profile = match["profile"]
        for i, name in enumerate(match["names"]):
            row = table.setdefault(name, {"name": name, "played": 0, "wins": 0, "points": {}})
            row["played"] += 1
            row["points"][profile] = row["points"].get(profile, 0) + match["points"][i]
            row["wins"] += i in match["winners"]
    profiles = {m["profile"] for m in tonight}
    if len(profiles) == 1:
        (only,) = profiles
        sign = 1 if counts(only) in LOW_WINS else -1
        return sorted(table.values(), key=lambda r: (-r["wins"], sign * r["points"][only], r["name"]))
    return sorted(table.values(), key=lambda r: (-r["wins"], r["name"]))
