//! The endgame tables the bot's searches use: a file, none, or those akon
//! builds itself in the background.

use super::LOG_TARGET;
use crate::cli::default_tables;
use crate::config::TablesSetting;

/// The endgame tables the configuration asks for, for every search of the bot.
pub(super) fn take(setting: &TablesSetting) {
    match setting {
        TablesSetting::Off => tracing::info!(target: LOG_TARGET, "endgame tables off (AKON_TABLES=off)"),
        TablesSetting::File(path) => open(path),
        TablesSetting::Default { max_seeds } => build_default(*max_seeds),
    }
}

/// Installs the endgame tables for every search of the bot; a file that
/// cannot be used is said in one line, and the bot runs without tables.
fn open(path: &std::path::Path) {
    match crate::ai::tables::Tables::open(path) {
        Ok(tables) => {
            tracing::info!(target: LOG_TARGET,
                path = %path.display(),
                max_seeds = tables.max_seeds(),
                "endgame tables in use"
            );
            let _ = crate::ai::tables::install(tables);
        }
        Err(error) => {
            tracing::error!(target: LOG_TARGET, "AKON_TABLES: {error}; the computer plays without endgame tables")
        }
    }
}

/// Takes the tables akon builds itself, on a thread of their own: the bot
/// answers and plays without them meanwhile, and every search started once
/// they are installed probes them.
fn build_default(max_seeds: u8) {
    let directory = default_tables::cache_directory_here();
    default_tables::obtain_in_background(directory, max_seeds, log_building, install_built);
}

fn log_building(building: default_tables::Building<'_>) {
    tracing::info!(target: LOG_TARGET,
        path = %building.path.display(),
        max_seeds = building.max_seeds,
        bytes = building.bytes,
        threads = building.threads,
        damaged = building.damaged.map(|e| e.to_string()),
        "building the endgame tables at low priority; the computer plays without them until they are ready"
    );
}

fn install_built(obtained: Result<default_tables::Obtained, default_tables::CannotBuild>) {
    match obtained {
        Ok(obtained) => {
            // Nothing else installs tables in the bot when AKON_TABLES is unset.
            if let Ok(tables) = crate::ai::tables::install(obtained.tables) {
                tracing::info!(target: LOG_TARGET,
                    path = %tables.path().display(),
                    max_seeds = tables.max_seeds(),
                    built_in_seconds = obtained.built_in.map(|t| (t.as_secs_f64() * 10.0).round() / 10.0),
                    "endgame tables in use"
                );
            }
        }
        Err(error) => tracing::error!(target: LOG_TARGET, "{error}; the computer plays without endgame tables"),
    }
}
