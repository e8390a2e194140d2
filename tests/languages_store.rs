//! The languages kept for players and servers, on a real SQLite file: what
//! an interaction brings is remembered, a choice wins over Discord's
//! locale, and only a member who may manage the server sets its language.

use std::sync::Arc;

use akon::i18n::Language;
use akon::service::{
    Actor, Languages, Locales, ManualClock, Place, ServerSettingsChanges, Service, ServiceConfig, ServiceError,
    SettingsChanges,
};
use akon::store::{LanguageOf, LanguageRow, Store};

use crate::support::service_fixture::{change_server_settings, player, CHANNEL, GUILD};

const ALICE: u64 = 300_000_000_000_000_001;

async fn service(dir: &tempfile::TempDir) -> (Store, Service) {
    let store = Store::open_file(&dir.path().join("akon.db")).await.unwrap();
    let clock = Arc::new(ManualClock::starting_at(1_800_000_000));
    (store.clone(), Service::new(store, ServiceConfig::default(), clock))
}

/// Alice chooses her language in a direct message (`None`: Discord's).
async fn choose_language(service: &Service, language: Option<Language>) {
    let alice = player(ALICE, "Alice");
    let actor = Actor {
        user: &alice,
        place: Place {
            guild_id: None,
            channel_id: CHANNEL,
            venue: akon::venue::Venue::BotDm,
        },
        manages_server: false,
    };
    let changes = SettingsChanges {
        language: Some(language),
        ..SettingsChanges::default()
    };
    service.change_settings(&changes, actor).await.unwrap();
}

#[tokio::test]
async fn the_locales_an_interaction_brings_are_kept_and_choices_win() {
    let dir = tempfile::tempdir().unwrap();
    let (store, service) = service(&dir).await;
    assert_eq!(
        store.languages_of(ALICE, Some(GUILD)).await.unwrap(),
        (LanguageRow::default(), Some(LanguageRow::default()))
    );
    let from = Locales {
        user_id: ALICE,
        user_locale: "fr",
        guild: Some((GUILD, Some("es-419"))),
    };
    let languages = service.interaction_languages(from).await.unwrap();
    assert_eq!(
        languages,
        Languages {
            private: Language::French,
            public: Language::Spanish
        }
    );
    // Known without an interaction from now on.
    assert_eq!(service.user_language(ALICE).await.unwrap(), Language::French);
    assert_eq!(service.server_language(GUILD).await.unwrap(), Language::Spanish);
    // An interaction without guild_locale leaves the stored one alone.
    let from = Locales {
        guild: Some((GUILD, None)),
        ..from
    };
    assert_eq!(
        service.interaction_languages(from).await.unwrap().public,
        Language::Spanish
    );
    // A choice wins over Discord's locale until it is cleared.
    choose_language(&service, Some(Language::English)).await;
    assert_eq!(
        service.interaction_languages(from).await.unwrap().private,
        Language::English
    );
    assert_eq!(
        store.language(LanguageOf::User(ALICE)).await.unwrap(),
        LanguageRow {
            discord_locale: Some("fr".into()),
            language: Some("en".into()),
            board_style: None,
        }
    );
    choose_language(&service, None).await;
    assert_eq!(
        service.interaction_languages(from).await.unwrap().private,
        Language::French
    );
    // In a DM the public language is the user's.
    let dm = Locales { guild: None, ..from };
    assert_eq!(
        service.interaction_languages(dm).await.unwrap().public,
        Language::French
    );
}

#[tokio::test]
async fn only_a_member_who_may_manage_the_server_sets_its_language() {
    let dir = tempfile::tempdir().unwrap();
    let (_, service) = service(&dir).await;
    let french = ServerSettingsChanges {
        language: Some(Some(Language::French)),
        ..Default::default()
    };
    assert!(matches!(
        change_server_settings(&service, Some(GUILD), false, french).await,
        Err(ServiceError::NeedsManageServer)
    ));
    assert!(matches!(
        change_server_settings(&service, None, true, french).await,
        Err(ServiceError::NotInAServer)
    ));
    assert_eq!(service.server_language(GUILD).await.unwrap(), Language::English);
    let set = change_server_settings(&service, Some(GUILD), true, french)
        .await
        .unwrap()
        .language;
    assert!(set.chosen && set.language == Language::French);
    let from = Locales {
        user_id: ALICE,
        user_locale: "en-US",
        guild: Some((GUILD, Some("es-ES"))),
    };
    assert_eq!(
        service.interaction_languages(from).await.unwrap().public,
        Language::French
    );
}
