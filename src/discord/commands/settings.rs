//! `/akon settings …`: the channels chosen for the bot's posts looked at on
//! Discord, then one change by the service (which decides who may change
//! what, and changes everything or nothing), then every setting shown,
//! privately.

use serenity::all::{ChannelId, CommandInteraction};

use super::super::asker::Asker;
use super::super::posting::RequestFailure;
use super::super::render;
use super::super::{manages_server, Answered, Bot, Call};
use super::declare::{subcommand, Opt, Optional};
use super::kinds::{
    BoardStyles, ChannelKind, Days, Flag, HourOfDay, Languages, OneOf, Paces, Pair, RoleKind, Times, ON_OFF,
};
use super::shared::time_per_move;
use crate::i18n::Language;
use crate::service::{
    Actor, BoardStyle, InactiveDays, ReminderPace, ServerSettingsChanges, SettingsChanges, TimePerMove,
};
use crate::tr;

const DM_REMINDERS: Opt<Flag, Optional> = Opt {
    name: "dm_reminders",
    name_key: "cmd-dm-reminders-name",
    description_key: "cmd-dm-reminders-desc",
    kind: Flag,
    presence: Optional,
};
const REMINDERS: Opt<OneOf<Paces>, Optional> = Opt {
    name: "reminders",
    name_key: "cmd-reminders-name",
    description_key: "cmd-reminders-desc",
    kind: OneOf(Paces),
    presence: Optional,
};
const TIME: Opt<OneOf<Times>, Optional> = time_per_move("cmd-settings-time-desc");
const LANGUAGE: Opt<OneOf<Languages>, Optional> = Opt {
    name: "language",
    name_key: "cmd-language-name",
    description_key: "cmd-language-desc",
    kind: OneOf(Languages),
    presence: Optional,
};
const SERVER_LANGUAGE: Opt<OneOf<Languages>, Optional> = Opt {
    name: "server_language",
    name_key: "cmd-server-language-name",
    description_key: "cmd-server-language-desc",
    kind: OneOf(Languages),
    presence: Optional,
};
const TOURNAMENT_ROLE: Opt<RoleKind, Optional> = Opt {
    name: "tournament_role",
    name_key: "cmd-tournament-role-name",
    description_key: "cmd-tournament-role-desc",
    kind: RoleKind,
    presence: Optional,
};
const BOARD_STYLE: Opt<OneOf<BoardStyles>, Optional> = Opt {
    name: "board_style",
    name_key: "cmd-board-style-name",
    description_key: "cmd-board-style-desc",
    kind: OneOf(BoardStyles),
    presence: Optional,
};
const SERVER_BOARD_STYLE: Opt<OneOf<BoardStyles>, Optional> = Opt {
    name: "server_board_style",
    name_key: "cmd-server-board-style-name",
    description_key: "cmd-server-board-style-desc",
    kind: OneOf(BoardStyles),
    presence: Optional,
};
const WEB_GAMES: Opt<OneOf<Pair>, Optional> = Opt {
    name: "web_games",
    name_key: "cmd-web-games-name",
    description_key: "cmd-web-games-desc",
    kind: OneOf(ON_OFF),
    presence: Optional,
};
const WEB_LEADERBOARD: Opt<OneOf<Pair>, Optional> = Opt {
    name: "web_leaderboard",
    name_key: "cmd-web-leaderboard-name",
    description_key: "cmd-web-leaderboard-desc",
    kind: OneOf(ON_OFF),
    presence: Optional,
};
const LEADERBOARD_INACTIVE_DAYS: Opt<Days, Optional> = Opt {
    name: "leaderboard_inactive_days",
    name_key: "cmd-leaderboard-inactive-days-name",
    description_key: "cmd-leaderboard-inactive-days-desc",
    kind: Days,
    presence: Optional,
};
const SEASON_CHANNEL: Opt<ChannelKind, Optional> = Opt {
    name: "season_channel",
    name_key: "cmd-season-channel-name",
    description_key: "cmd-season-channel-desc",
    kind: ChannelKind,
    presence: Optional,
};
const DAILY_PUZZLE_CHANNEL: Opt<ChannelKind, Optional> = Opt {
    name: "daily_puzzle_channel",
    name_key: "cmd-daily-puzzle-channel-name",
    description_key: "cmd-daily-puzzle-channel-desc",
    kind: ChannelKind,
    presence: Optional,
};
const DAILY_PUZZLE_HOUR: Opt<HourOfDay, Optional> = Opt {
    name: "daily_puzzle_hour",
    name_key: "cmd-daily-puzzle-hour-name",
    description_key: "cmd-daily-puzzle-hour-desc",
    kind: HourOfDay,
    presence: Optional,
};
const DAILY_PUZZLE: Opt<OneOf<Pair>, Optional> = Opt {
    name: "daily_puzzle",
    name_key: "cmd-daily-puzzle-name",
    description_key: "cmd-daily-puzzle-desc",
    kind: OneOf(ON_OFF),
    presence: Optional,
};

const GAME_THREADS: Opt<OneOf<Pair>, Optional> = Opt {
    name: "game_threads",
    name_key: "cmd-game-threads-name",
    description_key: "cmd-game-threads-desc",
    kind: OneOf(ON_OFF),
    presence: Optional,
};

