//! The languages of players and servers: the Discord locale an interaction
//! last brought, and the language chosen in `/akon settings`, if any.

use sqlx::FromRow;

use super::{to_db, Doing, Result, Store};

/// What is known of a player's or a server's language.
#[derive(Debug, Clone, Default, PartialEq, Eq, FromRow)]
pub struct LanguageRow {
    /// The last Discord locale seen (`fr`, `es-ES`, …).
    pub discord_locale: Option<String>,
    /// The language chosen with `/akon settings` (`en`, `fr`, `es`).
    pub language: Option<String>,
}

/// Whose language: a player's or a server's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LanguageOf {
    User(u64),
    Guild(u64),
}

impl LanguageOf {
    fn table_and_key(self) -> (&'static str, &'static str, i64) {
        match self {
            LanguageOf::User(id) => ("user_languages", "user_id", to_db(id)),
            LanguageOf::Guild(id) => ("guild_languages", "guild_id", to_db(id)),
        }
    }
}

impl Store {
    /// What is stored of `whose` language (nothing yet: both `None`).
    pub async fn language(&self, whose: LanguageOf) -> Result<LanguageRow> {
        let (table, key, id) = whose.table_and_key();
        let row: Option<LanguageRow> = sqlx::query_as(&format!(
            "SELECT discord_locale, language FROM {table} WHERE {key} = $1"
        ))
        .bind(id)
        .fetch_optional(&mut *self.reader().await?)
        .await
        .doing("reading a language")?;
        Ok(row.unwrap_or_default())
    }

    /// What is stored of a player's language and, if given, a server's, in
    /// one round trip: every interaction asks for both.
    pub async fn languages_of(
        &self,
        user_id: u64,
        guild_id: Option<u64>,
    ) -> Result<(LanguageRow, Option<LanguageRow>)> {
        let rows: Vec<(String, Option<String>, Option<String>)> = sqlx::query_as(
            "SELECT 'user', discord_locale, language FROM user_languages WHERE user_id = $1
             UNION ALL
             SELECT 'guild', discord_locale, language FROM guild_languages WHERE guild_id = $2",
        )
        .bind(to_db(user_id))
        .bind(guild_id.map(to_db))
        .fetch_all(&mut *self.reader().await?)
        .await
        .doing("reading languages")?;
        let mut user = LanguageRow::default();
        let mut guild = guild_id.map(|_| LanguageRow::default());
        for (whose, discord_locale, language) in rows {
            let row = LanguageRow {
                discord_locale,
                language,
            };
            match (whose.as_str(), guild.as_mut()) {
                ("user", _) => user = row,
                (_, Some(guild)) => *guild = row,
                _ => {}
            }
        }
        Ok((user, guild))
    }

    /// Remembers the Discord locale an interaction brought for `whose`.
    pub async fn save_discord_locale(&self, whose: LanguageOf, locale: &str) -> Result<()> {
        let (table, key, id) = whose.table_and_key();
        sqlx::query(&format!(
            "INSERT INTO {table} ({key}, discord_locale) VALUES ($1, $2)
             ON CONFLICT ({key}) DO UPDATE SET discord_locale = excluded.discord_locale"
        ))
        .bind(id)
        .bind(locale)
        .execute(&mut *self.writer().await?)
        .await
        .doing("saving a Discord locale")?;
        Ok(())
    }

    /// Sets (or with `None` clears) the language chosen for `whose`.
    pub async fn save_language(&self, whose: LanguageOf, language: Option<&str>) -> Result<()> {
        let (table, key, id) = whose.table_and_key();
        sqlx::query(&format!(
            "INSERT INTO {table} ({key}, language) VALUES ($1, $2)
             ON CONFLICT ({key}) DO UPDATE SET language = excluded.language"
        ))
        .bind(id)
        .bind(language)
        .execute(&mut *self.writer().await?)
        .await
        .doing("saving a language")?;
        Ok(())
    }
}
