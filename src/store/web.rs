//! The web view's tokens and each server's choices of what it shows
//! (migration `web_pages`). Read-only for the pages themselves: a token is
//! written when a link to its page is first made, never when a page is
//! served.

use sqlx::AnyConnection;

use super::outage::Outage;
use super::{to_db, Doing, Result, Store};

/// What a page shows: a game, a server's leaderboard or a tournament.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PageKind {
    Game,
    Server,
    Tournament,
}

impl PageKind {
    fn code(self) -> &'static str {
        match self {
            PageKind::Game => "game",
            PageKind::Server => "server",
            PageKind::Tournament => "tournament",
        }
    }

    fn of_code(code: &str) -> Option<PageKind> {
        match code {
            "game" => Some(PageKind::Game),
            "server" => Some(PageKind::Server),
            "tournament" => Some(PageKind::Tournament),
            _ => None,
        }
    }
}

/// A server's choices; a server that never chose has the defaults.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WebSettingsRow {
    pub game_pages: bool,
    pub leaderboard_page: bool,
}

impl Default for WebSettingsRow {
    fn default() -> WebSettingsRow {
        WebSettingsRow {
            game_pages: true,
            leaderboard_page: false,
        }
    }
}

/// What tells whether a game changed: a move, an end, a takeback, a new
/// deadline, or anything else that touches its row (`updated_at`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameVersion {
    pub ply: i64,
    pub status: String,
    pub takebacks: i64,
    pub updated_at: i64,
    pub deadline: Option<i64>,
}

impl Store {
    /// The versions of `games` (those that exist), in one indexed query:
    /// what the live pages poll to see other processes' changes.
    pub async fn game_versions(&self, games: &[i64]) -> Result<Vec<(i64, GameVersion)>> {
        if games.is_empty() {
            return Ok(Vec::new());
        }
        // The ids are integers, written into the text, never a string from outside.
        let list = games.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
        let rows: Vec<(i64, i64, String, i64, i64, Option<i64>)> = sqlx::query_as(&format!(
            "SELECT id, ply, status, takebacks, updated_at, deadline FROM games WHERE id IN ({list})"
        ))
        .fetch_all(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "reading the versions of watched games")?;
        Ok(rows
            .into_iter()
            .map(|(id, ply, status, takebacks, updated_at, deadline)| {
                (
                    id,
                    GameVersion {
                        ply,
                        status,
                        takebacks,
                        updated_at,
                        deadline,
                    },
                )
            })
            .collect())
    }

    /// The token of `kind`'s page of `subject`: the one stored, else
    /// `fresh`, stored now. Two processes making the first link at once
    /// agree on one token (the second insert does nothing and reads the
    /// first's).
    pub async fn page_token(&self, kind: PageKind, subject: i64, fresh: &str, now: i64) -> Result<String> {
        if let Some(token) = self.stored_page_token(kind, subject).await? {
            return Ok(token);
        }
        sqlx::query(
            "INSERT INTO web_pages (token, kind, subject, created_at) VALUES ($1, $2, $3, $4)
             ON CONFLICT (kind, subject) DO NOTHING",
        )
        .bind(fresh)
        .bind(kind.code())
        .bind(subject)
        .bind(now)
        .execute(&mut *self.writer().await?)
        .await
        .doing(&self.outage, "storing a web page's token")?;
        match self.stored_page_token(kind, subject).await? {
            Some(token) => Ok(token),
            None => Err(super::StoreError::Query {
                doing: "reading a web page's token just stored",
                source: sqlx::Error::RowNotFound,
            }),
        }
    }

    /// The token of `kind`'s page of `subject`, if a link was ever made.
    pub async fn stored_page_token(&self, kind: PageKind, subject: i64) -> Result<Option<String>> {
        let row: Option<(String,)> = sqlx::query_as("SELECT token FROM web_pages WHERE kind = $1 AND subject = $2")
            .bind(kind.code())
            .bind(subject)
            .fetch_optional(&mut *self.reader().await?)
            .await
            .doing(&self.outage, "reading a web page's token")?;
        Ok(row.map(|(token,)| token))
    }

    /// The tokens of the game pages among `games`, by game.
    pub async fn game_page_tokens(&self, games: &[i64]) -> Result<Vec<(i64, String)>> {
        if games.is_empty() {
            return Ok(Vec::new());
        }
        // One statement whatever the count: the ids are integers, written
        // into the text, never a string from outside.
        let list = games.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
        let rows: Vec<(i64, String)> = sqlx::query_as(&format!(
            "SELECT subject, token FROM web_pages WHERE kind = 'game' AND subject IN ({list})"
        ))
        .fetch_all(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "reading game pages' tokens")?;
        Ok(rows)
    }

    /// What `token` is the page of, if it is one.
    pub async fn page_of_token(&self, token: &str) -> Result<Option<(PageKind, i64)>> {
        let row: Option<(String, i64)> = sqlx::query_as("SELECT kind, subject FROM web_pages WHERE token = $1")
            .bind(token)
            .fetch_optional(&mut *self.reader().await?)
            .await
            .doing(&self.outage, "reading a web page's token")?;
        Ok(row.and_then(|(kind, subject)| PageKind::of_code(&kind).map(|kind| (kind, subject))))
    }

    /// What `guild_id` shows on the web.
    pub async fn web_settings(&self, guild_id: u64) -> Result<WebSettingsRow> {
        let row: Option<(i64, i64)> =
            sqlx::query_as("SELECT game_pages, leaderboard_page FROM guild_web_settings WHERE guild_id = $1")
                .bind(to_db(guild_id))
                .fetch_optional(&mut *self.reader().await?)
                .await
                .doing(&self.outage, "reading a server's web settings")?;
        Ok(
            row.map_or_else(WebSettingsRow::default, |(games, leaderboard)| WebSettingsRow {
                game_pages: games != 0,
                leaderboard_page: leaderboard != 0,
            }),
        )
    }
}

/// Changes what is given of `guild_id`'s web settings, keeps the rest,
/// in `tx`.
pub(super) async fn set_web_settings(
    outage: &Outage,
    tx: &mut AnyConnection,
    guild_id: u64,
    game_pages: Option<bool>,
    leaderboard_page: Option<bool>,
    now: i64,
) -> Result<()> {
    let defaults = WebSettingsRow::default();
    let flag = |value: Option<bool>| value.map(i64::from);
    sqlx::query(
        "INSERT INTO guild_web_settings (guild_id, game_pages, leaderboard_page, updated_at)
         VALUES ($1, COALESCE($2, $4), COALESCE($3, $5), $6)
         ON CONFLICT (guild_id) DO UPDATE SET
         game_pages = COALESCE($2, guild_web_settings.game_pages),
         leaderboard_page = COALESCE($3, guild_web_settings.leaderboard_page),
         updated_at = excluded.updated_at",
    )
    .bind(to_db(guild_id))
    .bind(flag(game_pages))
    .bind(flag(leaderboard_page))
    .bind(i64::from(defaults.game_pages))
    .bind(i64::from(defaults.leaderboard_page))
    .bind(now)
    .execute(&mut *tx)
    .await
    .doing(outage, "changing a server's web settings")?;
    Ok(())
}
