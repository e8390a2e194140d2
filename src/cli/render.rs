//! `akon render`: the picture of a game's position, as SVG or PNG, taking
//! the game as `akon replay` does.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

use super::replay::{start_and_moves, StartArgs};
use super::{bad_input, values};
use crate::engine::{Game, Seat};
use crate::i18n::Language;
use crate::picture::{self, BoardPicture};

#[derive(Args, Debug)]
#[command(group(clap::ArgGroup::new("output").required(true).multiple(true).args(["svg", "png"])))]
pub struct RenderArgs {
    #[command(flatten)]
    start: StartArgs,
    /// Draw the position after this many moves (default: after all of them).
    #[arg(long)]
    ply: Option<usize>,
    /// Write the picture as SVG to this file.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Write the picture as PNG (600 × 300 pixels) to this file.
    #[arg(long, value_name = "FILE")]
    png: Option<PathBuf>,
    /// The picture's language: en, fr, es or pt (default: from LC_ALL, LC_MESSAGES or LANG).
    #[arg(long, value_parser = values::language(), ignore_case = true)]
    lang: Option<Language>,
}

pub fn run(args: RenderArgs) -> ExitCode {
    match render(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => bad_input(message),
    }
}

fn render(args: &RenderArgs) -> Result<(), String> {
    let (start, mut moves) = start_and_moves(&args.start)?;
    if let Some(ply) = args.ply {
        if ply > moves.len() {
            return Err(format!("--ply {ply}: the game has only {} moves", moves.len()));
        }
        moves.truncate(ply);
    }
    let game = Game::replay(start, &moves).map_err(|e| e.to_string())?;
    let language = args.lang.unwrap_or_else(Language::from_environment);
    // Drawn from B's side with seat letters as labels, as the text board of `akon replay` games.
    let drawing = BoardPicture::of_game(language, &game, Seat::B, |seat| seat.to_string());
    if let Some(path) = &args.svg {
        write(path, picture::board_svg(&drawing).as_bytes())?;
    }
    if let Some(path) = &args.png {
        let png = picture::board_png(&drawing).map_err(|e| e.to_string())?;
        write(path, &png)?;
    }
    Ok(())
}

/// Writes `bytes` to `path`, naming the file in any error.
pub(super) fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    std::fs::write(path, bytes).map_err(|e| format!("{}: {e}", path.display()))
}
