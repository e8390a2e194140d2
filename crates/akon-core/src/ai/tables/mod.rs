//! Endgame tables: the exact value of every position with at most `N` seeds
//! on the board, solved by retrograde analysis (`build.rs`), stored one byte
//! per board in a file read through a memory map.
//!
//! A value is the **net number of seeds the player to move gains from here
//! to the end of the game** with best play on both sides: their future
//! captures (the sweep included) minus the opponent's, the capture
//! difference so far left out, exactly as the search scores a node. Both
//! players' positions are in: a position with B to move is looked up with
//! its rows swapped, B's row first.
//!
//! The repetition rule depends on the game's history, which the tables do
//! not know; how they score a repetition, and how the search makes up for
//! it, is in `build.rs` and `docs/COMPUTER.md`.
//!
//! # The file
//!
//! | bytes | what |
//! |---|---|
//! | 0–7 | magic `AKONEGTB` |
//! | 8–11 | format version, little-endian `u32` (1) |
//! | 12–15 | `N`, the most seeds on a board (`u32`) |
//! | 16–23 | boards, `C(N + 14, 14)` (`u64`) |
//! | 24–31 | bytes per checked block (`u64`, 65 536) |
//! | 32–39 | blocks (`u64`) |
//! | 40–47 | checksum of bytes 0–39 and of the block checksums (`u64`) |
//! | 48–63 | zero |
//! | 64 … | one checksum per block (`u64` each) |
//! | then | one signed byte per board, by index (`index.rs`) |
//!
//! Opening checks the header, the size and the header's checksum: a wrong
//! or truncated file is refused at once. Each block of values is checked
//! against its checksum the first time a probe reads it, so start-up reads
//! nothing more than the header; a block that fails turns the tables off
//! for good (with one log line), so a damaged file never gives a value.

mod build;
mod index;

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::OnceLock;

use crate::engine::Position;

pub use build::LayerBuilt;

const MAGIC: &[u8; 8] = b"AKONEGTB";
const VERSION: u32 = 1;
const HEADER: usize = 64;
const BLOCK: usize = 1 << 16;
/// A bound far beyond anything buildable (40 seeds would be 2.9 TB), so
/// that a header's `N` is checked before any arithmetic on it.
pub const MOST_SEEDS: u8 = 40;

/// Why a tables file cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum TablesError {
    #[error("cannot read the endgame tables {path}: {source}")]
    Io { path: PathBuf, source: io::Error },
    #[error("{path} is not an endgame tables file of akon (its first bytes are not AKONEGTB)")]
    NotTables { path: PathBuf },
    #[error("{path} is an endgame tables file of version {version}, but this akon reads version {VERSION}: build it again with `akon tables build`")]
    Version { path: PathBuf, version: u32 },
    #[error("{path} is damaged: {what}; build it again with `akon tables build`")]
    Damaged { path: PathBuf, what: String },
}

/// The tables, read through a memory map: only the pages the search
/// touches are read from disk.
pub struct Tables {
    path: PathBuf,
    map: memmap2::Mmap,
    max_seeds: u8,
    boards: u64,
    checksums: Vec<u64>,
    /// Per block: 0 not checked yet, 1 checked and sound.
    checked: Box<[AtomicU8]>,
    broken: AtomicBool,
}

impl std::fmt::Debug for Tables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tables")
            .field("path", &self.path)
            .field("max_seeds", &self.max_seeds)
            .finish()
    }
}

impl Tables {
    /// Opens a tables file, checking everything but the values themselves
    /// (each block of values is checked when first read).
    pub fn open(path: &Path) -> Result<Tables, TablesError> {
        let io = |source| TablesError::Io {
            path: path.to_path_buf(),
            source,
        };
        let damaged = |what: String| TablesError::Damaged {
            path: path.to_path_buf(),
            what,
        };
        let file = File::open(path).map_err(io)?;
        let map = map_read_only(&file).map_err(io)?;
        if map.len() < 8 || &map[..8] != MAGIC {
            return Err(TablesError::NotTables {
                path: path.to_path_buf(),
            });
        }
        if map.len() < HEADER {
            return Err(damaged(format!("it holds {} bytes, less than its header", map.len())));
        }
        let u32_at = |at: usize| u32::from_le_bytes(map[at..at + 4].try_into().expect("4 bytes"));
        let u64_at = |at: usize| u64::from_le_bytes(map[at..at + 8].try_into().expect("8 bytes"));
        let version = u32_at(8);
        if version != VERSION {
            return Err(TablesError::Version {
                path: path.to_path_buf(),
                version,
            });
        }
        let max_seeds = u32_at(12);
        if max_seeds > MOST_SEEDS as u32 {
            return Err(damaged(format!(
                "its header says {max_seeds} seeds, more than {MOST_SEEDS}"
            )));
        }
        let max_seeds = max_seeds as u8;
        let boards = u64_at(16);
        let blocks = u64_at(32);
        if boards != index::boards_up_to(max_seeds)
            || u64_at(24) != BLOCK as u64
            || blocks != boards.div_ceil(BLOCK as u64)
        {
            return Err(damaged("its header does not add up".into()));
        }
        let expected = HEADER as u64 + 8 * blocks + boards;
        if map.len() as u64 != expected {
            return Err(damaged(format!(
                "it holds {} bytes where {max_seeds} seeds need {expected} (truncated?)",
                map.len()
            )));
        }
        let table_end = HEADER + 8 * blocks as usize;
        if u64_at(40) != header_checksum(&map[..40], &map[HEADER..table_end]) {
            return Err(damaged("its header fails its checksum".into()));
        }
        let checksums = map[HEADER..table_end]
            .chunks_exact(8)
            .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
            .collect();
        Ok(Tables {
            path: path.to_path_buf(),
            map,
            max_seeds,
            boards,
            checksums,
            checked: (0..blocks).map(|_| AtomicU8::new(0)).collect(),
            broken: AtomicBool::new(false),
        })
    }

