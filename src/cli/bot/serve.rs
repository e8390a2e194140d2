//! Starting the bot's parts in turn, then serving until a stop request
//! or the end of the gateway.

use super::LOG_TARGET;
use std::sync::Arc;

use tokio::sync::watch;

use super::lock::{lock_the_database, DatabaseLock};
use super::probe::wait_until_reachable;
use super::shutdown::Running;
use super::{endgame_tables, gateway, signals, Failure};
use crate::config::Config;
use crate::discord::{build_client, gateway_check, rest_client, serve_interactions, InteractionsSettings};
use crate::service::{Service, SystemClock};
use crate::store::{Backend, Store};
use crate::telemetry;

/// Runs the bot until it is asked to stop or cannot go on, then stops
/// what it started.
pub(super) async fn serve(config: Config) -> Result<(), Failure> {
    let mut stop = signals::stop_requests();
    Running::guard(async |running| serve_until_stopped(&config, &mut stop, running).await).await
}

async fn serve_until_stopped(
    config: &Config,
    stop: &mut watch::Receiver<bool>,
    running: &mut Running,
) -> Result<(), Failure> {
    // First, so that a taken port stops the bot before it logs anything.
    if let Some(addr) = config.metrics_addr {
        running.ops = Some(telemetry::serve(addr).await.map_err(anyhow::Error::from)?);
    }
    // Likewise the web pages' port; they are served once the database is open.
    let web_listener = match config.web_addr {
        Some(addr) => Some(crate::web::bind(addr).await.map_err(anyhow::Error::from)?),
        None => None,
    };
    let interactions_listener = match &config.interactions {
        Some((addr, _)) => Some(bind_interactions(*addr).await?),
        None => None,
    };
    let backend = Backend::of_url(&config.database_url);
    // Only SQLite needs the lock: processes on one PostgreSQL database share
    // the work through the database itself.
    if backend == Backend::Sqlite {
        match lock_the_database(&config.database_url, stop).await? {
            DatabaseLock::Held(lock) => running.lock = Some(lock),
            DatabaseLock::NoDirectory => {}
            DatabaseLock::Stopped => return Ok(()),
        }
    }
    // Who this process is to the others on the database; in HTTP mode the
    // address bound, the port chosen if the one set was 0.
    let lease_owner = match &interactions_listener {
        Some(listener) => http_lease_owner(listener.local_addr().map_err(anyhow::Error::from)?),
        None => config.discord.shards.lease_owner(),
    };
    let store = open_store(config, backend, &lease_owner).await?;
    running.store = Some(store.clone());
    if backend == Backend::Sqlite {
        // The lock shows that no other process runs on this file: whatever
        // leases are left belong to a process that died.
        store.clear_leases().await.map_err(anyhow::Error::from)?;
    }
    if let Some(ops) = &running.ops {
        ops.health().set_database(store.health_check());
    }
    tracing::info!(target: LOG_TARGET, database = %crate::store::redacted_url(&config.database_url), "database ready");
    // Once the bot is sure to run, so that a configuration it stops on is
    // said in one line with nothing built.
    endgame_tables::take(&config.tables);
    let service = Service::new(store, config.service.clone(), Arc::new(SystemClock));
    // The pages read the database only, so they are served while Discord
    // is still being reached.
    if let Some(listener) = web_listener {
        let options = crate::web::WebOptions {
            sign_in: config.web_sign_in.clone(),
            activity: config.discord.activity,
            ..crate::web::WebOptions::default()
        };
        running.web = Some(crate::web::serve_with(listener, service.clone(), options).map_err(anyhow::Error::from)?);
    }
    if !wait_until_reachable(&rest_client(&config.discord), stop).await? {
        return Ok(());
    }
    match (interactions_listener, &config.interactions) {
        (Some(listener), Some((_, interactions))) => {
            serve_over_http(config, interactions, service, listener, stop, running).await
        }
        _ => serve_over_the_gateway(config, service, stop, running).await,
    }
}

