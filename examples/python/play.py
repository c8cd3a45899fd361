"""Plays one game between the built-in random and greedy bots, prints each turn and the final
scores, and writes the board as SVG.

    python examples/python/play.py [--seed S] [--svg board.svg]
"""

import argparse

import carcassonne


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--svg", default="board.svg")
    args = parser.parse_args()

    game = carcassonne.Game(players=2, seed=args.seed, names=["random", "greedy"])
    bots = [carcassonne.Bot("random", args.seed), carcassonne.Bot("greedy", args.seed + 1)]
    turn = 1
    while not game.is_over:
        player = game.current_player
        moves = []
        scored = []
        while not game.is_over and game.current_player == player:
            action = bots[player].choose(game)
            assert action is not None
            moves.append(str(action))
            events = game.play(action)
            scored += [f"{game.names[e.player]} +{e.points} ({e.reason})" for e in events if e.kind == "scored"]
            if game.pending != "deploy":
                break
        print(f"{turn:3}. {game.names[player]:7} {'; '.join(moves)}  {', '.join(scored)}")
        turn += 1
    print("final scores:", dict(zip(game.names, game.scores)))
    game.save_svg(args.svg)
    print("board written to", args.svg)


if __name__ == "__main__":
    main()