    /// The most seeds on a board the tables hold.
    pub fn max_seeds(&self) -> u8 {
        self.max_seeds
    }

    /// Opens a tables file and checks every block of values at once: for
    /// a file about to be trusted for a long time, where a damaged block
    /// found mid-game would be too late.
    pub fn open_verified(path: &Path) -> Result<Tables, TablesError> {
        let tables = Tables::open(path)?;
        tables.verify()?;
        Ok(tables)
    }

    /// The file the tables were read from.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Checks every block of values: what `akon tables verify` does. The
    /// first block that fails its checksum, as an error.
    pub fn verify(&self) -> Result<(), TablesError> {
        for block in 0..self.checked.len() {
            if !self.check_block(block) {
                return Err(self.block_error(block));
            }
        }
        Ok(())
    }

    fn block_error(&self, block: usize) -> TablesError {
        TablesError::Damaged {
            path: self.path.clone(),
            what: format!("block {block} of its values fails its checksum"),
        }
    }

    fn values(&self) -> &[u8] {
        &self.map[HEADER + 8 * self.checksums.len()..]
    }

    fn check_block(&self, block: usize) -> bool {
        if self.checked[block].load(Ordering::Acquire) == 1 {
            return true;
        }
        let values = self.values();
        let end = ((block + 1) * BLOCK).min(values.len());
        let sound = checksum(&values[block * BLOCK..end]) == self.checksums[block];
        if sound {
            self.checked[block].store(1, Ordering::Release);
        }
        sound
    }

    /// The value of `position` for its player to move (see the module
    /// documentation), or `None` if it has more seeds than the tables hold,
    /// or the tables turned out damaged.
    #[inline]
    pub fn probe(&self, position: &Position) -> Option<i32> {
        let seeds = position.board_total();
        if seeds > self.max_seeds as u32 || self.broken.load(Ordering::Relaxed) {
            return None;
        }
        let at = index::index_for(position.board(), position.to_move());
        debug_assert!(at < self.boards);
        let block = at as usize / BLOCK;
        if self.checked[block].load(Ordering::Acquire) != 1 && !self.check_block(block) {
            self.turn_off(block);
            return None;
        }
        let value = self.values()[at as usize] as i8 as i32;
        if value.unsigned_abs() > seeds {
            self.turn_off(block);
            return None;
        }
        Some(value)
    }

    fn turn_off(&self, block: usize) {
        if !self.broken.swap(true, Ordering::Relaxed) {
            tracing::error!("{}: the endgame tables are no longer used", self.block_error(block));
        }
    }
}

/// Maps `file` for reading.
///
/// Safety: memmap2 cannot promise that nobody changes the file while it is
/// mapped; if someone did, the bytes read could change under the reader (or
/// reading past a truncated end would fault). The tables are written once by
/// `akon tables build` to a temporary file renamed into place, so a rebuild
/// replaces the file rather than writing into the mapped one; and every
/// block read is checked against its checksum, so changed bytes are refused
/// rather than believed. Reading the whole file instead would cost every
/// process its size in memory and seconds at start-up; a read system call
/// per probe would cost more than the search's node.
#[allow(unsafe_code)]
fn map_read_only(file: &File) -> io::Result<memmap2::Mmap> {
    // SAFETY: see above: the file is only ever replaced, never modified in place.
    unsafe { memmap2::Mmap::map(file) }
}

/// The tables the search uses in this process, once installed.
static INSTALLED: OnceLock<Tables> = OnceLock::new();

/// Makes `tables` the ones every search of this process probes (the bot and
/// the command-line tools install them at start-up). Only the first call
/// counts: a second one gives its tables back.
pub fn install(tables: Tables) -> Result<&'static Tables, Tables> {
    let mut offered = Some(tables);
    let installed = INSTALLED.get_or_init(|| offered.take().expect("offered once"));
    match offered {
        None => Ok(installed),
        Some(refused) => Err(refused),
    }
}

