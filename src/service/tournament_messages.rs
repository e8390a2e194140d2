//! Tournaments from a server's side: who may run them (Manage Server, or
//! the role the server names), which tournament a command means when it
//! names none, and the tournament's one message in its channel — owed
//! whenever the tournament changes, and posted once then edited under a
//! lease, as a game's board is (see `store::tournament_messages`).

use super::knockouts::BracketMatch;
use super::leases::Lease;
use super::tournaments::TournamentStanding;
use super::{
    delivery::Owing, Player, Result, RoundOpened, Service, ServiceError, TournamentError, TournamentRequest,
    TournamentStatus, TournamentView,
};
use crate::ai::Level;
use crate::store::LeaseKind;

/// Who asks, with what they may do in the server: the Manage Server
/// permission and their roles, as Discord gives them with the interaction.
#[derive(Debug, Clone, Copy)]
pub struct Member<'a> {
    pub player: &'a Player,
    pub manage_server: bool,
    pub roles: &'a [u64],
}

/// A tournament's message as it is owed now, handed out under the
/// tournament's lease: [`Service::tournament_message_shown`] or
/// [`Service::tournament_message_failed`] releases it, and so does
/// dropping it.
#[derive(Debug)]
pub struct TournamentMessage {
    pub view: TournamentView,
    /// Empty before the start.
    pub standings: Vec<TournamentStanding>,
    /// A knockout's matches so far (empty for the other formats).
    pub bracket: Vec<BracketMatch>,
    /// The message already posted (channel, message), to edit; `None`:
    /// to post.
    pub posted: Option<(u64, u64)>,
    /// When the tournament last changed (the service's clock).
    pub changed_at: i64,
    version: i64,
    lease: Lease,
}

/// How long a tournament's message waits after a failure before the next
/// attempt.
const RETRY_SECS: i64 = 15;

/// The game's place in a tournament, for its first board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentGame {
    pub tournament_id: i64,
    pub name: String,
    pub round: u32,
}

impl Service {
    /// Whether `member` may run tournaments in `guild_id`: with Manage
    /// Server, or with the role the server named for it.
    pub async fn may_organise(&self, guild_id: u64, member: &Member<'_>) -> Result<bool> {
        if member.manage_server {
            return Ok(true);
        }
        let role = self.store.tournament_role(guild_id).await?;
        Ok(role.is_some_and(|role| member.roles.contains(&role)))
    }

    /// Refuses unless `member` may run tournaments in `guild_id`.
    async fn check_organiser_rights(&self, guild_id: u64, member: &Member<'_>) -> Result<()> {
        if self.may_organise(guild_id, member).await? {
            return Ok(());
        }
        let role = self.store.tournament_role(guild_id).await?;
        Err(TournamentError::NeedsOrganiserRights { role }.into())
    }

    /// The role a server names for running tournaments.
    pub async fn tournament_role(&self, guild_id: u64) -> Result<Option<u64>> {
        Ok(self.store.tournament_role(guild_id).await?)
    }

    /// Creates a tournament, for a member who may run tournaments here.
    pub async fn create_tournament_as(
        &self,
        request: TournamentRequest<'_>,
        member: &Member<'_>,
    ) -> Result<TournamentView> {
        let guild_id = request.place.guild_id.ok_or(ServiceError::NotInAServer)?;
        self.check_organiser_rights(guild_id, member).await?;
        self.create_tournament(request).await
    }

    /// Refuses unless `member` created the tournament or may run
    /// tournaments in its server.
    async fn check_runs(&self, tournament_id: i64, member: &Member<'_>) -> Result<()> {
        let row = self.tournament_row(tournament_id).await?;
        if row.organiser_id == member.player.id || self.may_organise(row.guild_id, member).await? {
            Ok(())
        } else {
            Err(TournamentError::NotOrganiser.into())
        }
    }

    /// Starts a tournament, for its organiser or anyone who may run
    /// tournaments in its server.
    pub async fn start_tournament_as(&self, tournament_id: i64, member: &Member<'_>) -> Result<RoundOpened> {
        self.check_runs(tournament_id, member).await?;
        self.start(tournament_id, None).await
    }

    /// Cancels a tournament, likewise.
    pub async fn cancel_tournament_as(&self, tournament_id: i64, member: &Member<'_>) -> Result<TournamentView> {
        self.check_runs(tournament_id, member).await?;
        self.cancel(tournament_id, None).await
    }

    /// Adds the computer at `level` (`computer`: the bot's own user), likewise.
    pub async fn add_computer_as(
        &self,
        tournament_id: i64,
        member: &Member<'_>,
        computer: &Player,
        level: Level,
    ) -> Result<TournamentView> {
        self.check_runs(tournament_id, member).await?;
        self.add_computer(tournament_id, None, computer, level).await
    }

