//! `akon play`: a game in the terminal, for someone without a Discord token.
//! Reads moves line by line from standard input, so it works from a pipe.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use clap::Args;
use rand::{Rng, SeedableRng};

use super::bad_input;
use crate::ai::Level;
use crate::board_text::{describe_move, draw};
use crate::engine::{Game, Hole, Seat, Status, Winner};
use crate::i18n::Language;

#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Two humans take turns at the same keyboard.
    #[arg(long)]
    hotseat: bool,
    /// Your seat against the computer: A (top row) or B (bottom row).
    #[arg(long, default_value = "B")]
    seat: String,
    /// Who moves first: A, B or random.
    #[arg(long, default_value = "random")]
    first: String,
    /// The computer's strength: easy, medium, hard or master.
    #[arg(long, default_value = "medium")]
    level: String,
    /// Seed for the random choices (first mover, the computer's), to replay a session.
    #[arg(long)]
    seed: Option<u64>,
}

pub fn run(args: PlayArgs) -> ExitCode {
    let human: Seat = match args.seat.parse() {
        Ok(seat) => seat,
        Err(e) => return bad_input(format!("--seat: {e}")),
    };
    let level: Level = match args.level.parse() {
        Ok(level) => level,
        Err(e) => return bad_input(format!("--level: {e}")),
    };
    let seed = args.seed.unwrap_or_else(rand::random);
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let first = match args.first.as_str() {
        "random" => {
            if rng.gen() {
                Seat::A
            } else {
                Seat::B
            }
        }
        other => match other.parse() {
            Ok(seat) => seat,
            Err(e) => return bad_input(format!("--first: {e} (or random)")),
        },
    };
    let players = if args.hotseat {
        Players::Hotseat
    } else {
        Players::AgainstComputer { human, level, seed }
    };
    let stdin = io::stdin();
    let stdout = io::stdout();
    match play(Game::opening(first), players, &mut stdin.lock(), &mut stdout.lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("akon: {e}");
            ExitCode::FAILURE
        }
    }
}

#[derive(Clone, Copy, Debug)]
enum Players {
    Hotseat,
    AgainstComputer { human: Seat, level: Level, seed: u64 },
}

impl Players {
    fn is_human(self, seat: Seat) -> bool {
        match self {
            Players::Hotseat => true,
            Players::AgainstComputer { human, .. } => seat == human,
        }
    }

    fn name(self, seat: Seat) -> String {
        match self {
            Players::Hotseat => format!("Player {seat}"),
            Players::AgainstComputer { human, .. } if seat == human => format!("You ({seat})"),
            Players::AgainstComputer { level, .. } => format!("Computer ({seat}, {level})"),
        }
    }

    /// Whose side the board is drawn from: the human's, or in a hot-seat
    /// game the player about to move.
    fn bottom(self, to_move: Seat) -> Seat {
        match self {
            Players::Hotseat => to_move,
            Players::AgainstComputer { human, .. } => human,
        }
    }
}

fn play(mut game: Game, players: Players, input: &mut impl BufRead, out: &mut impl Write) -> io::Result<()> {
    writeln!(
        out,
        "Akon: sow from your row (holes 1 to 7, hole 1 on your right); type q to quit."
    )?;
    writeln!(out, "First to move: {}.\n", players.name(game.position().to_move()))?;
    loop {
        let to_move = match game.status() {
            Status::Ongoing { to_move } => to_move,
            Status::Finished { end, winner } => {
                writeln!(
                    out,
                    "{}\n",
                    draw(Language::English, game.position(), players.bottom(Seat::B), |s| players
                        .name(s))
                )?;
                let how = match end {
                    crate::engine::GameEnd::NoSeeds => "a player could not move, the other took the seeds left",
                    crate::engine::GameEnd::Loop => "a position came back, the seeds left go to nobody",
                };
                let result = match winner {
                    Winner::Seat(seat) => format!("{} wins", players.name(seat)),
                    Winner::Draw => "a draw".to_string(),
                };
                writeln!(
                    out,
                    "Game over ({how}): {result}, {} to {}.\nRecord: {}",
                    game.position().captured(Seat::A),
                    game.position().captured(Seat::B),
                    game.record()
                )?;
                return Ok(());
            }
        };
        writeln!(
            out,
            "{}\n",
            draw(Language::English, game.position(), players.bottom(to_move), |s| players
                .name(s))
        )?;
        let hole = if players.is_human(to_move) {
            match ask_move(&game, players.name(to_move), input, out)? {
                Some(hole) => hole,
                None => {
                    writeln!(out, "Game abandoned. Record so far: {}", game.record())?;
                    return Ok(());
                }
            }
        } else {
            let hole = computer_move(&game, players);
            writeln!(out, "{} plays {hole}.", players.name(to_move))?;
            hole
        };
        let outcome = game.play(hole).expect("the hole was checked to be legal");
        writeln!(out, "{}\n", describe_move(Language::English, &outcome))?;
    }
}

/// Asks until the player types a legal hole; `None` when they quit or the
/// input ends.
fn ask_move(game: &Game, name: String, input: &mut impl BufRead, out: &mut impl Write) -> io::Result<Option<Hole>> {
    let legal = game.legal_moves();
    loop {
        let holes: Vec<String> = legal.iter().map(|h| h.to_string()).collect();
        write!(out, "{name}, your move ({}): ", holes.join(" "))?;
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            writeln!(out)?;
            return Ok(None);
        }
        let line = line.trim();
        if matches!(line, "q" | "quit" | "exit") {
            return Ok(None);
        }
        match line.parse::<Hole>() {
            Err(e) => writeln!(out, "{e}.")?,
            Ok(hole) => match game.position().check_move(hole) {
                Ok(()) => return Ok(Some(hole)),
                Err(e) => writeln!(out, "You cannot play {hole}: {e}.")?,
            },
        }
    }
}

/// The computer's choice: the level's search, seeded by the session's seed
/// and the move number so that a session can be replayed.
fn computer_move(game: &Game, players: Players) -> Hole {
    let (level, seed) = match players {
        Players::AgainstComputer { level, seed, .. } => (level, seed),
        Players::Hotseat => (Level::Medium, 0),
    };
    crate::ai::choose_move(game, level, seed ^ game.moves().len() as u64).expect("an ongoing game has a legal move")
}
