//! Akon: the rules engine, the computer player, storage, the game service
//! and the Discord bot. Layers depend downwards only:
//! `engine` ← `ai` ← `store` ← `service` ← `discord` ← `cli`; `rating` (pure
//! Glicko-2 arithmetic) sits beside `engine`, under `store`; so does
//! `telemetry` (metrics and `/healthz`), which knows nothing of ours.

pub mod ai;
pub mod board_text;
pub mod cli;
pub mod config;
pub mod discord;
pub mod engine;
pub mod rating;
pub mod service;
pub mod store;
pub mod telemetry;
