//! The main job: a complete game between built-in bots, printed turn by turn, with the final
//! board, the final scores and their breakdown by feature kind; the record is saved as JSON.
//!
//! ```text
//! cargo run --release --example play -- [--players N] [--seed S] [--bots random,greedy,...]
//!                                       [--out FILE] [--svg FILE] [--jcz FILE]
//!                                       [--sets base,inns,traders,river,river2,
//!                                               king_robber,cult,count,big_top,
//!                                               flying_machines,gold_mines,mage_witch]
//! ```
//! Defaults: 2 players, seed 1, bots `random,greedy`, record saved to `game.json`; `--svg`
//! also draws the final board as an SVG picture; `--jcz` plays under JCloisterZone's readings
//! of the rules (`Rules::jcloisterzone`) and also writes the game as a JCloisterZone saved
//! game, which JCloisterZone opens.

use std::collections::BTreeMap;
use std::process::ExitCode;

use carcassonne::render::board_text;
use carcassonne::{Bot, BotKind, Config, Event, Game, Pending, Rules};
use carcassonne_examples::{describe_turn, option};

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
            "usage: play [--players N] [--seed S] [--bots random,greedy,...] [--out FILE] [--svg FILE] [--jcz FILE] [--sets base,inns,traders,river,river2,king_robber,cult,count,big_top,flying_machines,gold_mines,mage_witch,...]"
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
    let mut turn = 1;
    while !game.is_over() {
        let player = game.current_player();
        let mut actions = Vec::new();
        let mut events = Vec::new();
        loop {
            let action = bots[player]
                .choose(&game)
                .ok_or("a bot found no legal action")?;
            events.extend(game.play(action).map_err(|e| e.to_string())?);
            actions.push(action);
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
        println!(
            "{turn:>3}. {}",
            describe_turn(&game, player, &actions, &events)
        );
        for e in &events {
            if let Event::Scored(s) = e {
                *breakdown.entry((s.player, s.kind_name())).or_default() += s.points;
                if s.final_scoring {
                    println!(
                        "     final scoring: {} +{} for {}",
                        game.config().player_name(s.player),
                        s.points,
                        s.explanation()
                    );
                }
            }
        }
        turn += 1;
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