subcommand! {
    pub struct Settings = "settings" ("cmd-settings-name", "cmd-settings-desc") {
        dm_reminders: Option<bool> = DM_REMINDERS,
        /// How often the player is reminded of a move.
        reminders: Option<ReminderPace> = REMINDERS,
        time: Option<TimePerMove> = TIME,
        /// The player's language; `Some(None)`: follow Discord's again.
        language: Option<Option<Language>> = LANGUAGE,
        /// The server's language, likewise.
        server_language: Option<Option<Language>> = SERVER_LANGUAGE,
        /// The role that may run tournaments in the server.
        tournament_role: Option<u64> = TOURNAMENT_ROLE,
        /// How the boards the player alone sees are shown.
        board_style: Option<BoardStyle> = BOARD_STYLE,
        /// How the server's boards are shown.
        server_board_style: Option<BoardStyle> = SERVER_BOARD_STYLE,
        /// Whether the server's games and its leaderboard are shown on the
        /// web pages (Manage Server).
        web_games: Option<bool> = WEB_GAMES,
        web_leaderboard: Option<bool> = WEB_LEADERBOARD,
        /// Days without a rated game that leave a player off the server's
        /// leaderboard (Manage Server).
        leaderboard_inactive_days: Option<InactiveDays> = LEADERBOARD_INACTIVE_DAYS,
        /// Where the server's month podium is posted (Manage Server).
        season_channel: Option<u64> = SEASON_CHANNEL,
        /// The server's puzzle of the day (Manage Server): its channel
        /// (which turns it on), the hour it is posted at (UTC), on or off.
        daily_puzzle_channel: Option<u64> = DAILY_PUZZLE_CHANNEL,
        daily_puzzle_hour: Option<u8> = DAILY_PUZZLE_HOUR,
        daily_puzzle: Option<bool> = DAILY_PUZZLE,
        /// A thread per game (Manage Server).
        game_threads: Option<bool> = GAME_THREADS,
    }
}

impl Settings {
    /// The change asked for, as the service takes it.
    fn changes(&self) -> SettingsChanges {
        SettingsChanges {
            dm_reminders: self.dm_reminders,
            time_per_move: self.time,
            reminders: self.reminders,
            language: self.language,
            board_style: self.board_style,
            server: ServerSettingsChanges {
                language: self.server_language,
                board_style: self.server_board_style,
                tournament_role: self.tournament_role,
                web_games: self.web_games,
                web_leaderboard: self.web_leaderboard,
                leaderboard_inactive_days: self.leaderboard_inactive_days,
                season_channel: self.season_channel,
                daily_puzzle_channel: self.daily_puzzle_channel,
                daily_puzzle_hour: self.daily_puzzle_hour,
                daily_puzzle_enabled: self.daily_puzzle,
                game_threads: self.game_threads,
            },
        }
    }

    pub(in crate::discord) async fn run(self, bot: &Bot, call: Call<'_, CommandInteraction>) -> Answered {
        let (ctx, command, mine) = (call.ctx, call.interaction, call.languages.private);
        let changes = self.changes();
        let actor = Actor {
            user: call.user,
            place: call.place,
            manages_server: manages_server(command),
        };
        if let Err(refusal) = chosen_channels_seen(bot, call, &changes.server, actor).await {
            return refusal;
        }
        let view = match bot.service.change_settings(&changes, actor).await {
            Ok(view) => view,
            Err(error) => return bot.refuse(ctx, Asker::Command(command), mine, &error, "settings").await,
        };
        if changes.server.board_style.is_some() {
            // Whoever chose is to be told if a channel refuses the
            // pictures, even one that refused them before.
            bot.refused_channels.forget_all();
        }
        // The answer speaks the language just chosen (or, when the player
        // goes back to Discord's, their Discord's).
        let language = match (view.language.chosen, changes.language) {
            (true, _) => view.language.language,
            (false, Some(None)) => Language::from_discord_locale(&command.locale),
            (false, _) => mine,
        };
        let inactive_days_changed = changes.server.leaderboard_inactive_days.is_some();
        let text = render::settings(language, &view, bot.web.is_some(), inactive_days_changed);
        bot.private(ctx, command, &text).await
    }
}

/// The refusal of a channel the bot cannot see, naming it.
type Unseen = fn(Language, String) -> String;

/// Before a server's admin chooses channels for the bot's posts: `Err`
/// (the refusal, answered) if the bot cannot see one. Only an admin's
/// choice in a server is looked at; the service refuses the others.
async fn chosen_channels_seen(
    bot: &Bot,
    call: Call<'_, CommandInteraction>,
    server: &ServerSettingsChanges,
    actor: Actor<'_>,
) -> Result<(), Answered> {
    if actor.place.guild_id.is_none() || !actor.manages_server {
        return Ok(());
    }
    let chosen: [(Option<u64>, Unseen); 2] = [
        (server.season_channel, |l, channel| {
            tr!(l, "refusal-season-channel-unseen", channel = channel)
        }),
        (server.daily_puzzle_channel, |l, channel| {
            tr!(l, "refusal-daily-channel-unseen", channel = channel)
        }),
    ];
    for (channel, unseen) in chosen {
        let Some(channel) = channel else { continue };
        let Err(error) = call.ctx.http.get_channel(ChannelId::new(channel)).await else {
            continue;
        };
        if RequestFailure::of(&error).is_for_good() {
            crate::telemetry::interaction_outcome(crate::telemetry::Outcome::Refused);
            let text = unseen(call.languages.private, format!("<#{channel}>"));
            return Err(bot.private(call.ctx, call.interaction, &text).await);
        }
        tracing::warn!(%error, channel, "could not look at a chosen channel; choosing it anyway");
    }
    Ok(())
}
