//! The languages of players and servers: the Discord locale an interaction
//! last brought, and the language chosen in `/akon settings`, if any; with
//! them, how boards are shown (`board_style`), read by the same queries and
//! kept by the same cache, since every board shown needs both.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use sqlx::{AnyConnection, FromRow};

use super::outage::Outage;
use super::{to_db, Backend, Doing, Result, Store};

/// What is known of a player's or a server's language.
#[derive(Debug, Clone, Default, PartialEq, Eq, FromRow)]
pub struct LanguageRow {
    /// The last Discord locale seen (`fr`, `es-ES`, …).
    pub discord_locale: Option<String>,
    /// The language chosen with `/akon settings` (`en`, `fr`, `es`, `pt`).
    pub language: Option<String>,
    /// How boards are shown (`text`, `picture`, `both`), if chosen.
    pub board_style: Option<String>,
}

/// A row of `languages_of`: whose (`user` or `guild`), then the Discord
/// locale, the language and the board style.
type WhoseSettings = (String, Option<String>, Option<String>, Option<String>);

/// Whose language: a player's or a server's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
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

/// The languages read lately, so that an interaction (every press asks for
/// its user's and its server's) needs no read of its own once its user and
/// server were seen: a round trip to the database for a value that almost
/// never changes. Every write goes through the cache too.
#[derive(Debug)]
pub(super) struct LanguageCache {
    /// How long an entry is trusted. On SQLite this process is the only
    /// writer (see `store::lock`), so what it wrote is what is stored:
    /// entries never go stale. On PostgreSQL another process may change a
    /// language, which this one then sees within this delay.
    trusted_for: Option<Duration>,
    entries: Mutex<Entries>,
}

#[derive(Debug, Default)]
struct Entries {
    rows: HashMap<LanguageOf, (LanguageRow, Instant)>,
    /// Counts the writes, so that a read that a write overtook does not
    /// put back what the write replaced.
    writes: u64,
}

/// When a read started, as [`LanguageCache::put`] needs it.
#[derive(Debug, Clone, Copy)]
struct ReadStarted(u64);

/// Entries kept at most: past this the cache starts afresh, which costs one
/// read per player and server, rather than growing without bound.
const CACHED_LANGUAGES: usize = 100_000;

/// How long another process's change of a language may go unseen.
pub const SHARED_LANGUAGE_DELAY: Duration = Duration::from_secs(10);

impl LanguageCache {
    pub(super) fn new(backend: Backend) -> LanguageCache {
        LanguageCache {
            trusted_for: match backend {
                Backend::Sqlite => None,
                Backend::Postgres => Some(SHARED_LANGUAGE_DELAY),
            },
            entries: Mutex::new(Entries::default()),
        }
    }

    fn entries(&self) -> std::sync::MutexGuard<'_, Entries> {
        // No code holding the lock can panic half-way through a change.
        self.entries.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn get(&self, whose: LanguageOf) -> Option<LanguageRow> {
        let entries = self.entries();
        let (row, read_at) = entries.rows.get(&whose)?;
        match self.trusted_for {
            Some(trusted_for) if read_at.elapsed() > trusted_for => None,
            _ => Some(row.clone()),
        }
    }

    fn read_started(&self) -> ReadStarted {
        ReadStarted(self.entries().writes)
    }

    /// Keeps `row`, read since `started`, unless a write came meanwhile.
    fn put(&self, started: ReadStarted, whose: LanguageOf, row: LanguageRow) {
        let mut entries = self.entries();
        if entries.writes != started.0 {
            return;
        }
        if entries.rows.len() >= CACHED_LANGUAGES {
            entries.rows.clear();
        }
        entries.rows.insert(whose, (row, Instant::now()));
    }

    /// After a write: the next read goes to the database.
    fn forget(&self, whose: LanguageOf) {
        let mut entries = self.entries();
        entries.writes += 1;
        entries.rows.remove(&whose);
    }
}

