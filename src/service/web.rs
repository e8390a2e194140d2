//! The web view's use cases, all read-only but the links: the token of a
//! game's, a server's or a tournament's page (made the first time a link
//! is), a server's choices of what it shows, and each page's contents.
//!
//! **What is served.** A page is found by its token alone, and only while
//! its server lets it be: games and tournaments of a server that turned
//! its game pages off, a leaderboard its admins did not turn on, and any
//! game not played in a server channel are answered as if the token did
//! not exist (`Ok(None)`), so that nobody can tell them apart.

use std::collections::HashMap;

use super::knockouts::BracketMatch;
use super::tournaments::board_outcome;
use super::{
    EntrantView, GameView, LeaderboardPage, Result, Service, ServiceError, TournamentStanding, TournamentView,
};
use crate::ai::Review;
use crate::engine::{Game, MoveOutcome, Position, Record, Seat};
use crate::rating::Scope;
use crate::store::{from_db, to_db, GameVersion, PageKind};
use crate::tournament::Outcome;

/// Characters of a token: 16 random bytes in unpadded base64url.
pub const TOKEN_CHARS: usize = 22;
const TOKEN_BYTES: usize = 16;
const BASE64URL: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// A new page token: 128 bits from the operating system's generator.
fn new_token() -> Result<String> {
    let mut bytes = [0u8; TOKEN_BYTES];
    getrandom::fill(&mut bytes).map_err(|error| ServiceError::Corrupt {
        game_id: 0,
        why: format!("the operating system gave no random bytes for a web page's token: {error}"),
    })?;
    Ok(base64url(&bytes))
}

/// `bytes` in unpadded base64url (RFC 4648, section 5).
fn base64url(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for k in 0..=chunk.len() {
            out.push(char::from(BASE64URL[(n >> (18 - 6 * k) & 63) as usize]));
        }
    }
    out
}

/// Whether `text` could be a token at all: anything else is not looked up.
pub fn is_token_shaped(text: &str) -> bool {
    text.len() == TOKEN_CHARS && text.bytes().all(|b| BASE64URL.contains(&b))
}

/// What a server shows on the web.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WebSettings {
    /// The pages of its games and tournaments (on unless turned off).
    pub game_pages: bool,
    /// Its leaderboard's page (off unless turned on).
    pub leaderboard_page: bool,
}

/// A game's page: the game replayed, when each move was played, and its
/// review if one is stored.
#[derive(Debug, Clone)]
pub struct GamePage {
    pub view: GameView,
    pub record: Record,
    pub created_at: i64,
    pub finished_at: Option<i64>,
    /// How long each move took, in seconds: from the move before (or the
    /// game's start) to this one.
    pub move_seconds: Vec<i64>,
    /// Each move in turn: what it did and the position it left.
    pub plies: Vec<PlyView>,
    pub review: Option<Review>,
}

/// One move of a game's page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlyView {
    pub outcome: MoveOutcome,
    /// The position once the move was played.
    pub position: Position,
}

impl GamePage {
    /// The position after `ply` moves (0: the start; clamped to the last).
    pub fn position_at(&self, ply: usize) -> &Position {
        match ply.min(self.plies.len()).checked_sub(1) {
            Some(i) => &self.plies[i].position,
            None => self.view.game.start(),
        }
    }

    /// Who is to move after `ply` moves: nobody once the game is over.
    pub fn to_move_at(&self, ply: usize) -> Option<Seat> {
        if ply >= self.plies.len() {
            self.view.to_move()
        } else {
            Some(self.position_at(ply).to_move())
        }
    }
}

/// Every move of `game` replayed from its start, with what it did.
fn plies_of(game: &Game) -> Vec<PlyView> {
    let mut replay = Game::from_position(*game.start());
    let mut plies = Vec::with_capacity(game.moves().len());
    for &hole in game.moves() {
        // The service's replay accepted these moves already.
        let Ok(outcome) = replay.play(hole) else { break };
        plies.push(PlyView {
            outcome,
            position: *replay.position(),
        });
    }
    plies
}

/// A server's leaderboard page.
#[derive(Debug, Clone)]
pub struct ServerPage {
    pub guild_id: u64,
    pub leaderboard: LeaderboardPage,
}

/// One board of a tournament's round.
#[derive(Debug, Clone)]
pub struct BoardView {
    pub board: u32,
    /// Moves first (seat A).
    pub first: Option<EntrantView>,
    /// `None`: `first` sits the round out (the bye).
    pub second: Option<EntrantView>,
    /// The game's page token, if a link to it was ever made.
    pub game_token: Option<String>,
    /// From the first mover's side; `None` while the game goes on.
    pub outcome: Option<Outcome>,
    /// Seeds captured by the first and the second player.
    pub captured: [i64; 2],
}

/// A round of a tournament, by board.
#[derive(Debug, Clone)]
pub struct RoundView {
    pub round: u32,
    pub boards: Vec<BoardView>,
}

