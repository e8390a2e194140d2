//! `akon play`: a game in the terminal, for someone without a Discord token.
//! Reads moves line by line from standard input, so it works from a pipe.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::sync::mpsc;
use std::time::Duration;

use clap::Args;

use super::values::{self, First};
use crate::ai::Level;
use crate::board_text::{describe_move, draw, illegal_move, level_name};
use crate::engine::{Game, Hole, HoleError, Seat, Status, Winner};
use crate::i18n::Language;
use crate::random::SplitMix64;
use crate::tr;

#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Two humans take turns at the same keyboard.
    #[arg(long)]
    hotseat: bool,
    /// Your seat against the computer: A (top row) or B (bottom row).
    #[arg(long, default_value = "B", value_parser = values::seat(), ignore_case = true, conflicts_with = "hotseat")]
    seat: Seat,
    /// Who moves first.
    #[arg(long, default_value = "random", value_parser = values::first(), ignore_case = true)]
    first: First,
    /// The computer's strength.
    #[arg(long, default_value = "medium", value_parser = values::level(), ignore_case = true, conflicts_with = "hotseat")]
    level: Level,
    /// Seed for the random choices (first mover, the computer's), to replay a session.
    #[arg(long)]
    seed: Option<u64>,
    /// The game's language: en, fr, es or pt (default: from LC_ALL, LC_MESSAGES or LANG).
    #[arg(long, value_parser = values::language(), ignore_case = true)]
    lang: Option<Language>,
}

pub fn run(args: PlayArgs) -> ExitCode {
    let language = args.lang.unwrap_or_else(Language::from_environment);
    let seed = args.seed.unwrap_or_else(SplitMix64::seed_from_entropy);
    let first = match args.first {
        First::Seat(seat) => seat,
        First::Random => {
            if SplitMix64::new(seed).coin() {
                Seat::A
            } else {
                Seat::B
            }
        }
    };
    let players = if args.hotseat {
        Players::Hotseat { language }
    } else {
        Players::AgainstComputer {
            human: args.seat,
            level: args.level,
            seed,
            language,
        }
    };
    let stdin = io::stdin();
    let stdout = io::stdout();
    super::finish(play(
        Game::opening(first),
        players,
        &mut stdin.lock(),
        &mut stdout.lock(),
    ))
}

#[derive(Clone, Copy, Debug)]
enum Players {
    Hotseat {
        language: Language,
    },
    AgainstComputer {
        human: Seat,
        level: Level,
        seed: u64,
        language: Language,
    },
}

impl Players {
    fn is_human(self, seat: Seat) -> bool {
        match self {
            Players::Hotseat { .. } => true,
            Players::AgainstComputer { human, .. } => seat == human,
        }
    }

    /// Whether `seat` is the one human playing the computer, spoken to
    /// as "you".
    fn is_you(self, seat: Seat) -> bool {
        matches!(self, Players::AgainstComputer { human, .. } if human == seat)
    }

    fn language(self) -> Language {
        match self {
            Players::Hotseat { language } | Players::AgainstComputer { language, .. } => language,
        }
    }

    fn name(self, seat: Seat) -> String {
        let seat_name = seat.to_string();
        match self {
            Players::Hotseat { language } => tr!(language, "play-player", seat = seat_name),
            Players::AgainstComputer { human, language, .. } if seat == human => {
                tr!(language, "play-you", seat = seat_name)
            }
            Players::AgainstComputer { level, language, .. } => tr!(
                language,
                "play-computer",
                seat = seat_name,
                level = level_name(language, level)
            ),
        }
    }

    /// Whose side the board is drawn from: the human's, or in a hot-seat
    /// game the player about to move.
    fn bottom(self, to_move: Seat) -> Seat {
        match self {
            Players::Hotseat { .. } => to_move,
            Players::AgainstComputer { human, .. } => human,
        }
    }
}

fn play(mut game: Game, players: Players, input: &mut impl BufRead, out: &mut impl Write) -> io::Result<()> {
    let l = players.language();
    writeln!(out, "{}", tr!(l, "play-intro"))?;
    writeln!(
        out,
        "{}\n",
        tr!(l, "play-first", player = players.name(game.position().to_move()))
    )?;
    loop {
        let to_move = match game.status() {
            Status::Ongoing { to_move } => to_move,
            Status::Finished { end, winner } => {
                writeln!(
                    out,
                    "{}\n",
                    draw(l, game.position(), players.bottom(Seat::B), |s| players.name(s))
                )?;
                let how = match end {
                    crate::engine::GameEnd::NoSeeds => tr!(l, "play-how-no-seeds"),
                    crate::engine::GameEnd::Loop => tr!(l, "play-how-loop"),
                };
                // The winner's score first, as results are said.
                let (result, first) = match winner {
                    Winner::Seat(seat) => {
                        // "You (B) wins" would not be a sentence: the
                        // human against the computer is spoken to.
                        let who = if players.is_you(seat) { "you" } else { "other" };
                        let wins = tr!(
                            l,
                            "play-wins",
                            who = who,
                            seat = seat.to_string(),
                            player = players.name(seat)
                        );
                        (wins, seat)
                    }
                    Winner::Draw => (tr!(l, "play-draw"), Seat::A),
                };
                let over = tr!(
                    l,
                    "play-game-over",
                    how = how,
                    result = result,
                    a = game.position().captured(first),
                    b = game.position().captured(first.opponent())
                );
                let record = tr!(l, "play-record", record = game.record().to_string());
                writeln!(out, "{over}\n{record}")?;
                return Ok(());
            }
        };
        writeln!(
            out,
            "{}\n",
            draw(l, game.position(), players.bottom(to_move), |s| players.name(s))
        )?;
        let hole = if players.is_human(to_move) {
            match ask_move(l, &game, players.name(to_move), input, out)? {
                Some(hole) => hole,
                None => {
                    writeln!(out, "{}", tr!(l, "play-abandoned", record = game.record().to_string()))?;
                    return Ok(());
                }
            }
        } else {
            let hole = computer_move(&game, players, l, out)?;
            writeln!(
                out,
                "{}",
                tr!(
                    l,
                    "play-computer-plays",
                    player = players.name(to_move),
                    hole = hole.to_string()
                )
            )?;
            hole
        };
        let outcome = game.play(hole).expect("the hole was checked to be legal");
        writeln!(out, "{}\n", describe_move(l, &outcome))?;
    }
}

