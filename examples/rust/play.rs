//! The main job: a complete game between built-in bots, printed turn by turn, with the final
//! board, the final scores and their breakdown by feature kind; the record is saved as JSON.
//!
//! ```text
//! cargo run --release --example play -- [--players N] [--seed S] [--bots random,greedy,...]
//!                                       [--out FILE] [--svg FILE] [--jcz FILE]
//!                                       [--sets base,inns,traders,river,river2,
//!                                               king_robber,cult,count,big_top,
//!                                               flying_machines,gold_mines,mage_witch,
//!                                               ferries,crop_circles,robbers,messages]
//! ```
//! Defaults: 2 players, seed 1, bots `random,greedy`, record saved to `game.json`; `--svg`
//! also draws the final board as an SVG picture; `--jcz` plays under JCloisterZone's readings
//! of the rules (`Rules::jcloisterzone`) and also writes the game as a JCloisterZone saved
//! game, which JCloisterZone opens. With the score track (`robbers`, `messages`) every award is
//! printed with the figure that moved (the scoring figure or the messenger) and the spaces it
//! moved between, and every robber's move and robbery; with the `messages`, every message drawn
//! (numbered as the rule `message_numbering` says: `draws message #5 (knights)`), what its
//! player did with it, and the figures merging before the final scoring.

use std::collections::BTreeMap;
use std::process::ExitCode;

