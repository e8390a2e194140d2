//! The transposition table: what earlier parts of the search learnt about a
//! position (board + player to move), keyed by its Zobrist hash.
//!
//! Each entry is two `u64`s: the full hash (so a hit is a real hit, barring a
//! 64-bit collision) and the packed data. Entries live in buckets of two: the
//! first slot keeps the deepest search seen for its positions, the second is
//! always replaced. Every search starts from an empty table, which keeps the
//! search a pure function of its inputs.
//!
//! The memory itself is kept for the thread's next search of the same size:
//! clearing 64 MiB takes a few milliseconds, while a fresh allocation
//! page-faults its way through the search and, with several searches in one
//! process, the faults contend for the kernel's memory lock (measured: a
//! `hard` move went from 0.72 s alone to 1.0 s with two threads, a quarter
//! of it in the kernel).

use std::cell::Cell;

use crate::engine::Hole;

/// How a stored score relates to the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The score is the value (at the stored depth).
    Exact,
    /// The value is at least the score (the search failed high).
    Lower,
    /// The value is at most the score (the search failed low).
    Upper,
}

/// What a probe returns.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub best: Option<Hole>,
    pub depth: i32,
    pub score: i32,
    pub bound: Bound,
}

// Data word layout: bit 63 = occupied; bits 0-15 score (i16); 16-23 depth (u8);
// 24-25 bound; 26-29 move (0 = none, else the hole number, 1 to 7).
const OCCUPIED: u64 = 1 << 63;

pub(crate) struct Table {
    slots: Vec<[u64; 2]>,
    mask: usize,
}

thread_local! {
    /// The largest table this thread has dropped, for its next search. Idle
    /// threads (tokio's blocking pool retires them after a few seconds) free
    /// it when they exit.
    static SPARE: Cell<Vec<[u64; 2]>> = const { Cell::new(Vec::new()) };
}

impl Table {
    /// An empty table of `2^bits` entries (16 bytes each).
    pub fn new(bits: u32) -> Table {
        let len = 1usize << bits.max(2);
        let spare = SPARE.take();
        let slots = if spare.len() == len {
            let mut slots = spare;
            slots.fill([0; 2]);
            slots
        } else {
            SPARE.set(spare);
            vec![[0u64; 2]; len]
        };
        Table {
            slots,
            mask: (len - 1) & !1,
        }
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        (key as usize) & self.mask
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let i = self.bucket(key);
        for slot in &self.slots[i..i + 2] {
            if slot[0] == key && slot[1] & OCCUPIED != 0 {
                return Some(unpack(slot[1]));
            }
        }
        None
    }

    /// Stores what a search of `depth` plies found. A negative `depth`
    /// stores only the best move, for ordering (the score is not to be used).
    #[inline]
    pub fn store(&mut self, key: u64, best: Option<Hole>, depth: i32, score: i32, bound: Bound) {
        let data = pack(best, depth, score, bound);
        let i = self.bucket(key);
        let deep = self.slots[i];
        let deep_depth = if deep[1] & OCCUPIED != 0 {
            unpack(deep[1]).depth
        } else {
            -2
        };
        if deep[0] == key || depth >= deep_depth {
            self.slots[i] = [key, data];
        } else {
            self.slots[i + 1] = [key, data];
        }
    }
}

impl Drop for Table {
    fn drop(&mut self) {
        let slots = std::mem::take(&mut self.slots);
        // `try_with`: a table dropped while the thread exits just frees.
        let _ = SPARE.try_with(|spare| {
            let kept = spare.take();
            spare.set(if slots.len() >= kept.len() { slots } else { kept });
        });
    }
}

#[inline]
fn pack(best: Option<Hole>, depth: i32, score: i32, bound: Bound) -> u64 {
    let bound = match bound {
        Bound::Exact => 0u64,
        Bound::Lower => 1,
        Bound::Upper => 2,
    };
    let hole = best.map_or(0, |h| h.number() as u64);
    // Depth is stored plus one so that "move only" (-1) fits in a byte.
    let depth = (depth + 1).clamp(0, 255) as u64;
    OCCUPIED | (score as i16 as u16 as u64) | (depth << 16) | (bound << 24) | (hole << 26)
}

#[inline]
fn unpack(data: u64) -> Entry {
    let number = ((data >> 26) & 0xF) as usize;
    Entry {
        best: number.checked_sub(1).map(Hole::from_index),
        depth: ((data >> 16) & 0xFF) as i32 - 1,
        score: (data & 0xFFFF) as u16 as i16 as i32,
        bound: match (data >> 24) & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds() {
        let mut table = Table::new(10);
        assert!(table.probe(12345).is_none());
        table.store(12345, Hole::new(4).ok(), 9, -37, Bound::Lower);
        let e = table.probe(12345).unwrap();
        assert_eq!(
            (e.best, e.depth, e.score, e.bound),
            (Hole::new(4).ok(), 9, -37, Bound::Lower)
        );
        table.store(99, None, -1, 0, Bound::Exact);
        let move_only = table.probe(99).unwrap();
        assert_eq!((move_only.best, move_only.depth), (None, -1));
    }

    #[test]
    fn every_move_and_no_move_survive_the_packing() {
        for best in Hole::ALL.into_iter().map(Some).chain([None]) {
            for (depth, score, bound) in [
                (-1, 0, Bound::Exact),
                (0, -8000, Bound::Upper),
                (250, 7000, Bound::Lower),
            ] {
                let e = unpack(pack(best, depth, score, bound));
                assert_eq!((e.best, e.depth, e.score, e.bound), (best, depth, score, bound));
            }
        }
    }

    #[test]
    fn a_reused_table_starts_empty() {
        let mut table = Table::new(10);
        table.store(12345, Hole::new(4).ok(), 9, -37, Bound::Lower);
        let memory = table.slots.as_ptr();
        drop(table);
        let table = Table::new(10);
        assert_eq!(table.slots.as_ptr(), memory, "the thread's spare table is reused");
        assert!(table.probe(12345).is_none());
        assert!(table.slots.iter().all(|slot| *slot == [0, 0]));
        drop(table);
        // A table of another size leaves the spare alone.
        let small = Table::new(8);
        assert_eq!(small.slots.len(), 256);
        drop(small);
        assert_eq!(Table::new(10).slots.as_ptr(), memory, "the larger spare is kept");
    }
}
