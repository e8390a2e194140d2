//! `/akon settings`: a player's preferences and, for whoever may manage the
//! server, the server's, checked first and changed together in one
//! transaction, or not at all.

use super::{
    input, BoardStyle, DailySetting, InactiveDays, LanguageSetting, Place, Player, ReminderPace, Result, Service,
    ServiceError, Settings, TimePerMove, WebSettings,
};
use crate::i18n::Language;
use crate::store::{NewPlayer, ServerSettingsWrite, SettingsWrite, Written};

/// Who changes settings, where, and what Discord says they may do there.
#[derive(Debug, Clone, Copy)]
pub struct Actor<'a> {
    pub user: &'a Player,
    pub place: Place,
    /// Whether they have the Manage Server permission in `place`'s server.
    pub manages_server: bool,
}

/// What a player asks to change (`None`: unchanged).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SettingsChanges {
    /// Reminders by direct message rather than in the channel.
    pub dm_reminders: Option<bool>,
    /// The time per move of the challenges they send.
    pub time_per_move: Option<TimePerMove>,
    /// How often they are reminded of a move they owe.
    pub reminders: Option<ReminderPace>,
    /// Their language; `Some(None)`: follow Discord's again.
    pub language: Option<Option<Language>>,
    /// How the boards they alone see are shown.
    pub board_style: Option<BoardStyle>,
    /// The server's settings, which need Manage Server.
    pub server: ServerSettingsChanges,
}

/// What a player asks to change of the server they are in (`None`:
/// unchanged): each needs Manage Server.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ServerSettingsChanges {
    /// The server's language; `Some(None)`: follow the server's Discord
    /// locale again.
    pub language: Option<Option<Language>>,
    pub board_style: Option<BoardStyle>,
    /// The role that may run tournaments besides Manage Server.
    pub tournament_role: Option<u64>,
    /// Whether its games and tournaments have web pages.
    pub web_games: Option<bool>,
    /// Whether its leaderboard has a web page.
    pub web_leaderboard: Option<bool>,
    pub leaderboard_inactive_days: Option<InactiveDays>,
    /// Where the month's podium is posted.
    pub season_channel: Option<u64>,
    /// Where the puzzle of the day is posted (which turns it on).
    pub daily_puzzle_channel: Option<u64>,
    /// The hour (UTC) the puzzle of the day is posted at.
    pub daily_puzzle_hour: Option<u8>,
    /// The puzzle of the day on or off.
    pub daily_puzzle_enabled: Option<bool>,
    /// A thread per game on or off.
    pub game_threads: Option<bool>,
}

impl ServerSettingsChanges {
    /// Whether anything of the server is to change.
    pub fn any(&self) -> bool {
        *self != ServerSettingsChanges::default()
    }

    /// Whether the puzzle of the day's hour or state changes, which needs
    /// a channel chosen (before, or in the same change).
    fn changes_daily_puzzle(&self) -> bool {
        self.daily_puzzle_hour.is_some() || self.daily_puzzle_enabled.is_some()
    }
}

/// Every setting of a player, and of the server they are in, as stored
/// once the change is made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SettingsView {
    pub player: Settings,
    pub language: LanguageSetting,
    pub board_style: BoardStyle,
    /// The server's, outside direct messages.
    pub server: Option<ServerSettingsView>,
}

/// A server's settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServerSettingsView {
    pub language: LanguageSetting,
    pub board_style: BoardStyle,
    pub web: WebSettings,
    pub leaderboard_inactive_days: InactiveDays,
    pub season_channel: Option<u64>,
    /// The puzzle of the day, once a channel was chosen for it.
    pub daily_puzzle: Option<DailySetting>,
    /// Whether each game gets a thread.
    pub game_threads: bool,
}

impl Service {
    /// Makes every change of `changes` for `actor`, all or none: refused
    /// (nothing changed) if a server's setting is asked outside a server or
    /// without Manage Server, or if the puzzle of the day is changed before
    /// it has a channel. Returns every setting as stored after.
    pub async fn change_settings(&self, changes: &SettingsChanges, actor: Actor<'_>) -> Result<SettingsView> {
        let server = match changes.server.any() {
            true => Some(self.server_write(&changes.server, actor).await?),
            false => None,
        };
        let name = input::name(&actor.user.name);
        let write = SettingsWrite {
            player: NewPlayer {
                user_id: actor.user.id,
                name: &name,
                is_bot: actor.user.is_bot,
            },
            dm_reminders: changes.dm_reminders,
            default_seconds_per_move: changes.time_per_move.map(TimePerMove::seconds),
            reminders: changes.reminders.map(ReminderPace::code),
            language: changes.language.map(|language| language.map(Language::code)),
            board_style: changes.board_style.map(BoardStyle::code),
            server,
        };
        match self.store.write_settings(&write, self.now()).await? {
            Written::Yes => self.settings_of(actor.user.id, actor.place.guild_id).await,
            // The channel went between the check and the write.
            Written::Conflict => Err(ServiceError::DailyPuzzleNoChannel),
        }
    }

    /// The server's changes as stored, once `actor` may make them and they
    /// can be made.
    async fn server_write(&self, changes: &ServerSettingsChanges, actor: Actor<'_>) -> Result<ServerSettingsWrite> {
        let guild_id = actor.place.guild_id.ok_or(ServiceError::NotInAServer)?;
        if !actor.manages_server {
            // Naming the tournament role has its own refusal, as the first
            // change looked at.
            return Err(match changes.tournament_role {
                Some(_) => ServiceError::TournamentRoleNeedsManageServer,
                None => ServiceError::NeedsManageServer,
            });
        }
        if changes.changes_daily_puzzle()
            && changes.daily_puzzle_channel.is_none()
            && self.store.daily_setting(guild_id).await?.is_none()
        {
            return Err(ServiceError::DailyPuzzleNoChannel);
        }
        Ok(ServerSettingsWrite {
            guild_id,
            language: changes.language.map(|language| language.map(Language::code)),
            board_style: changes.board_style.map(BoardStyle::code),
            tournament_role: changes.tournament_role,
            web_game_pages: changes.web_games,
            web_leaderboard_page: changes.web_leaderboard,
            leaderboard_inactive_days: changes.leaderboard_inactive_days.map(InactiveDays::days),
            season_channel: changes.season_channel,
            daily_channel: changes.daily_puzzle_channel,
            daily_hour: changes.daily_puzzle_hour,
            daily_enabled: changes.daily_puzzle_enabled,
            game_threads: changes.game_threads,
        })
    }

    /// Every setting of `user_id`, and of `guild_id`'s server if given.
    pub async fn settings_of(&self, user_id: u64, guild_id: Option<u64>) -> Result<SettingsView> {
        let server = match guild_id {
            Some(guild_id) => Some(ServerSettingsView {
                language: self.server_language_setting(guild_id).await?,
                board_style: self.server_board_style(guild_id).await?,
                web: self.web_settings(guild_id).await?,
                leaderboard_inactive_days: self.leaderboard_inactive_days(guild_id).await?,
                season_channel: self.season_channel(guild_id).await?,
                daily_puzzle: self.daily_setting(guild_id).await?,
                game_threads: self.game_threads(guild_id).await?,
            }),
            None => None,
        };
        Ok(SettingsView {
            player: self.settings(user_id).await?,
            language: self.user_language_setting(user_id).await?,
            board_style: self.user_board_style(user_id).await?,
            server,
        })
    }
}
