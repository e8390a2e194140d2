//! The podium of the month just ended, posted once in the channel a server
//! chose (`/akon settings season_channel`) on the first of the month: the
//! process that holds the server's lease posts it, and the podium is
//! recorded as settled (posted, given up, or with no one to name) so that
//! no process posts it again.

use super::{Lease, Result, Scope, SeasonBoard, Service};
use crate::calendar::Month;
use crate::posts::PodiumSettled;
use crate::store::{to_db, LeaseKind};

/// A podium this process is to post now, under its lease.
#[derive(Debug)]
pub struct PodiumDue {
    pub guild_id: u64,
    pub channel_id: u64,
    pub month: Month,
    /// The month's board; its top three are the podium.
    pub board: SeasonBoard,
    pub lease: Lease,
}

impl Service {
    /// The channel `guild_id`'s podiums go to, if it chose one.
    pub async fn season_channel(&self, guild_id: u64) -> Result<Option<u64>> {
        Ok(self.store.season_channel(guild_id).await?)
    }

    /// The podiums of the month just ended that this process is to post
    /// now: for each server that chose a channel before this month began
    /// and whose podium is not settled, if this process takes its lease.
    pub async fn podiums_due(&self) -> Result<Vec<PodiumDue>> {
        let this_month = Month::of(self.now());
        let month = this_month.previous();
        let mut due = Vec::new();
        for (guild_id, channel_id) in self.store.podiums_owed(month, this_month.start()).await? {
            let Some(lease) = self.lease_guard(LeaseKind::SeasonPodium, to_db(guild_id)).await? else {
                continue;
            };
            // Another process may have settled it between the list and the
            // lease.
            if self.store.podium_settled(guild_id, month).await? {
                continue;
            }
            let board = self.season_board(Scope::Server(guild_id), month, 0).await?;
            due.push(PodiumDue {
                guild_id,
                channel_id,
                month,
                board,
                lease,
            });
        }
        Ok(due)
    }

    /// A podium handed out by [`Service::podiums_due`] is settled: it is
    /// never owed again, and its lease is released.
    pub async fn podium_settled(&self, podium: PodiumDue, settled: PodiumSettled) -> Result<()> {
        self.store
            .settle_podium(podium.guild_id, podium.month, podium.channel_id, settled, self.now())
            .await?;
        podium.lease.release().await
    }
}
