//! The ongoing games' rows as this process last wrote or read them, so that
//! a press needs no read: on SQLite each read is a trip to a reader
//! connection's thread, and every commit empties that connection's page
//! cache, so the lookup a press made cost about as much as writing the move.
//!
//! Only on SQLite, where this process is the only writer (see
//! `store::lock`): every statement that changes a game row, or a name the
//! row is shown with, tells the cache while it still holds the writer
//! connection, so the cache changes in commit order and holds exactly what
//! is stored. On PostgreSQL another process may change a game at any time,
//! so the cache is off and each press reads its game.
//!
//! A change the cache cannot apply exactly (the row it holds is not the one
//! the statement changed) forgets the game instead: the next press reads
//! it.

use std::collections::HashMap;
use std::sync::Mutex;

use super::positions::position_text;
use super::{Backend, GameRow, GameStatus, GameWithPlayers};

/// Games kept at most: past this the cache starts afresh, which costs one
/// read per game, rather than growing without bound.
const CACHED_GAMES: usize = 20_000;

#[derive(Debug)]
pub(super) struct GameCache {
    enabled: bool,
    entries: Mutex<Entries>,
}

#[derive(Debug, Default)]
struct Entries {
    games: HashMap<i64, Entry>,
    /// Counts the changes, so that a read that a change overtook does not
    /// put back the row the change replaced.
    changes: u64,
    /// Reads that started before this change may not put their row: the
    /// cache was emptied since, with whatever it knew of changes, or a
    /// player was renamed, which any game read meanwhile may show.
    floor: u64,
}

impl Entries {
    /// Empties the cache if it is full; says whether it did.
    fn make_room(&mut self) -> bool {
        if self.games.len() < CACHED_GAMES {
            return false;
        }
        self.games.clear();
        self.changes += 1;
        self.floor = self.changes;
        true
    }
}

#[derive(Debug)]
struct Entry {
    /// `None`: changed in a way the cache did not follow.
    row: Option<GameWithPlayers>,
    changed_at: u64,
}

/// When a read started, as [`GameCache::put`] needs it.
#[derive(Debug, Clone, Copy)]
pub(super) struct ReadStarted(u64);

impl GameCache {
    pub(super) fn new(backend: Backend) -> GameCache {
        GameCache {
            enabled: backend == Backend::Sqlite,
            entries: Mutex::new(Entries::default()),
        }
    }

    fn entries(&self) -> std::sync::MutexGuard<'_, Entries> {
        // No code holding the lock can panic half-way through a change.
        self.entries.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The stored row of game `id`, if the cache holds it.
    pub(super) fn get(&self, id: i64) -> Option<GameWithPlayers> {
        if !self.enabled {
            return None;
        }
        self.entries().games.get(&id)?.row.clone()
    }

    /// The position and loop history held for game `id`, if any.
    pub(super) fn kept_state(&self, id: i64) -> Option<(String, Option<String>)> {
        if !self.enabled {
            return None;
        }
        let (position, loop_history) = {
            let entries = self.entries();
            let game = &entries.games.get(&id)?.row.as_ref()?.game;
            (game.position, game.loop_history.clone())
        };
        // As the row holds it: the text every write spells.
        Some((position_text(&position), loop_history))
    }

    pub(super) fn read_started(&self) -> ReadStarted {
        ReadStarted(self.entries().changes)
    }

    /// Keeps `row`, read since `started`, if its game goes on and nothing
    /// changed it meanwhile.
    pub(super) fn put(&self, started: ReadStarted, row: &GameWithPlayers) {
        if !self.enabled || row.game.status != GameStatus::Ongoing {
            return;
        }
        let mut entries = self.entries();
        let changed_since = entries
            .games
            .get(&row.game.id)
            .is_some_and(|entry| entry.changed_at > started.0);
        if changed_since || started.0 < entries.floor {
            return;
        }
        if entries.make_room() {
            // What the cache knew of changes since `started` is gone.
            return;
        }
        let changed_at = entries.changes;
        entries.games.insert(
            row.game.id,
            Entry {
                row: Some(row.clone()),
                changed_at,
            },
        );
    }

    /// After a statement changed game `id` and committed: `change` applies
    /// the same change to the row held, and says whether it could (the row
    /// held is the one the statement changed); if not, the game is
    /// forgotten.
    pub(super) fn changed(&self, id: i64, change: impl FnOnce(&mut GameRow) -> bool) {
        if !self.enabled {
            return;
        }
        let mut entries = self.entries();
        entries.make_room();
        entries.changes += 1;
        let changed_at = entries.changes;
        let entry = entries.games.entry(id).or_insert(Entry { row: None, changed_at });
        entry.changed_at = changed_at;
        if let Some(row) = &mut entry.row {
            if !change(&mut row.game) {
                entry.row = None;
            }
        }
    }

    /// After a statement changed game `id` in a way the cache does not
    /// follow.
    pub(super) fn forget(&self, id: i64) {
        self.changed(id, |_| false);
    }

