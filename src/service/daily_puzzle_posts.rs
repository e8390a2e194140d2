//! Each server's puzzle of the day, posted once in its channel at its hour
//! and then edited with its counts: the process that takes the server's
//! lease does the work, and the day's post is recorded as settled (posted,
//! given up, or left out for want of a puzzle) so that no process posts it
//! again; a message is edited while the answers it shows lag behind.

use std::collections::HashSet;

use super::{DailyPuzzleView, DailyTally, Lease, Result, Service};
use crate::calendar::Day;
use crate::posts::{DailyPost, DailyPostSettled};
use crate::store::LeaseKind;

/// A day's post this process is to make now, under the server's lease.
#[derive(Debug)]
pub struct DailyPostDue {
    pub guild_id: u64,
    pub channel_id: u64,
    pub daily: DailyPuzzleView,
    pub tally: DailyTally,
    pub lease: Lease,
}

/// A posted message this process is to edit now, under the server's lease.
#[derive(Debug)]
pub struct DailyEditDue {
    pub post: DailyPost,
    pub daily: DailyPuzzleView,
    pub tally: DailyTally,
    pub lease: Lease,
}

impl Service {
    /// Today's posts that fell to this process: for each server whose hour
    /// came and whose post is not settled, if this process takes its
    /// lease. With no puzzle kept, the day's posts are settled as left out
    /// (one log line) and none is handed out.
    pub async fn daily_posts_due(&self) -> Result<Vec<DailyPostDue>> {
        let today = Day::of(self.now());
        let owed = self.store.daily_posts_owed(today, self.now()).await?;
        if owed.is_empty() {
            return Ok(Vec::new());
        }
        let daily = self.daily_puzzle(today).await?;
        let mut due = Vec::new();
        let mut left_out = 0;
        for (guild_id, channel_id) in owed {
            let Some(lease) = self
                .lease_guard(LeaseKind::DailyPuzzle, crate::store::to_db(guild_id))
                .await?
            else {
                continue;
            };
            // Another process may have settled it between the list and the
            // lease.
            if self.store.daily_post_settled(guild_id, today).await? {
                continue;
            }
            let Some(daily) = daily.clone() else {
                let key = (guild_id, today, channel_id);
                self.store
                    .settle_daily_post(key, DailyPostSettled::NoPuzzle, self.now())
                    .await?;
                lease.release().await?;
                left_out += 1;
                continue;
            };
            let tally = self.daily_tally(guild_id, today).await?;
            due.push(DailyPostDue {
                guild_id,
                channel_id,
                daily,
                tally,
                lease,
            });
        }
        if left_out > 0 {
            tracing::warn!(servers = left_out, date = %today.date(), "no puzzle is kept yet: no puzzle of the day today");
        }
        Ok(due)
    }

    /// A post handed out by [`Service::daily_posts_due`] is settled: never
    /// owed again, and its lease released.
    pub async fn daily_post_settled(&self, due: DailyPostDue, settled: DailyPostSettled) -> Result<()> {
        let key = (due.guild_id, due.daily.day, due.channel_id);
        self.store.settle_daily_post(key, settled, self.now()).await?;
        due.lease.release().await
    }

    /// The messages of today and yesterday whose counts lag behind, one per
    /// server (the newest), that fell to this process.
    pub async fn daily_edits_due(&self) -> Result<Vec<DailyEditDue>> {
        let today = Day::of(self.now());
        let mut lagging = self.store.daily_posts_lagging(today.previous()).await?;
        // Newest first, so that a server's newest message is the one kept.
        lagging.sort_by_key(|post| (post.guild_id, std::cmp::Reverse(post.day)));
        let mut servers = HashSet::new();
        let mut due = Vec::new();
        for post in lagging {
            if !servers.insert(post.guild_id) {
                continue;
            }
            let Some(lease) = self
                .lease_guard(LeaseKind::DailyPuzzle, crate::store::to_db(post.guild_id))
                .await?
            else {
                continue;
            };
            let Some(daily) = self.daily_puzzle(post.day).await? else {
                continue;
            };
            let tally = self.daily_tally(post.guild_id, post.day).await?;
            due.push(DailyEditDue {
                post,
                daily,
                tally,
                lease,
            });
        }
        Ok(due)
    }

    /// A message handed out by [`Service::daily_edits_due`] now shows its
    /// tally, or (`edited: false`) can no longer be edited.
    pub async fn daily_edit_done(&self, edit: DailyEditDue, edited: bool) -> Result<()> {
        let (guild, day) = (edit.post.guild_id, edit.post.day);
        match edited {
            true => self.store.daily_answers_shown(guild, day, edit.tally.answered).await?,
            false => self.store.daily_post_gone(guild, day).await?,
        }
        edit.lease.release().await
    }
}