/// Opens the database, saying what to check when it cannot.
async fn open_store(config: &Config, backend: Backend, lease_owner: &str) -> Result<Store, Failure> {
    let store = Store::open(&config.database_url).await.map_err(|e| match backend {
        Backend::Sqlite => {
            anyhow::anyhow!("{e}. Set DATABASE_URL in .env to a writable SQLite file, e.g. DATABASE_URL=sqlite:akon.db")
        }
        Backend::Postgres => anyhow::anyhow!(
            "{e}. Check that the PostgreSQL server DATABASE_URL names is running, reachable, and lets this user in"
        ),
    })?;
    Ok(store.with_lease_owner(lease_owner))
}

/// HTTP mode: takes interactions on `listener` until a stop request.
async fn serve_over_http(
    config: &Config,
    interactions: &InteractionsSettings,
    service: Service,
    listener: tokio::net::TcpListener,
    stop: &mut watch::Receiver<bool>,
    running: &mut Running,
) -> Result<(), Failure> {
    let served = tokio::select! {
        served = serve_interactions(&config.discord, interactions, service, listener) => served,
        _ = stop.wait_for(|stopping| *stopping) => return Ok(()),
    };
    let (server, handle) = served.map_err(|e| anyhow::anyhow!("cannot start taking interactions over HTTP: {e}"))?;
    running.interactions = Some(server);
    running.bot = Some(handle);
    if let Some(ops) = &running.ops {
        ops.health().without_gateway();
    }
    let _ = stop.wait_for(|stopping| *stopping).await;
    Ok(())
}

/// Gateway mode: runs the shards until a stop request, or until serenity
/// gives up.
async fn serve_over_the_gateway(
    config: &Config,
    service: Service,
    stop: &mut watch::Receiver<bool>,
    running: &mut Running,
) -> Result<(), Failure> {
    // Building asks Discord for the gateway address, with no time limit.
    let built = tokio::select! {
        built = build_client(&config.discord, service) => built,
        _ = stop.wait_for(|stopping| *stopping) => return Ok(()),
    };
    let (client, handle) = built.map_err(|e| anyhow::anyhow!("cannot build the Discord client: {e}"))?;
    running.bot = Some(handle);
    let shards = client.shard_manager.clone();
    if let Some(ops) = &running.ops {
        ops.health().set_gateway(gateway_check(shards.clone()));
    }
    running.gateway_watcher = Some(tokio::spawn(gateway::watch(shards.clone())));
    running.open_gateway = Some(shards);
    let client = running.client.insert(client);
    let ended = tokio::select! {
        result = config.discord.shards.start(client) => result,
        _ = stop.wait_for(|stopping| *stopping) => return Ok(()),
    };
    // The gateway ended by itself: there is nothing left to close.
    running.open_gateway = None;
    match ended {
        Ok(()) => Ok(()),
        Err(serenity::Error::Gateway(serenity::gateway::GatewayError::InvalidAuthentication)) => {
            Err(Failure::TokenRejected)
        }
        Err(error) => Err(anyhow::anyhow!("Discord connection failed: {error}").into()),
    }
}

/// Binds the interactions endpoint's port, saying which variable to change
/// when it cannot.
async fn bind_interactions(addr: std::net::SocketAddr) -> Result<tokio::net::TcpListener, Failure> {
    tokio::net::TcpListener::bind(addr).await.map_err(|error| {
        Failure::Other(anyhow::anyhow!(
            "cannot listen on {addr} for interactions: {error}; set AKON_INTERACTIONS_ADDR to a free address and port"
        ))
    })
}

/// Who an HTTP-mode process is to the others on the database: its host and
/// address, stable across its restarts and distinct from its peers'.
fn http_lease_owner(addr: std::net::SocketAddr) -> String {
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname").unwrap_or_default();
    format!("interactions {} {addr}", host.trim())
}
