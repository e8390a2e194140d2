//! Shared helpers for integration tests.
//!
//! Not every test binary uses every helper, hence the blanket `dead_code` allowance.
#![allow(dead_code)]

pub mod fake_discord;
pub mod scene;
