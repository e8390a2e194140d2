//! Akon: the rules engine, the computer player, storage, the game service
//! and the Discord bot. Layers depend downwards only:
//!
//! ```text
//! cli ─ config                 akon bot / play / replay / analyze / review / perft / render; settings read once
//!  └ discord                   serenity adapter: parse, call the service, render
//!     └ service                use cases, views, typed errors
//!        └ store               every SQL statement, the migrations
//!           ├ rating           Glicko-2 arithmetic, pure
//!           └ ai               the computer player: search over the engine   ┐ crates/akon-core,
//!              └ engine        the rules (docs/RULES.md), pure              │ re-exported here
//! random                       SplitMix64: the one seeded source of every random choice, pure ┘
//! tournament                   round robin and Swiss pairings, standings and tie-breaks, pure
//! calendar                     UTC days and months, for the daily puzzle and the seasons, pure
//! claims                       what claiming an HTTP interaction found, kept by the store
//! posts                        what became of the bot's posts: failed deliveries, daily puzzles, podiums
//! venue                        where a game is played: a server with the bot, a DM, a server without it
//! board_text                   the text board, for `play` and Discord (over engine, i18n)
//! game_text                    a game's result line and players' names, for Discord and the web (over service, i18n)
//! names                        names shortened between grapheme clusters, by display width
//! review_text                  the review as plain text, for `review` and Discord (over ai, i18n)
//! picture                      the board and the review graph as SVG and PNG (over engine, ai, i18n)
//! i18n                         the languages and every sentence (locales/<code>/akon.ftl)
//! telemetry                    metrics and /healthz; every layer may count into it
//! web                          the read-only web pages (axum), beside discord over the service
//! ```

// The pure core, its own crate (crates/akon-core), at the same paths.
pub use akon_core::{ai, engine, random};

pub mod board_text;
pub mod calendar;
pub mod claims;
pub mod cli;
pub mod config;
pub mod discord;
pub mod game_text;
pub mod i18n;
pub mod names;
pub mod picture;
pub mod posts;
pub mod rating;
pub mod review_text;
pub mod service;
pub mod store;
pub mod telemetry;
pub mod tournament;
pub mod venue;
pub mod web;

#[cfg(test)]
mod architecture_tests;
