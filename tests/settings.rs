//! `/akon settings` as one change, on the service and the store over both
//! backends: who may change what is checked before anything is written, a
//! refusal or a failing last write leaves every setting as it was, and an
//! allowed change is stored whole.

use std::sync::Arc;

use akon::i18n::Language;
use akon::service::{
    Actor, BoardStyle, InactiveDays, Place, Player, ReminderPace, ServerSettingsChanges, Service, ServiceConfig,
    ServiceError, SettingsChanges, SettingsView, TimePerMove,
};
use akon::store::{NewPlayer, PlayerRow, ServerSettingsWrite, SettingsWrite, Store, Written};

use crate::support::service_fixture::{fixture, place, player, Fixture, ADMIN, CHANNEL, GUILD};

const ADA: u64 = 1;
const ROLE: u64 = 950_000_000_000_000_001;
const SEASON_CHANNEL: u64 = 940_000_000_000_000_001;
const DAILY_CHANNEL: u64 = 940_000_000_000_000_002;

/// `user` asking in `guild` (`None`: a direct message), with Manage Server
/// there or not.
fn actor(user: &Player, guild: Option<u64>, manages_server: bool) -> Actor<'_> {
    let place = match guild {
        Some(guild) => place(guild),
        None => Place {
            guild_id: None,
            channel_id: CHANNEL,
            venue: akon::venue::Venue::BotDm,
        },
    };
    Actor {
        user,
        place,
        manages_server,
    }
}

/// A player's changes to every one of their own settings.
fn all_of_the_players() -> SettingsChanges {
    SettingsChanges {
        dm_reminders: Some(true),
        time_per_move: Some(TimePerMove::OneHour),
        reminders: Some(ReminderPace::Daily),
        language: Some(Some(Language::Spanish)),
        board_style: Some(BoardStyle::Both),
        server: ServerSettingsChanges::default(),
    }
}

/// Changes to every setting of the server but its puzzle of the day.
fn the_servers_but_the_daily_puzzle() -> ServerSettingsChanges {
    ServerSettingsChanges {
        language: Some(Some(Language::French)),
        board_style: Some(BoardStyle::Picture),
        tournament_role: Some(ROLE),
        web_games: Some(false),
        web_leaderboard: Some(true),
        leaderboard_inactive_days: InactiveDays::new(30),
        season_channel: Some(SEASON_CHANNEL),
        game_threads: Some(true),
        ..ServerSettingsChanges::default()
    }
}

/// Everything stored of `user`'s settings and [`GUILD`]'s, read by another
/// process on the same database (no cache of the one that wrote).
#[derive(Debug, PartialEq)]
struct Stored {
    settings: SettingsView,
    tournament_role: Option<u64>,
    player: Option<PlayerRow>,
}

async fn stored(f: &Fixture, user: u64) -> Stored {
    let store = Store::open(&f.db.url).await.unwrap();
    let service = Service::new(store.clone(), ServiceConfig::default(), Arc::new(f.clock.clone()));
    Stored {
        settings: service.settings_of(user, Some(GUILD)).await.unwrap(),
        tournament_role: service.tournament_role(GUILD).await.unwrap(),
        player: store.player(user).await.unwrap(),
    }
}

/// Settings that are not all the defaults, so that "unchanged" is seen.
async fn some_settings_chosen_before(f: &Fixture) {
    let admin = player(ADMIN, "admin");
    let changes = SettingsChanges {
        dm_reminders: Some(false),
        server: ServerSettingsChanges {
            language: Some(Some(Language::Spanish)),
            web_games: Some(true),
            ..ServerSettingsChanges::default()
        },
        ..SettingsChanges::default()
    };
    f.service
        .change_settings(&changes, actor(&admin, Some(GUILD), true))
        .await
        .unwrap();
    let ada = player(ADA, "ada");
    let changes = SettingsChanges {
        language: Some(Some(Language::French)),
        ..SettingsChanges::default()
    };
    f.service
        .change_settings(&changes, actor(&ada, Some(GUILD), false))
        .await
        .unwrap();
}

