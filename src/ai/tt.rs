//! The transposition table: what earlier parts of the search learnt about a
//! position (board + player to move), keyed by its Zobrist hash.
//!
//! Each entry is two `u64`s: the full hash (so a hit is a real hit, barring a
//! 64-bit collision) and the packed data. Entries live in buckets of two: the
//! first slot keeps the deepest search seen for its positions, the second is
//! always replaced. A fresh table is allocated for every search, zeroed by the
//! allocator, which keeps the search a pure function of its inputs.

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
// 24-25 bound; 26-29 move (0 = none, else hole number).
const OCCUPIED: u64 = 1 << 63;

pub(crate) struct Table {
    slots: Vec<[u64; 2]>,
    mask: usize,
}

impl Table {
    /// A table of `2^bits` entries (16 bytes each).
    pub fn new(bits: u32) -> Table {
        let len = 1usize << bits.max(2);
        Table {
            // `vec![zero; n]` asks the allocator for zeroed memory: cheap even
            // for tens of megabytes, the pages are touched only when used.
            slots: vec![[0u64; 2]; len],
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
    let hole = ((data >> 26) & 0xF) as i64;
    Entry {
        best: if hole == 0 {
            None
        } else {
            Some(Hole::from_index(hole as usize - 1))
        },
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
        assert_eq!(table.probe(99).unwrap().depth, -1);
    }
}
