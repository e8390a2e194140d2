//! `akon bot`: runs the Discord bot until Ctrl-C or SIGTERM.

use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use crate::config::Config;
use crate::discord::{build_client, gateway_check};
use crate::service::{Service, SystemClock};
use crate::store::Store;
use crate::telemetry;

pub fn run() -> ExitCode {
    init_logging();
    let config = match Config::load() {
        Ok(config) => config,
        Err(error) => {
            eprintln!("akon: {error}");
            return ExitCode::from(super::EXIT_BAD_INPUT);
        }
    };
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("akon: cannot start the async runtime: {error}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(serve(config)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("akon: {error:#}");
            ExitCode::FAILURE
        }
    }
}

fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,serenity=warn"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .try_init();
}

async fn serve(config: Config) -> anyhow::Result<()> {
    // First, so that a taken port stops the bot before it logs anything.
    let ops = match config.metrics_addr {
        Some(addr) => Some(telemetry::serve(addr).await?),
        None => None,
    };
    let store = Store::open(&config.database_url).await.map_err(|e| {
        anyhow::anyhow!("{e}. Set DATABASE_URL in .env to a writable SQLite file, e.g. DATABASE_URL=sqlite:akon.db")
    })?;
    if let Some(ops) = &ops {
        ops.health().set_database(store.health_check());
    }
    tracing::info!(database = %config.database_url, "database ready");
    let service = Service::new(store.clone(), config.service.clone(), Arc::new(SystemClock));
    let (mut client, handle) = build_client(&config.discord, service).await?;
    let shards = client.shard_manager.clone();
    if let Some(ops) = &ops {
        ops.health().set_gateway(gateway_check(shards.clone()));
    }
    let scheduler = handle.clone();
    tokio::spawn(async move {
        shutdown_signal().await;
        tracing::info!("shutting down");
        scheduler.stop_scheduler();
        shards.shutdown_all().await;
    });
    let result = client.start().await;
    // Moves are written in single transactions, so stopping cannot leave a
    // half-written game; waiting lets answers in flight reach the players.
    handle.wait_idle(Duration::from_secs(5)).await;
    if let Some(ops) = ops {
        ops.stop().await;
    }
    store.close().await;
    result.map_err(|e| anyhow::anyhow!("Discord connection failed: {e}. Check DISCORD_TOKEN and the network."))
}

async fn shutdown_signal() {
    let ctrl_c = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut term = match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(term) => term,
            Err(_) => {
                let _ = ctrl_c.await;
                return;
            }
        };
        tokio::select! {
            _ = ctrl_c => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = ctrl_c.await;
    }
}