on_both_backends!(#[tokio::test] fn a_servers_change_the_player_may_not_make_leaves_their_own_changes_unmade);
async fn a_servers_change_the_player_may_not_make_leaves_their_own_changes_unmade() {
    let f = fixture().await;
    some_settings_chosen_before(&f).await;
    let before = stored(&f, ADA).await;
    let ada = player(ADA, "ada renamed");
    let refusals = [
        (
            ServerSettingsChanges {
                web_leaderboard: Some(true),
                ..ServerSettingsChanges::default()
            },
            Some(GUILD),
            "NeedsManageServer",
        ),
        (
            ServerSettingsChanges {
                tournament_role: Some(ROLE),
                language: Some(None),
                ..ServerSettingsChanges::default()
            },
            Some(GUILD),
            "TournamentRoleNeedsManageServer",
        ),
        (
            ServerSettingsChanges {
                daily_puzzle_channel: Some(DAILY_CHANNEL),
                ..ServerSettingsChanges::default()
            },
            None,
            "NotInAServer",
        ),
    ];
    for (server, guild, expected) in refusals {
        let changes = SettingsChanges {
            server,
            ..all_of_the_players()
        };
        let refused = f.service.change_settings(&changes, actor(&ada, guild, false)).await;
        assert_eq!(format!("{refused:?}"), format!("Err({expected})"));
        assert_eq!(stored(&f, ADA).await, before, "refused with {expected}, yet changed");
    }

    // The same changes of her own alone are hers to make, all of them.
    let view = f
        .service
        .change_settings(&all_of_the_players(), actor(&ada, Some(GUILD), false))
        .await
        .unwrap();
    let after = stored(&f, ADA).await;
    assert_eq!(after.settings, view);
    assert!(after.settings.player.dm_reminders);
    assert_eq!(after.settings.player.default_time_per_move, Some(TimePerMove::OneHour));
    assert_eq!(after.settings.player.reminders, ReminderPace::Daily);
    assert_eq!(after.settings.language.language, Language::Spanish);
    assert_eq!(after.settings.board_style, BoardStyle::Both);
    assert_eq!(after.player.unwrap().name, "ada renamed");
    assert_eq!(
        after.settings.server, before.settings.server,
        "the server's are untouched"
    );
}

on_both_backends!(#[tokio::test] fn a_change_whose_last_part_is_refused_changes_nothing);
async fn a_change_whose_last_part_is_refused_changes_nothing() {
    let f = fixture().await;
    some_settings_chosen_before(&f).await;
    let before = stored(&f, ADMIN).await;
    // The admin may change all of it, but the puzzle of the day's hour
    // needs a channel, which the server never chose.
    let changes = SettingsChanges {
        server: ServerSettingsChanges {
            daily_puzzle_hour: Some(9),
            ..the_servers_but_the_daily_puzzle()
        },
        ..all_of_the_players()
    };
    let admin = player(ADMIN, "admin renamed");
    let refused = f
        .service
        .change_settings(&changes, actor(&admin, Some(GUILD), true))
        .await;
    assert!(
        matches!(refused, Err(ServiceError::DailyPuzzleNoChannel)),
        "{refused:?}"
    );
    assert_eq!(stored(&f, ADMIN).await, before);
}

on_both_backends!(#[tokio::test] fn the_store_undoes_every_write_of_a_change_when_its_last_one_fails);
async fn the_store_undoes_every_write_of_a_change_when_its_last_one_fails() {
    let f = fixture().await;
    some_settings_chosen_before(&f).await;
    let before = stored(&f, ADMIN).await;
    // Written last, after every other change: the player, their settings
    // and the server's are written before it fails.
    let server = ServerSettingsWrite {
        guild_id: GUILD,
        language: Some(Some("fr")),
        board_style: Some("picture"),
        tournament_role: Some(ROLE),
        web_game_pages: Some(false),
        web_leaderboard_page: Some(true),
        leaderboard_inactive_days: Some(30),
        season_channel: Some(SEASON_CHANNEL),
        daily_channel: None,
        daily_hour: Some(9),
        daily_enabled: None,
        game_threads: Some(true),
    };
    let write = SettingsWrite {
        player: NewPlayer {
            user_id: ADMIN,
            name: "admin renamed",
            is_bot: false,
        },
        dm_reminders: Some(true),
        default_seconds_per_move: Some(3600),
        reminders: Some("daily"),
        language: Some(Some("es")),
        board_style: Some("both"),
        server: Some(server),
    };
    assert_eq!(
        f.store.write_settings(&write, f.service.now()).await.unwrap(),
        Written::Conflict
    );
    assert_eq!(stored(&f, ADMIN).await, before);
    // The writing process's own caches say so too.
    assert_eq!(
        f.service.settings_of(ADMIN, Some(GUILD)).await.unwrap(),
        before.settings
    );
}

on_both_backends!(#[tokio::test] fn an_allowed_change_is_made_whole);
async fn an_allowed_change_is_made_whole() {
    let f = fixture().await;
    some_settings_chosen_before(&f).await;
    let changes = SettingsChanges {
        server: ServerSettingsChanges {
            daily_puzzle_channel: Some(DAILY_CHANNEL),
            daily_puzzle_hour: Some(9),
            daily_puzzle_enabled: Some(false),
            ..the_servers_but_the_daily_puzzle()
        },
        ..all_of_the_players()
    };
    let admin = player(ADMIN, "admin renamed");
    let view = f
        .service
        .change_settings(&changes, actor(&admin, Some(GUILD), true))
        .await
        .unwrap();
    let after = stored(&f, ADMIN).await;
    assert_eq!(after.settings, view, "the answer shows what is stored");
    assert_eq!(after.player.unwrap().name, "admin renamed");
    assert_eq!(after.tournament_role, Some(ROLE));
    let mine = &after.settings;
    assert!(mine.player.dm_reminders);
    assert_eq!(mine.player.default_time_per_move, Some(TimePerMove::OneHour));
    assert_eq!(mine.player.reminders, ReminderPace::Daily);
    assert!(mine.language.chosen && mine.language.language == Language::Spanish);
    assert_eq!(mine.board_style, BoardStyle::Both);
    let server = mine.server.as_ref().unwrap();
    assert!(server.language.chosen && server.language.language == Language::French);
    assert_eq!(server.board_style, BoardStyle::Picture);
    assert!(!server.web.game_pages && server.web.leaderboard_page);
    assert_eq!(server.leaderboard_inactive_days, InactiveDays::new(30).unwrap());
    assert!(server.game_threads);
    assert_eq!(server.season_channel, Some(SEASON_CHANNEL));
    let daily = server.daily_puzzle.unwrap();
    assert_eq!((daily.channel_id, daily.hour, daily.enabled), (DAILY_CHANNEL, 9, false));
    // Who chose pictures is the one told if a channel refuses them.
    assert_eq!(f.service.pictures_refused(GUILD).await.unwrap(), Some(ADMIN));
}