    /// After a player's name or kind was saved: every game of theirs, and
    /// every read in flight, since any of them may show the old name.
    pub(super) fn forget_player(&self, user_id: u64) {
        if !self.enabled {
            return;
        }
        let mut entries = self.entries();
        entries.changes += 1;
        // The floor refuses every read in flight, so the games can go
        // without a mark of when they changed.
        entries.floor = entries.changes;
        entries.games.retain(|_, entry| {
            !entry
                .row
                .as_ref()
                .is_some_and(|row| row.game.player_a == user_id || row.game.player_b == user_id)
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Position, Seat};

    fn row(id: i64, ply: i64) -> GameWithPlayers {
        GameWithPlayers {
            game: GameRow {
                id,
                guild_id: 1,
                channel_id: 2,
                player_a: 10,
                player_b: 11,
                start_position: Position::opening(Seat::A),
                ply,
                position: Position::opening(Seat::A),
                status: GameStatus::Ongoing,
                end_reason: None,
                winner: None,
                captured_a: 0,
                captured_b: 0,
                board_channel_id: None,
                board_message_id: None,
                board_ply: None,
                created_at: 0,
                updated_at: 0,
                finished_at: None,
                computer_seat: None,
                computer_level: None,
                seconds_per_move: None,
                deadline: None,
                reminder_at: None,
                result_shown: false,
                loop_history: None,
                venue: crate::venue::Venue::Server,
                followers: 0,
                friendly: false,
                takebacks: 0,
                live_base_ms: None,
                live_increment_ms: None,
                live_remaining_a_ms: None,
                live_remaining_b_ms: None,
                live_turn_started_ms: None,
                live_deadline_ms: None,
            },
            name_a: Some("a".into()),
            is_bot_a: Some(false),
            name_b: Some("b".into()),
            is_bot_b: Some(false),
        }
    }

    fn next_ply(expected: i64) -> impl FnOnce(&mut GameRow) -> bool {
        move |game| {
            let applies = game.ply == expected;
            game.ply += 1;
            applies
        }
    }

    #[test]
    fn a_read_overtaken_by_a_change_is_not_kept() {
        let cache = GameCache::new(Backend::Sqlite);
        let started = cache.read_started();
        cache.forget(7);
        cache.put(started, &row(7, 3));
        assert_eq!(cache.get(7), None);
        let started = cache.read_started();
        cache.put(started, &row(7, 3));
        assert_eq!(cache.get(7), Some(row(7, 3)));
    }

    #[test]
    fn a_change_to_another_game_does_not_refuse_a_read() {
        let cache = GameCache::new(Backend::Sqlite);
        let started = cache.read_started();
        cache.forget(8);
        cache.put(started, &row(7, 3));
        assert_eq!(cache.get(7), Some(row(7, 3)));
    }

    #[test]
    fn a_change_is_applied_only_to_the_row_it_changed() {
        let cache = GameCache::new(Backend::Sqlite);
        cache.put(cache.read_started(), &row(7, 3));
        cache.changed(7, next_ply(3));
        assert_eq!(cache.get(7), Some(row(7, 4)));
        // A change that does not fit what the cache holds (a commit it
        // missed) forgets the game rather than guess.
        cache.changed(7, next_ply(3));
        assert_eq!(cache.get(7), None);
        cache.changed(7, next_ply(4));
        assert_eq!(cache.get(7), None);
    }

    #[test]
    fn a_read_older_than_a_change_to_the_same_game_is_refused_even_if_held() {
        let cache = GameCache::new(Backend::Sqlite);
        cache.put(cache.read_started(), &row(7, 3));
        let started = cache.read_started();
        cache.changed(7, next_ply(3));
        cache.put(started, &row(7, 3));
        assert_eq!(cache.get(7), Some(row(7, 4)));
    }

    #[test]
    fn renaming_a_player_forgets_their_games_only() {
        let cache = GameCache::new(Backend::Sqlite);
        let mut other = row(8, 0);
        other.game.player_a = 20;
        other.game.player_b = 21;
        cache.put(cache.read_started(), &row(7, 3));
        cache.put(cache.read_started(), &other);
        cache.forget_player(11);
        assert_eq!(cache.get(7), None);
        assert_eq!(cache.get(8), Some(other));
    }

    #[test]
    fn a_read_overtaken_by_a_rename_is_not_kept() {
        // The read may hold the old name, whichever game it is: the rename
        // cannot tell which reads in flight show that player.
        let cache = GameCache::new(Backend::Sqlite);
        let started = cache.read_started();
        cache.forget_player(11);
        cache.put(started, &row(7, 3));
        assert_eq!(cache.get(7), None);
        cache.put(cache.read_started(), &row(7, 3));
        assert_eq!(cache.get(7), Some(row(7, 3)));
    }

    #[test]
    fn finished_games_are_not_kept() {
        let cache = GameCache::new(Backend::Sqlite);
        let mut finished = row(7, 3);
        finished.game.status = GameStatus::Finished;
        cache.put(cache.read_started(), &finished);
        assert_eq!(cache.get(7), None);
    }

    #[test]
    fn off_on_postgres() {
        let cache = GameCache::new(Backend::Postgres);
        cache.put(cache.read_started(), &row(7, 3));
        assert_eq!(cache.get(7), None);
    }

    #[test]
    fn emptied_when_full_and_reads_from_before_are_refused() {
        let cache = GameCache::new(Backend::Sqlite);
        for id in 0..CACHED_GAMES as i64 {
            cache.put(cache.read_started(), &row(id, 0));
        }
        let before = cache.read_started();
        cache.put(cache.read_started(), &row(-1, 0));
        assert_eq!(cache.get(0), None);
        cache.put(before, &row(5, 0));
        assert_eq!(cache.get(5), None);
        cache.put(cache.read_started(), &row(5, 0));
        assert_eq!(cache.get(5), Some(row(5, 0)));
    }
}