/// A tournament's page.
#[derive(Debug, Clone)]
pub struct TournamentPage {
    pub view: TournamentView,
    pub standings: Vec<TournamentStanding>,
    pub rounds: Vec<RoundView>,
    /// A knockout's matches so far, for its bracket (empty otherwise).
    pub bracket: Vec<BracketMatch>,
}

impl Service {
    /// What `guild_id` shows on the web.
    pub async fn web_settings(&self, guild_id: u64) -> Result<WebSettings> {
        let row = self.store.web_settings(guild_id).await?;
        Ok(WebSettings {
            game_pages: row.game_pages,
            leaderboard_page: row.leaderboard_page,
        })
    }

    /// The token of `game_id`'s page, made now if there is none yet;
    /// `None` if the game has no page (not played in a server, or its
    /// server turned its game pages off).
    pub async fn game_page_token(&self, game_id: i64) -> Result<Option<String>> {
        let row = self.store.game(game_id).await?.ok_or(ServiceError::GameNotFound)?;
        if !self.game_shown_on_the_web(row.guild_id, row.venue).await? {
            return Ok(None);
        }
        self.page_token(PageKind::Game, game_id).await.map(Some)
    }

    /// The token of the server's leaderboard page, while its admins have
    /// it on.
    pub async fn server_page_token(&self, guild_id: u64) -> Result<Option<String>> {
        if guild_id == 0 || !self.web_settings(guild_id).await?.leaderboard_page {
            return Ok(None);
        }
        self.page_token(PageKind::Server, to_db(guild_id)).await.map(Some)
    }

    /// The token of a tournament's page; `None` while its server has its
    /// game pages off.
    pub async fn tournament_page_token(&self, tournament_id: i64) -> Result<Option<String>> {
        let view = self.tournament(tournament_id).await?;
        if !self.game_pages_shown(view.guild_id).await? {
            return Ok(None);
        }
        self.page_token(PageKind::Tournament, tournament_id).await.map(Some)
    }

    async fn page_token(&self, kind: PageKind, subject: i64) -> Result<String> {
        if let Some(token) = self.store.stored_page_token(kind, subject).await? {
            return Ok(token);
        }
        Ok(self.store.page_token(kind, subject, &new_token()?, self.now()).await?)
    }

    /// Whether a game of `guild_id` played in `venue` may be shown: one
    /// played outside servers that added the bot (kept with server 0) is
    /// the players' own, and no admin hides it; a server's, unless the
    /// server turned its game pages off.
    pub async fn game_shown_on_the_web(&self, guild_id: u64, venue: crate::venue::Venue) -> Result<bool> {
        if guild_id == 0 && venue != crate::venue::Venue::Server {
            return Ok(true);
        }
        self.game_pages_shown(guild_id).await
    }

    /// Whether `guild_id`'s games may be shown: played in a server that did
    /// not turn them off.
    pub async fn game_pages_shown(&self, guild_id: u64) -> Result<bool> {
        Ok(guild_id != 0 && self.web_settings(guild_id).await?.game_pages)
    }

    /// What `token` is the page of, if it is a page of `kind`.
    async fn subject_of(&self, token: &str, kind: PageKind) -> Result<Option<i64>> {
        if !is_token_shaped(token) {
            return Ok(None);
        }
        Ok(match self.store.page_of_token(token).await? {
            Some((found, subject)) if found == kind => Some(subject),
            _ => None,
        })
    }

    /// The game the page `token` names, if it is served: what the live
    /// endpoints act on.
    pub async fn game_of_page(&self, token: &str) -> Result<Option<i64>> {
        let Some(game_id) = self.subject_of(token, PageKind::Game).await? else {
            return Ok(None);
        };
        let Some(row) = self.store.game(game_id).await? else {
            return Ok(None);
        };
        Ok(self
            .game_shown_on_the_web(row.guild_id, row.venue)
            .await?
            .then_some(game_id))
    }

    /// What tells whether each of `games` changed since last asked, in one
    /// query: the live pages poll it for the changes other processes make.
    pub async fn game_versions(&self, games: &[i64]) -> Result<Vec<(i64, GameVersion)>> {
        Ok(self.store.game_versions(games).await?)
    }

    /// The game page `token` names, if it is served.
    pub async fn game_page(&self, token: &str) -> Result<Option<GamePage>> {
        let Some(game_id) = self.subject_of(token, PageKind::Game).await? else {
            return Ok(None);
        };
        let Some((row, moves)) = self.store.game_with_moves(game_id).await? else {
            return Ok(None);
        };
        if !self.game_shown_on_the_web(row.guild_id, row.venue).await? {
            return Ok(None);
        }
        let (created_at, finished_at) = (row.created_at, row.finished_at);
        let mut before = created_at;
        let move_seconds = moves
            .iter()
            .map(|m| {
                let took = (m.played_at - before).max(0);
                before = m.played_at;
                took
            })
            .collect();
        let view = self.replay(row, moves).await?;
        let review = match self.store.review(game_id).await? {
            Some(stored) => match stored.review {
                Ok(review) => Some(review),
                Err(error) => {
                    tracing::warn!(game_id, %error, "a stored review is not readable; the page shows none");
                    None
                }
            },
            None => None,
        };
        Ok(Some(GamePage {
            record: view.game.record(),
            plies: plies_of(&view.game),
            view,
            created_at,
            finished_at,
            move_seconds,
            review,
        }))
    }

