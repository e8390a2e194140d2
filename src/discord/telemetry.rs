//! What the Discord side tells operators: which interaction was handled
//! (for the metrics) and whether the gateway is connected (for `/healthz`).

use std::sync::Arc;

use serenity::all::{CommandInteraction, ComponentInteraction, Interaction};
use serenity::gateway::{ConnectionStage, ShardManager};

use super::commands;
use super::custom_id::ButtonId;
use crate::telemetry::{Check, InteractionKind, InteractionTimer};

/// Starts timing `interaction`, labelled with its kind and name. Names come
/// from a fixed list (what we registered, what our buttons carry), never
/// from the payload, so a crafted one cannot add labels without end.
pub(super) fn timer_for(interaction: &Interaction) -> InteractionTimer {
    let (kind, name) = match interaction {
        Interaction::Command(command) => (InteractionKind::Command, command_name(command)),
        Interaction::Component(press) => (InteractionKind::Button, button_name(press)),
        _ => (InteractionKind::Other, "other"),
    };
    InteractionTimer::start(kind, name)
}

fn command_name(command: &CommandInteraction) -> &'static str {
    match commands::parse(command) {
        Ok(parsed) => parsed.name(),
        Err(_) => "unknown",
    }
}

fn button_name(press: &ComponentInteraction) -> &'static str {
    match press.data.custom_id.parse::<ButtonId>() {
        Ok(ButtonId::Accept { .. }) => "accept",
        Ok(ButtonId::Decline { .. }) => "decline",
        Ok(ButtonId::Move { .. }) => "move",
        Ok(ButtonId::Resign { .. }) => "resign",
        Ok(ButtonId::ResignConfirmed { .. }) => "resign-confirmed",
        Ok(ButtonId::Refresh { .. }) => "refresh",
        Ok(ButtonId::Follow { .. }) => "follow",
        Ok(ButtonId::Unfollow { .. }) => "unfollow",
        Ok(ButtonId::Rematch { .. }) => "rematch",
        Ok(ButtonId::Abort { .. }) => "abort",
        Ok(ButtonId::Leaderboard { .. }) => "leaderboard",
        Ok(ButtonId::History { .. }) => "history",
        Ok(ButtonId::Review { .. }) => "review",
        Ok(ButtonId::Hint { .. }) => "hint",
        Ok(ButtonId::Puzzle { .. }) => "puzzle",
        Ok(ButtonId::NextPuzzle) => "puzzle-next",
        Ok(ButtonId::DailyPuzzle { .. }) => "daily-puzzle",
        Ok(ButtonId::DailyAnswer { .. }) => "daily-answer",
        Ok(ButtonId::TournamentJoin { .. }) => "tournament-join",
        Ok(ButtonId::TournamentLeave { .. }) => "tournament-leave",
        Ok(ButtonId::Takeback { .. }) => "takeback",
        Ok(ButtonId::TakebackAnswer { accept: true, .. }) => "takeback-accept",
        Ok(ButtonId::TakebackAnswer { accept: false, .. }) => "takeback-decline",
        Ok(ButtonId::PlayLive { .. }) => "play-live",
        Err(_) => "unknown",
    }
}

/// Connected while every shard is: serenity keeps each shard's stage in
/// its runner info, and drops the runner while it reconnects, so no shard
/// at all means not connected either.
pub fn gateway_check(shards: Arc<ShardManager>) -> Check {
    Check::new(move || {
        let shards = shards.clone();
        async move {
            let runners = shards.runners.lock().await;
            if runners.is_empty() {
                return Err("not connected to the Discord gateway".to_string());
            }
            match runners
                .iter()
                .find(|(_, runner)| runner.stage != ConnectionStage::Connected)
            {
                Some((id, runner)) => Err(format!(
                    "shard {id} is {}, not connected to the Discord gateway",
                    runner.stage
                )),
                None => Ok(()),
            }
        }
    })
}
