//! What one `/akon settings` writes, in one transaction: the player (as
//! last seen) and their preferences, and, for a server's admin, the
//! server's. Either all of it is stored or none.

use super::outage::Outage;
use super::{
    daily_puzzle_posts, game_threads, languages, leaderboard_settings, players, reminders, schedule, season_podiums,
    tournament_messages, web, Doing, LanguageOf, NewPlayer, Result, Store, Written,
};

/// A player's changes, as stored (`None`: unchanged). The player row and
/// their preferences' row are written whatever else changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SettingsWrite<'a> {
    pub player: NewPlayer<'a>,
    pub dm_reminders: Option<bool>,
    pub default_seconds_per_move: Option<i64>,
    /// How often they are reminded (`none`, `once`, `hour`, `daily`).
    pub reminders: Option<&'static str>,
    /// The language's code; `Some(None)`: follow Discord's again.
    pub language: Option<Option<&'static str>>,
    pub board_style: Option<&'static str>,
    pub server: Option<ServerSettingsWrite>,
}

/// A server's changes, as stored (`None`: unchanged).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ServerSettingsWrite {
    pub guild_id: u64,
    pub language: Option<Option<&'static str>>,
    pub board_style: Option<&'static str>,
    pub tournament_role: Option<u64>,
    pub web_game_pages: Option<bool>,
    pub web_leaderboard_page: Option<bool>,
    pub leaderboard_inactive_days: Option<i64>,
    pub season_channel: Option<u64>,
    pub daily_channel: Option<u64>,
    pub daily_hour: Option<u8>,
    pub daily_enabled: Option<bool>,
    pub game_threads: Option<bool>,
}

impl Store {
    /// Writes every change of `write` in one transaction. `Conflict` (and
    /// nothing written) if the server's puzzle of the day is changed while
    /// it has no channel, chosen before or now.
    pub async fn write_settings(&self, write: &SettingsWrite<'_>, now: i64) -> Result<Written> {
        let mut writer = self.writer().await?;
        let mut tx = writer
            .begin_write(self.backend)
            .await
            .doing(&self.outage, "starting to change settings")?;
        let user = LanguageOf::User(write.player.user_id);
        players::upsert_player(&self.outage, &mut tx, &write.player, now).await?;
        if let Some(language) = write.language {
            languages::save_language(&self.outage, &mut tx, user, language).await?;
        }
        if let Some(style) = write.board_style {
            languages::save_board_style(&self.outage, &mut tx, user, style, write.player.user_id).await?;
        }
        let (dm, seconds) = (write.dm_reminders, write.default_seconds_per_move);
        schedule::change_player_settings(&self.outage, &mut tx, write.player.user_id, dm, seconds).await?;
        if let Some(pace) = write.reminders {
            reminders::change_reminder_pace(&self.outage, &mut tx, write.player.user_id, pace).await?;
        }
        if let Some(server) = &write.server {
            if write_server(&self.outage, &mut tx, server, write.player.user_id, now).await? == Written::Conflict {
                tx.rollback()
                    .await
                    .doing(&self.outage, "giving up a change of settings")?;
                return Ok(Written::Conflict);
            }
        }
        tx.commit()
            .await
            .doing(&self.outage, "committing a change of settings")?;
        drop(writer);
        self.forget_player(write.player.user_id);
        self.forget_language(user);
        if let Some(server) = &write.server {
            self.forget_language(LanguageOf::Guild(server.guild_id));
        }
        Ok(Written::Yes)
    }
}

/// The server's changes, in `tx`; `set_by` is who made them.
async fn write_server(
    outage: &Outage,
    tx: &mut sqlx::AnyConnection,
    server: &ServerSettingsWrite,
    set_by: u64,
    now: i64,
) -> Result<Written> {
    let guild = server.guild_id;
    if let Some(role) = server.tournament_role {
        tournament_messages::set_tournament_role(outage, tx, guild, role).await?;
    }
    if let Some(channel) = server.season_channel {
        season_podiums::set_season_channel(outage, tx, guild, channel, now).await?;
    }
    if server.web_game_pages.is_some() || server.web_leaderboard_page.is_some() {
        web::set_web_settings(
            outage,
            tx,
            guild,
            server.web_game_pages,
            server.web_leaderboard_page,
            now,
        )
        .await?;
    }
    if let Some(days) = server.leaderboard_inactive_days {
        leaderboard_settings::set_leaderboard_inactive_days(outage, tx, guild, days, now).await?;
    }
    if let Some(language) = server.language {
        languages::save_language(outage, tx, LanguageOf::Guild(guild), language).await?;
    }
    if let Some(style) = server.board_style {
        languages::save_board_style(outage, tx, LanguageOf::Guild(guild), style, set_by).await?;
    }
    if let Some(channel) = server.daily_channel {
        daily_puzzle_posts::set_daily_channel(outage, tx, guild, channel, now).await?;
    }
    if let Some(enabled) = server.game_threads {
        game_threads::set_game_threads(outage, tx, guild, enabled, now).await?;
    }
    if server.daily_hour.is_some() || server.daily_enabled.is_some() {
        let (hour, enabled) = (server.daily_hour, server.daily_enabled);
        if !daily_puzzle_posts::change_daily_setting(outage, tx, guild, hour, enabled, now).await? {
            return Ok(Written::Conflict);
        }
    }
    Ok(Written::Yes)
}
