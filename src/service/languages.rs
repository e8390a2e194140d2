//! Which language to speak: a player's private answers follow the language
//! they chose, else their Discord's; a server's public messages (challenges,
//! boards, results) follow the language its admins chose, else the server's
//! Discord locale. Both Discord locales are stored as interactions bring
//! them, so that messages sent with no interaction (reminders, timeouts,
//! boards re-posted after a restart) speak the same language.

use super::{Result, Service};
use crate::i18n::Language;
use crate::store::{LanguageOf, LanguageRow};

/// The languages for answering one interaction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Languages {
    /// For what only the user sees (and for direct messages to them).
    pub private: Language,
    /// For what the whole channel sees.
    pub public: Language,
}

/// A language and whether it was chosen in `/akon settings` (else it
/// follows Discord).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LanguageSetting {
    pub language: Language,
    pub chosen: bool,
}

/// Where an interaction comes from, as far as languages go.
#[derive(Debug, Clone, Copy)]
pub struct Locales<'a> {
    pub user_id: u64,
    /// The user's Discord locale (`locale`).
    pub user_locale: &'a str,
    /// The server and its Discord locale (`guild_locale`), outside DMs.
    pub guild: Option<(u64, Option<&'a str>)>,
}

fn setting(row: &LanguageRow) -> LanguageSetting {
    match row.language.as_deref().and_then(|code| code.parse().ok()) {
        Some(language) => LanguageSetting { language, chosen: true },
        None => LanguageSetting {
            language: row
                .discord_locale
                .as_deref()
                .map(Language::from_discord_locale)
                .unwrap_or_default(),
            chosen: false,
        },
    }
}

impl Service {
    /// The languages of an interaction; remembers the locales it brought
    /// (one read for both; a write only when a locale changed).
    pub async fn interaction_languages(&self, from: Locales<'_>) -> Result<Languages> {
        let guild_id = from.guild.map(|(id, _)| id);
        let (user, guild) = self.store.languages_of(from.user_id, guild_id).await?;
        let user = self
            .seen(LanguageOf::User(from.user_id), user, Some(from.user_locale))
            .await?;
        let public = match (from.guild, guild) {
            (Some((guild_id, locale)), Some(row)) => self.seen(LanguageOf::Guild(guild_id), row, locale).await?,
            _ => user,
        };
        Ok(Languages {
            private: user.language,
            public: public.language,
        })
    }

    /// `whose` language from `row`, after remembering `locale` (cleaned:
    /// see [`super::input`]) if it is new.
    async fn seen(&self, whose: LanguageOf, mut row: LanguageRow, locale: Option<&str>) -> Result<LanguageSetting> {
        if let Some(locale) = locale.and_then(super::input::locale) {
            if row.discord_locale.as_deref() != Some(locale.as_str()) {
                self.store.save_discord_locale(whose, &locale).await?;
                row.discord_locale = Some(locale);
            }
        }
        Ok(setting(&row))
    }

    /// A player's language, for messages sent to them alone.
    pub async fn user_language(&self, user_id: u64) -> Result<Language> {
        Ok(setting(&self.store.language(LanguageOf::User(user_id)).await?).language)
    }

    /// A server's language, for the messages its channels see.
    pub async fn server_language(&self, guild_id: u64) -> Result<Language> {
        Ok(setting(&self.store.language(LanguageOf::Guild(guild_id)).await?).language)
    }

    /// A player's language setting.
    pub async fn user_language_setting(&self, user_id: u64) -> Result<LanguageSetting> {
        Ok(setting(&self.store.language(LanguageOf::User(user_id)).await?))
    }

    /// A server's language setting.
    pub async fn server_language_setting(&self, guild_id: u64) -> Result<LanguageSetting> {
        Ok(setting(&self.store.language(LanguageOf::Guild(guild_id)).await?))
    }
}