    /// Page `page` (from 0, clamped to the last) of the leaderboard `token`
    /// names, if it is served.
    pub async fn server_page(&self, token: &str, page: i64) -> Result<Option<ServerPage>> {
        let Some(guild) = self.subject_of(token, PageKind::Server).await? else {
            return Ok(None);
        };
        let guild_id = from_db(guild);
        if guild_id == 0 || !self.web_settings(guild_id).await?.leaderboard_page {
            return Ok(None);
        }
        // Nobody is looking from inside: no caller's own standing.
        let leaderboard = self.leaderboard(Scope::Server(guild_id), page, 0).await?;
        Ok(Some(ServerPage { guild_id, leaderboard }))
    }

    /// The tournament page `token` names, if it is served.
    pub async fn tournament_page(&self, token: &str) -> Result<Option<TournamentPage>> {
        let Some(tournament_id) = self.subject_of(token, PageKind::Tournament).await? else {
            return Ok(None);
        };
        let view = match self.tournament(tournament_id).await {
            Ok(view) => view,
            Err(ServiceError::Tournament(_)) => return Ok(None),
            Err(error) => return Err(error),
        };
        if !self.game_pages_shown(view.guild_id).await? {
            return Ok(None);
        }
        let standings = self.tournament_standings(tournament_id).await?;
        let pairings = self.store.pairings(tournament_id).await?;
        let games: Vec<i64> = pairings.iter().filter_map(|p| p.game_id).collect();
        let tokens: HashMap<i64, String> = self.store.game_page_tokens(&games).await?.into_iter().collect();
        let by_seed: HashMap<usize, &EntrantView> = view
            .entrants
            .iter()
            .filter_map(|e| e.seed.map(|seed| (seed, e)))
            .collect();
        let entrant = |seed: i64| {
            usize::try_from(seed)
                .ok()
                .and_then(|s| by_seed.get(&s))
                .map(|e| (*e).clone())
        };
        let mut rounds: Vec<RoundView> = Vec::new();
        for row in &pairings {
            let round = u32::try_from(row.round).unwrap_or(0);
            if rounds.last().is_none_or(|r| r.round != round) {
                rounds.push(RoundView {
                    round,
                    boards: Vec::new(),
                });
            }
            let outcome = match row.outcome {
                Some(stored) => stored.decided(),
                None => board_outcome(row),
            };
            let captured = match (row.outcome, row.game_captured_a, row.game_captured_b) {
                (None, Some(a), Some(b)) => [a, b],
                _ => [row.captured_first, row.captured_second],
            };
            let board = BoardView {
                board: u32::try_from(row.board).unwrap_or(0),
                first: entrant(row.first_seed),
                second: row.second_seed.and_then(entrant),
                game_token: row.game_id.and_then(|id| tokens.get(&id).cloned()),
                outcome,
                captured,
            };
            if let Some(last) = rounds.last_mut() {
                last.boards.push(board);
            }
        }
        let bracket = self.knockout_bracket(view.id).await?;
        Ok(Some(TournamentPage {
            view,
            standings,
            rounds,
            bracket,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_22_base64url_characters_and_differ() {
        let a = new_token().unwrap();
        let b = new_token().unwrap();
        assert_eq!(a.len(), TOKEN_CHARS);
        assert!(is_token_shaped(&a) && is_token_shaped(&b), "{a} {b}");
        assert_ne!(a, b);
    }

    #[test]
    fn base64url_follows_rfc_4648() {
        // RFC 4648's test vectors, in the URL alphabet without padding.
        assert_eq!(base64url(b"f"), "Zg");
        assert_eq!(base64url(b"fo"), "Zm8");
        assert_eq!(base64url(b"foo"), "Zm9v");
        assert_eq!(base64url(b"foobar"), "Zm9vYmFy");
        assert_eq!(base64url(&[0xfb, 0xff]), "-_8");
    }

    #[test]
    fn only_token_shaped_text_is_looked_up() {
        assert!(!is_token_shaped(""));
        assert!(!is_token_shaped("1"));
        assert!(!is_token_shaped("AAAAAAAAAAAAAAAAAAAAA"));
        assert!(!is_token_shaped("AAAAAAAAAAAAAAAAAAAAA/"));
        assert!(!is_token_shaped("AAAAAAAAAAAAAAAAAAAAAé"));
        assert!(is_token_shaped("AAAAAAAAAAAAAAAAAAAA-_"));
    }
}