use carcassonne::render::board_text;
use carcassonne::{Bot, BotKind, Config, Event, Game, Pending, Rules};
use carcassonne_examples::{describe_turn, message_label, option, track_figure_name};

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!(
            "usage: play [--players N] [--seed S] [--bots random,greedy,...] [--out FILE] [--svg FILE] [--jcz FILE] [--sets base,inns,traders,river,river2,king_robber,cult,count,big_top,flying_machines,gold_mines,mage_witch,ferries,crop_circles,robbers,messages,...]"
        );
        return Ok(());
    }
    let players: usize = match option(&args, "--players") {
        Some(n) => n
            .parse()
            .map_err(|_| format!("--players: {n:?} is not a number"))?,
        None => 2,
    };
    let seed: u64 = match option(&args, "--seed") {
        Some(s) => s
            .parse()
            .map_err(|_| format!("--seed: {s:?} is not a number"))?,
        None => 1,
    };
    let bot_names = option(&args, "--bots").unwrap_or_else(|| "random,greedy".to_owned());
    let kinds: Vec<BotKind> = bot_names
        .split(',')
        .map(|b| {
            b.parse()
                .map_err(|e: carcassonne::ParseError| e.to_string())
        })
        .collect::<Result<_, _>>()?;
    let out = option(&args, "--out").unwrap_or_else(|| "game.json".to_owned());
    let sets: Vec<carcassonne::TileSet> = option(&args, "--sets")
        .unwrap_or_else(|| "base".to_owned())
        .split(',')
        .map(|s| {
            s.parse()
                .map_err(|e: carcassonne::ParseError| e.to_string())
        })
        .collect::<Result<_, _>>()?;

    let jcz = option(&args, "--jcz");
    let mut config = Config::new(players);
    config.sets = sets;
    if jcz.is_some() {
        config.rules = Rules::jcloisterzone();
    }
    config.names = (0..players)
        .map(|p| format!("{}{}", kinds[p % kinds.len()], p + 1))
        .collect();
    let mut game = Game::new(config, seed).map_err(|e| e.to_string())?;
    let mut bots: Vec<Bot> = (0..players)
        .map(|p| {
            Bot::new(
                kinds[p % kinds.len()],
                seed.wrapping_mul(31).wrapping_add(p as u64),
            )
        })
        .collect();

    println!("Carcassonne: {players} players, seed {seed}, bots {bot_names}\n");
    let mut breakdown: BTreeMap<(usize, &'static str), u32> = BTreeMap::new();
    let track = game.has_score_track();
    // The points each player's figures moved so far (the scoring figure, the messenger), to
    // show the spaces a figure moves between.
    let mut moved = vec![[0u32; carcassonne::MAX_TRACK_FIGURES]; players];
    let mut turn = 1;
    while !game.is_over() {
        let player = game.current_player();
        let mut actions = Vec::new();
        let mut events = Vec::new();
        loop {
            let action = bots[player]
                .choose(&game)
                .ok_or("a bot found no legal action")?;
            let pending = game.pending();
            events.extend(game.play(action).map_err(|e| e.to_string())?);
            actions.push((pending, action));
            // The turn goes on while its player decides (deployment, the Count's offers).
            let next = game.pending();
            if matches!(
                next,
                Pending::Place { .. } | Pending::Draw | Pending::GameOver
            ) || game.current_player() != player
            {
                break;
            }
        }
        // Numbered: the turn parts; indented: other players' decisions within them.
        let line = describe_turn(&game, player, &actions, &events);
        if actions
            .iter()
            .any(|(_, a)| matches!(a, carcassonne::Action::Place { .. }))
        {
            println!("{turn:>3}. {line}");
            turn += 1;
        } else {
            println!("     {line}");
        }
        let name = |p: usize| game.config().player_name(p);
        for e in &events {
            match e {
                Event::Scored(s) => {
                    *breakdown.entry((s.player, s.kind_name())).or_default() += s.points;
                    let figure = match s.track_figure {
                        Some(f) if track => {
                            let value = &mut moved[s.player][usize::from(f)];
                            let from = *value;
                            *value += s.points;
                            format!(
                                " ({} {} -> {})",
                                track_figure_name(f),
                                from % carcassonne::TRACK_SPACES,
                                *value % carcassonne::TRACK_SPACES
                            )
                        }
                        _ => String::new(),
                    };
                    if s.final_scoring {
                        println!(
                            "     final scoring: {} +{} for {}{figure}",
                            name(s.player),
                            s.points,
                            s.explanation()
                        );
                    } else if track {
                        println!(
                            "     award: {} +{} for {}{figure}",
                            name(s.player),
                            s.points,
                            s.explanation()
                        );
                    }
                }
                Event::RobberPlaced { player, space } => {
                    println!("     robber: {}'s robber onto space {space}", name(*player));
                }
                Event::RobberMoved {
                    player,
                    from,
                    to,
                    with,
                } => match with {
                    Some(q) => println!(
                        "     robber: {}'s robber travels with {}'s figure from {from} to {to}",
                        name(*player),
                        name(*q)
                    ),
                    None => println!(
                        "     robber: {}'s robber moved from {from} to {to}",
                        name(*player)
                    ),
                },
                Event::RobberReturned { player } => {
                    println!("     robber: {}'s robber back in supply", name(*player));
                }
                Event::MessageDrawn { player, message } => {
                    println!(
                        "     message: {} draws message {}",
                        name(*player),
                        message_label(&game, *message)
                    );
                }
                Event::FiguresMerged {
                    player,
                    scoring_figure,
                    messenger,
                } => {
                    // M.6: the messenger's points join the scoring figure's.
                    moved[*player][0] = scoring_figure + messenger;
                    moved[*player][1] = 0;
                    println!(
                        "     figures merged: {}'s messenger ({messenger}) joins the scoring \
                         figure ({scoring_figure}) at {}",
                        name(*player),
                        scoring_figure + messenger
                    );
                }
                _ => {}
            }
        }
    }

    println!("\nFinal board:\n{}", board_text(&game));
    println!("Final scores:");
    for p in 0..players {
        // The base game's kinds, then those of the expansions that scored in this game.
        let kinds = [
            "road",
            "city",
            "monastery",
            "field",
            "shrine",
            "goods",
            "king",
            "robber_baron",
            "big_top",
            "acrobats",
            "ringmaster",
            "gold",
            "robbery",
            "message",
        ];
        let parts: Vec<String> = kinds
            .iter()
            .enumerate()
            .filter(|(i, k)| *i < 4 || breakdown.keys().any(|(_, kind)| kind == *k))
            .map(|(_, k)| format!("{k} {}", breakdown.get(&(p, *k)).copied().unwrap_or(0)))
            .collect();
        println!(
            "  {:<10} {:>4}   ({})",
            game.config().player_name(p),
            game.score(p),
            parts.join(", ")
        );
    }
    std::fs::write(&out, game.to_json()).map_err(|e| format!("cannot write {out}: {e}"))?;
    if let Some(svg) = option(&args, "--svg") {
        std::fs::write(&svg, carcassonne::render::board_svg(&game))
            .map_err(|e| format!("cannot write {svg}: {e}"))?;
        println!("Board drawn to {svg}");
    }
    if let Some(path) = jcz {
        let text = game.to_jcz().map_err(|e| e.to_string())?;
        std::fs::write(&path, text).map_err(|e| format!("cannot write {path}: {e}"))?;
        println!("JCloisterZone saved game written to {path}");
    }
    println!("\nRecord saved to {out} (replay it: cargo run --release --example replay -- {out})");
    Ok(())
}