/// The tables installed in this process, if any.
pub fn installed() -> Option<&'static Tables> {
    INSTALLED.get()
}

/// The positions (boards, with the player to move owning the first row) of
/// at most `max_seeds` seeds: the values a file holds.
pub fn positions(max_seeds: u8) -> u64 {
    index::boards_up_to(max_seeds)
}

/// The size of a file of tables up to `max_seeds` seeds, in bytes.
pub fn file_size(max_seeds: u8) -> u64 {
    let boards = index::boards_up_to(max_seeds);
    HEADER as u64 + 8 * boards.div_ceil(BLOCK as u64) + boards
}

/// Solves every board of at most `max_seeds` seeds (see `build.rs`) and
/// writes the tables to `out`, through a temporary file beside it
/// (`out.partial`): written, synced, checked block by block, then renamed
/// into place, so that a process reading the old file is never disturbed and
/// `out` is never a half-written or unchecked file. On any failure the
/// temporary file is removed and `out` is left as it was.
pub fn build(max_seeds: u8, threads: usize, out: &Path, progress: &mut dyn FnMut(LayerBuilt)) -> io::Result<()> {
    assert!(max_seeds <= MOST_SEEDS, "at most {MOST_SEEDS} seeds");
    let values = build::solve(max_seeds, threads, progress);
    let temporary = partial_path(out);
    let written = write(max_seeds, &values, &temporary);
    // Read back without the values still held: the check maps the file.
    drop(values);
    let written = written.and_then(|()| {
        Tables::open(&temporary)
            .and_then(|written| written.verify())
            .map_err(|e| io::Error::other(format!("the file written does not read back: {e}")))
    });
    if let Err(error) = written {
        let _ = std::fs::remove_file(&temporary);
        return Err(error);
    }
    std::fs::rename(&temporary, out).inspect_err(|_| {
        let _ = std::fs::remove_file(&temporary);
    })?;
    // The rename itself lasts only once the directory is synced.
    match out.parent().filter(|dir| !dir.as_os_str().is_empty()) {
        Some(dir) => File::open(dir)?.sync_all(),
        None => File::open(".")?.sync_all(),
    }
}

/// Where [`build`] writes before renaming: `out` with `.partial` added.
pub fn partial_path(out: &Path) -> PathBuf {
    let mut temporary = out.as_os_str().to_owned();
    temporary.push(".partial");
    PathBuf::from(temporary)
}

fn write(max_seeds: u8, values: &[i8], temporary: &Path) -> io::Result<()> {
    // The values as bytes, a block at a time (the whole file is too big to
    // copy at once).
    let blocks_of = || {
        values
            .chunks(BLOCK)
            .map(|block| block.iter().map(|&v| v as u8).collect::<Vec<u8>>())
    };
    let blocks = values.len().div_ceil(BLOCK);
    let mut table = Vec::with_capacity(8 * blocks);
    for block in blocks_of() {
        table.extend_from_slice(&checksum(&block).to_le_bytes());
    }
    let mut header = [0u8; HEADER];
    header[..8].copy_from_slice(MAGIC);
    header[8..12].copy_from_slice(&VERSION.to_le_bytes());
    header[12..16].copy_from_slice(&(max_seeds as u32).to_le_bytes());
    header[16..24].copy_from_slice(&(values.len() as u64).to_le_bytes());
    header[24..32].copy_from_slice(&(BLOCK as u64).to_le_bytes());
    header[32..40].copy_from_slice(&(blocks as u64).to_le_bytes());
    let sum = header_checksum(&header[..40], &table);
    header[40..48].copy_from_slice(&sum.to_le_bytes());

    let file = File::create(temporary)?;
    let mut writer = BufWriter::with_capacity(1 << 20, file);
    writer.write_all(&header)?;
    writer.write_all(&table)?;
    for block in blocks_of() {
        writer.write_all(&block)?;
    }
    let file = writer.into_inner().map_err(|e| e.into_error())?;
    file.sync_all()
}

fn header_checksum(header: &[u8], table: &[u8]) -> u64 {
    checksum(header) ^ checksum(table).rotate_left(17)
}

/// A 64-bit checksum that catches any changed, missing or moved byte of a
/// block with near certainty; not cryptographic (the tables are not secret,
/// only possibly damaged). Eight bytes a step, multiplied and mixed.
fn checksum(bytes: &[u8]) -> u64 {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut h = (bytes.len() as u64).wrapping_mul(K) ^ 0x243F_6A88_85A3_08D3;
    let mut words = bytes.chunks_exact(8);
    for word in &mut words {
        let w = u64::from_le_bytes(word.try_into().expect("8 bytes"));
        h = (h ^ w).wrapping_mul(K).rotate_left(29);
    }
    for &b in words.remainder() {
        h = (h ^ b as u64).wrapping_mul(K).rotate_left(29);
    }
    h ^= h >> 32;
    h.wrapping_mul(K) ^ (h >> 29)
}

#[cfg(test)]
mod tests;