/// Asks until the player types a legal hole; `None` when they quit or the
/// input ends.
fn ask_move(
    language: Language,
    game: &Game,
    name: String,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> io::Result<Option<Hole>> {
    let l = language;
    let legal = game.legal_moves();
    loop {
        let holes: Vec<String> = legal.iter().map(|h| h.to_string()).collect();
        // The prompt ends with a space, before what the player types.
        write!(
            out,
            "{} ",
            tr!(l, "play-ask", player = name.as_str(), holes = holes.join(" "))
        )?;
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
            Err(HoleError::NotANumber(_)) => writeln!(out, "{}", tr!(l, "play-not-a-hole", input = line))?,
            Err(HoleError::OutOfRange(number)) => writeln!(out, "{}", tr!(l, "play-no-such-hole", hole = number))?,
            Ok(hole) => match game.position().check_move(hole) {
                Ok(()) => return Ok(Some(hole)),
                Err(e) => writeln!(
                    out,
                    "{}",
                    tr!(l, "play-cannot", hole = hole.to_string(), reason = illegal_move(l, &e))
                )?,
            },
        }
    }
}

/// How long the computer may think before the player is told it is.
const THINKING_NOTICE: Duration = Duration::from_millis(500);

/// The computer's choice: the level's search, seeded by the session's seed
/// and the move number so that a session can be replayed. A search that
/// takes longer than [`THINKING_NOTICE`] is announced, so that the terminal
/// does not look stuck.
fn computer_move(game: &Game, players: Players, l: Language, out: &mut impl Write) -> io::Result<Hole> {
    let (level, seed) = match players {
        Players::AgainstComputer { level, seed, .. } => (level, seed),
        Players::Hotseat { .. } => (Level::Medium, 0),
    };
    let seed = seed ^ game.moves().len() as u64;
    let (sender, receiver) = mpsc::channel();
    let hole = std::thread::scope(|scope| -> io::Result<Option<Hole>> {
        scope.spawn(move || sender.send(crate::ai::choose_move(game, level, seed)));
        match receiver.recv_timeout(THINKING_NOTICE) {
            Ok(hole) => Ok(hole),
            Err(mpsc::RecvTimeoutError::Timeout) => {
                writeln!(
                    out,
                    "{}",
                    tr!(l, "play-thinking", player = players.name(game.position().to_move()))
                )?;
                out.flush()?;
                Ok(receiver.recv().expect("the search sends its move"))
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => panic!("the search ended without a move"),
        }
    })?;
    Ok(hole.expect("an ongoing game has a legal move"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Position;

    /// The terminal's boards fit 40 columns too, in every language: every
    /// label (the human, a hot-seat player, the computer at every level)
    /// with every count of captures up to 70.
    #[test]
    fn every_terminal_board_fits_forty_columns_in_every_language() {
        for language in Language::ALL {
            let mut players = vec![Players::Hotseat { language }];
            for level in Level::ALL {
                for human in Seat::BOTH {
                    players.push(Players::AgainstComputer {
                        human,
                        level,
                        seed: 1,
                        language,
                    });
                }
            }
            for players in players {
                for (captured, rows) in [([70, 0], [0; 7]), ([0, 70], [0; 7]), ([0, 0], [5; 7])] {
                    let position = Position::new(&rows, &rows, captured, Seat::A).unwrap();
                    for bottom in Seat::BOTH {
                        let text = draw(language, &position, bottom, |seat| players.name(seat));
                        for line in text.lines() {
                            assert!(line.chars().count() <= 40, "{language}: `{line}`");
                        }
                    }
                }
            }
        }
    }

    /// The human playing the computer is spoken to when they win; anyone
    /// else is named.
    #[test]
    fn a_win_is_said_to_the_human_and_of_the_others() {
        let against = |language| Players::AgainstComputer {
            human: Seat::B,
            level: Level::Hard,
            seed: 1,
            language,
        };
        let wins = |players: Players, seat: Seat| {
            let l = players.language();
            let who = if players.is_you(seat) { "you" } else { "other" };
            tr!(
                l,
                "play-wins",
                who = who,
                seat = seat.to_string(),
                player = players.name(seat)
            )
        };
        assert_eq!(wins(against(Language::French), Seat::B), "tu gagnes (B)");
        assert_eq!(wins(against(Language::Spanish), Seat::B), "ganas tú (B)");
        assert_eq!(wins(against(Language::English), Seat::B), "you win (B)");
        assert_eq!(
            wins(against(Language::French), Seat::A),
            "Ordinateur (A, difficile) gagne"
        );
        assert_eq!(wins(against(Language::Spanish), Seat::A), "gana Máquina (A, difícil)");
        let hotseat = Players::Hotseat {
            language: Language::French,
        };
        assert_eq!(wins(hotseat, Seat::A), "Joueur A gagne");
    }
}