impl Store {
    /// What is stored of `whose` language (nothing yet: both `None`).
    pub async fn language(&self, whose: LanguageOf) -> Result<LanguageRow> {
        if let Some(row) = self.languages.get(whose) {
            return Ok(row);
        }
        let started = self.languages.read_started();
        let row = self.read_language(whose).await?;
        self.languages.put(started, whose, row.clone());
        Ok(row)
    }

    async fn read_language(&self, whose: LanguageOf) -> Result<LanguageRow> {
        let (table, key, id) = whose.table_and_key();
        let row: Option<LanguageRow> = sqlx::query_as(&format!(
            "SELECT discord_locale, language, board_style FROM {table} WHERE {key} = $1"
        ))
        .bind(id)
        .fetch_optional(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "reading a language")?;
        Ok(row.unwrap_or_default())
    }

    /// What is stored of a player's language and, if given, a server's, in
    /// one round trip: every interaction asks for both.
    pub async fn languages_of(
        &self,
        user_id: u64,
        guild_id: Option<u64>,
    ) -> Result<(LanguageRow, Option<LanguageRow>)> {
        let user = self.languages.get(LanguageOf::User(user_id));
        let guild = guild_id.map(|id| self.languages.get(LanguageOf::Guild(id)));
        match (user, guild) {
            (Some(user), None) => return Ok((user, None)),
            (Some(user), Some(Some(guild))) => return Ok((user, Some(guild))),
            _ => {}
        }
        let started = self.languages.read_started();
        let (user, guild) = self.read_languages_of(user_id, guild_id).await?;
        self.languages.put(started, LanguageOf::User(user_id), user.clone());
        if let (Some(id), Some(guild)) = (guild_id, &guild) {
            self.languages.put(started, LanguageOf::Guild(id), guild.clone());
        }
        Ok((user, guild))
    }

