//! Leases: which process is doing a piece of work that no gateway event
//! ties to one process (see migration `leases`). Taking a lease is one
//! conditional upsert, so of several processes asking at once exactly one
//! gets it; it lasts until a deadline, so the work of a process that died
//! falls to another one once that deadline has passed.

use super::{Doing, Result, Store};

/// What a lease is on: the item is a notice's, game's or challenge's id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LeaseKind {
    /// Sending a notice of the outbox.
    Notice,
    /// Settling what a game owes its channel.
    Delivery,
    /// Posting a challenge whose message was never posted.
    Challenge,
    /// The computer's move in a game left waiting for it.
    ComputerMove,
    /// Posting or editing a tournament's message.
    TournamentMessage,
    /// Posting a server's podium of the month just ended (the item is the
    /// server's id).
    SeasonPodium,
    /// Posting a server's puzzle of the day, and editing its counts (the
    /// item is the server's id).
    DailyPuzzle,
}

impl LeaseKind {
    fn key(self) -> &'static str {
        match self {
            LeaseKind::Notice => "notice",
            LeaseKind::Delivery => "delivery",
            LeaseKind::Challenge => "challenge",
            LeaseKind::ComputerMove => "computer_move",
            LeaseKind::TournamentMessage => "tournament_message",
            LeaseKind::SeasonPodium => "season_podium",
            LeaseKind::DailyPuzzle => "daily_puzzle",
        }
    }
}

impl Store {
    /// The same store holding leases as `owner`: a name that a process
    /// keeps across restarts (by default each opening is a new owner).
    pub fn with_lease_owner(mut self, owner: &str) -> Store {
        self.owner = owner.into();
        self
    }

    /// Forgets every lease: for a process that knows no other one runs
    /// (on SQLite, the holder of the database's lock), every lease left is
    /// a dead process's.
    pub async fn clear_leases(&self) -> Result<()> {
        sqlx::query("DELETE FROM leases")
            .execute(&mut *self.writer().await?)
            .await
            .doing(&self.outage, "clearing the leases of a dead process")?;
        Ok(())
    }

    /// Takes (or renews) this store's lease on `item_id` until `until`, unless
    /// another store holds one that has not expired at `now`. `true` if this
    /// store holds the lease now.
    pub async fn take_lease(&self, kind: LeaseKind, item_id: i64, now: i64, until: i64) -> Result<bool> {
        let taken: Option<String> = sqlx::query_scalar(
            "INSERT INTO leases (kind, item_id, owner, expires_at) VALUES ($1, $2, $3, $4)
             ON CONFLICT (kind, item_id) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at
             WHERE leases.expires_at <= $5 OR leases.owner = excluded.owner
             RETURNING owner",
        )
        .bind(kind.key())
        .bind(item_id)
        .bind(&*self.owner)
        .bind(until)
        .bind(now)
        .fetch_optional(&mut *self.writer().await?)
        .await
        .doing(&self.outage, "taking a lease")?;
        Ok(taken.is_some())
    }

    /// Gives up this store's lease on `item_id`: the work is done.
    pub async fn release_lease(&self, kind: LeaseKind, item_id: i64) -> Result<()> {
        sqlx::query("DELETE FROM leases WHERE kind = $1 AND item_id = $2 AND owner = $3")
            .bind(kind.key())
            .bind(item_id)
            .bind(&*self.owner)
            .execute(&mut *self.writer().await?)
            .await
            .doing(&self.outage, "releasing a lease")?;
        Ok(())
    }
}
