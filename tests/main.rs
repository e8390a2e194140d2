//! The integration tests: one test program with a module per suite, so that
//! the support code (the fake Discord, the databases, the scenes) is
//! compiled once and the suite links once.
//!
//! `cargo test --test suite store::` runs one suite; see CONTRIBUTING.md.

#[macro_use]
mod support;

mod activity_browser;
mod activity_e2e;
mod activity_http;
mod board_races;
mod bot_e2e;
mod bracket_pictures;
// libtest starts the tests in the order of their names: the browser's, among
// the longest, start among the first, not last, where they would keep the
// run going after everything else had finished.
mod browser;
mod cli;
mod crash;
mod daily_puzzle;
mod delivery_failures;
mod delivery_processes;
mod discord_e2e;
mod docs_examples;
mod engine_properties;
mod engine_rules;
mod engine_vectors;
mod env_example;
mod following;
mod game_state;
mod game_threads_e2e;
mod hints_e2e;
mod hostile_text;
mod hostile_text_e2e;
mod http_flows;
mod http_interactions;
mod http_processes;
mod knockouts;
mod knockouts_e2e;
mod languages_e2e;
mod languages_store;
mod live_clocks;
mod live_clocks_e2e;
mod live_http;
mod live_page;
mod load_balancer;
mod load_benchmark;
mod metrics;
mod operate;
mod pictures;
mod pictures_e2e;
mod play_anywhere;
mod postgres_outage;
mod puzzle_e2e;
mod puzzles;
mod rating_aging;
mod ratings;
mod ratings_e2e;
mod reminders;
mod review;
mod review_e2e;
mod scale_out;
mod schedule;
mod season_podiums;
mod seasons;
mod seasons_e2e;
mod settings;
mod storage_faults;
mod store;
mod tables_cli;
mod takebacks;
mod tournament;
mod tournament_records;
mod tournaments;
mod tournaments_e2e;
mod untrusted_input;
mod vacations;
mod vacations_e2e;
mod web;
mod web_links_e2e;
mod web_process;