    /// The tournament a command means: `id` if given, else the one
    /// tournament taking entrants or running in `channel_id`.
    pub async fn tournament_meant(&self, id: Option<i64>, channel_id: u64) -> Result<i64> {
        if let Some(id) = id {
            self.tournament_row(id).await?;
            return Ok(id);
        }
        match self.store.open_tournaments_in(channel_id).await?.as_slice() {
            [] => Err(TournamentError::NoneHere.into()),
            [one] => Ok(*one),
            many => Err(TournamentError::Which(many.to_vec()).into()),
        }
    }

    /// The tournament and round of `game_id`, if it is a tournament game.
    pub async fn tournament_of_game(&self, game_id: i64) -> Result<Option<TournamentGame>> {
        Ok(self.store.tournament_of_game(game_id).await?.map(|row| TournamentGame {
            tournament_id: row.tournament_id,
            name: row.name,
            round: row.round as u32,
        }))
    }

    /// Up to `limit` tournaments whose message is owed, leaving out those
    /// waiting for a retry.
    pub async fn tournaments_owing_message(&self, limit: i64) -> Result<Vec<Owing>> {
        Ok(self
            .store
            .tournaments_owing_message(limit, self.now())
            .await?
            .into_iter()
            .map(Owing::from)
            .collect())
    }

    /// The message `tournament_id` owes, if any, under its lease; `None`
    /// too while another process is at it, or while it waits for a retry.
    pub async fn tournament_message(&self, tournament_id: i64) -> Result<Option<TournamentMessage>> {
        let owed = |row: &crate::store::TournamentMessageRow| {
            row.shown_version < row.message_version && row.message_retry_at <= self.now()
        };
        // A task of this process that finds the lease held leaves the
        // change it made to the holder, which reads again once it has shown
        // its version; so the holder must not let go while a change is owed.
        // Once more after finding it shown under the lease: a change made
        // between that read and the release was left to this task.
        let mut found = None;
        for _ in 0..2 {
            match self.store.tournament_message(tournament_id).await? {
                Some(row) if owed(&row) => {}
                _ => return Ok(None),
            }
            let Some(lease) = self.lease_guard(LeaseKind::TournamentMessage, tournament_id).await? else {
                return Ok(None);
            };
            // Read again under the lease: another process may have shown
            // it. The version is read before the tournament, so that what
            // is shown is at least as new as the version recorded for it.
            match self.store.tournament_message(tournament_id).await?.filter(owed) {
                Some(row) => {
                    found = Some((row, lease));
                    break;
                }
                None => lease.release().await?,
            }
        }
        let Some((row, lease)) = found else {
            return Ok(None);
        };
        let view = self.tournament(tournament_id).await?;
        let standings = match view.status {
            TournamentStatus::Created => Vec::new(),
            _ => self.tournament_standings(tournament_id).await?,
        };
        let bracket = self.knockout_bracket(tournament_id).await?;
        let changed_at = self
            .tournament_row(tournament_id)
            .await
            .map(|row| row.updated_at)
            .unwrap_or(0);
        Ok(Some(TournamentMessage {
            view,
            standings,
            bracket,
            posted: row.message_channel_id.zip(row.message_id),
            changed_at,
            version: row.message_version,
            lease,
        }))
    }

    /// `message` now shows in `(channel, message)`: kept as the
    /// tournament's message if it had none, and shown as of its version.
    pub async fn tournament_message_shown(&self, message: TournamentMessage, posted: (u64, u64)) -> Result<()> {
        let TournamentMessage {
            view, version, lease, ..
        } = message;
        self.store.tournament_message_shown(view.id, version, posted).await?;
        lease.release().await?;
        Ok(())
    }

    /// Showing `message` failed: tried again later, or, if it can never
    /// succeed (`permanent`: the channel is gone, the bot may not post
    /// there), given up until the tournament changes again. A message
    /// deleted in Discord (`lost`) is posted afresh.
    pub async fn tournament_message_failed(
        &self,
        message: TournamentMessage,
        permanent: bool,
        lost: bool,
    ) -> Result<()> {
        let TournamentMessage {
            view,
            version,
            lease,
            posted,
            ..
        } = message;
        match (lost, posted) {
            (true, Some((_, message_id))) => self.store.tournament_message_lost(view.id, message_id).await?,
            _ => {
                self.store
                    .tournament_message_failed(view.id, version, permanent, self.now() + RETRY_SECS)
                    .await?
            }
        }
        lease.release().await?;
        Ok(())
    }
}