    async fn read_languages_of(
        &self,
        user_id: u64,
        guild_id: Option<u64>,
    ) -> Result<(LanguageRow, Option<LanguageRow>)> {
        let rows: Vec<WhoseSettings> = sqlx::query_as(
            "SELECT 'user', discord_locale, language, board_style FROM user_languages WHERE user_id = $1
             UNION ALL
             SELECT 'guild', discord_locale, language, board_style FROM guild_languages WHERE guild_id = $2",
        )
        .bind(to_db(user_id))
        .bind(guild_id.map(to_db))
        .fetch_all(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "reading languages")?;
        let mut user = LanguageRow::default();
        let mut guild = guild_id.map(|_| LanguageRow::default());
        for (whose, discord_locale, language, board_style) in rows {
            let row = LanguageRow {
                discord_locale,
                language,
                board_style,
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
        .doing(&self.outage, "saving a Discord locale")?;
        self.languages.forget(whose);
        Ok(())
    }

    /// After a transaction that wrote `whose` language or board style
    /// committed: the next read goes to the database.
    pub(super) fn forget_language(&self, whose: LanguageOf) {
        self.languages.forget(whose);
    }
}

/// Sets (or with `None` clears) the language chosen for `whose`, in `tx`
/// (the caller forgets the cached row once it commits).
pub(super) async fn save_language(
    outage: &Outage,
    tx: &mut AnyConnection,
    whose: LanguageOf,
    language: Option<&str>,
) -> Result<()> {
    let (table, key, id) = whose.table_and_key();
    sqlx::query(&format!(
        "INSERT INTO {table} ({key}, language) VALUES ($1, $2)
         ON CONFLICT ({key}) DO UPDATE SET language = excluded.language"
    ))
    .bind(id)
    .bind(language)
    .execute(&mut *tx)
    .await
    .doing(outage, "saving a language")?;
    Ok(())
}

/// Sets how boards are shown for `whose`, in `tx`. For a server, `set_by`
/// is who chose, and the notice that a channel refuses pictures is owed
/// again.
pub(super) async fn save_board_style(
    outage: &Outage,
    tx: &mut AnyConnection,
    whose: LanguageOf,
    style: &str,
    set_by: u64,
) -> Result<()> {
    let statement = match whose {
        LanguageOf::User(_) => {
            "INSERT INTO user_languages (user_id, board_style) VALUES ($1, $2)
             ON CONFLICT (user_id) DO UPDATE SET board_style = excluded.board_style"
        }
        LanguageOf::Guild(_) => {
            "INSERT INTO guild_languages (guild_id, board_style, board_style_set_by, pictures_refused_told)
             VALUES ($1, $2, $3, 0)
             ON CONFLICT (guild_id) DO UPDATE SET board_style = excluded.board_style,
                 board_style_set_by = excluded.board_style_set_by, pictures_refused_told = 0"
        }
    };
    let query = sqlx::query(statement).bind(whose.table_and_key().2).bind(style);
    let query = match whose {
        LanguageOf::User(_) => query,
        LanguageOf::Guild(_) => query.bind(to_db(set_by)),
    };
    query.execute(&mut *tx).await.doing(outage, "saving a board style")?;
    Ok(())
}

impl Store {
    /// Who chose pictures for `guild_id`'s boards, if they are still to be
    /// told that a channel refuses them; marks them told, so that of
    /// several processes and several refusals one tells them, once.
    pub async fn claim_pictures_refused_notice(&self, guild_id: u64) -> Result<Option<u64>> {
        let set_by: Option<(Option<i64>,)> = sqlx::query_as(
            "UPDATE guild_languages SET pictures_refused_told = 1
             WHERE guild_id = $1 AND pictures_refused_told = 0 AND board_style IN ('picture', 'both')
             RETURNING board_style_set_by",
        )
        .bind(to_db(guild_id))
        .fetch_optional(&mut *self.writer().await?)
        .await
        .doing(&self.outage, "claiming the notice that pictures are refused")?;
        Ok(set_by.and_then(|(by,)| by).map(super::from_db))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(language: &str) -> LanguageRow {
        LanguageRow {
            discord_locale: None,
            language: Some(language.into()),
            board_style: None,
        }
    }

    #[test]
    fn a_read_overtaken_by_a_write_is_not_kept() {
        let cache = LanguageCache::new(Backend::Sqlite);
        let whose = LanguageOf::User(7);
        let started = cache.read_started();
        // The write commits and forgets while the read is under way: what the
        // read found may be the value the write replaced.
        cache.forget(whose);
        cache.put(started, whose, row("fr"));
        assert_eq!(cache.get(whose), None);
        let started = cache.read_started();
        cache.put(started, whose, row("es"));
        assert_eq!(cache.get(whose), Some(row("es")));
    }

    #[test]
    fn on_sqlite_entries_last_and_on_postgres_they_expire() {
        let whose = LanguageOf::Guild(9);
        let sqlite = LanguageCache::new(Backend::Sqlite);
        let started = sqlite.read_started();
        sqlite.put(started, whose, row("fr"));
        assert_eq!(sqlite.get(whose), Some(row("fr")));
        assert_eq!(sqlite.trusted_for, None);

        let postgres = LanguageCache::new(Backend::Postgres);
        assert_eq!(postgres.trusted_for, Some(SHARED_LANGUAGE_DELAY));
        let expiring = LanguageCache {
            trusted_for: Some(Duration::ZERO),
            entries: Mutex::new(Entries::default()),
        };
        let started = expiring.read_started();
        expiring.put(started, whose, row("fr"));
        std::thread::sleep(Duration::from_millis(2));
        assert_eq!(expiring.get(whose), None);
    }

    #[test]
    fn the_cache_is_bounded() {
        let cache = LanguageCache::new(Backend::Sqlite);
        for id in 0..=CACHED_LANGUAGES as u64 {
            let started = cache.read_started();
            cache.put(started, LanguageOf::User(id), LanguageRow::default());
        }
        assert!(cache.entries().rows.len() <= CACHED_LANGUAGES);
    }
}
