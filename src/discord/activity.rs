//! The Discord Activity (`AKON_ACTIVITY=on`): the game, live, in an iframe
//! Discord opens beside the chat (the web view's `/activity`). Discord opens
//! it two ways, both here: a Play live button under an ongoing board,
//! answered with `LAUNCH_ACTIVITY`, and the application's Entry Point
//! command, which Discord handles itself (`DISCORD_LAUNCH_ACTIVITY`) and so
//! never reaches the bot. Off, boards are exactly what they were without it.

use serenity::all::{
    ButtonStyle, ComponentInteraction, CreateActionRow, CreateButton, CreateCommand, CreateInteractionResponse,
};

use super::asker::Asker;
use super::context::Context;
use super::render::Reply;
use super::{Answered, Bot, ButtonId, Languages};
use crate::i18n::Language;
use crate::service::GameView;
use crate::tr;

/// Most buttons in a row, and rows in a message, that Discord shows.
const ROW_WIDTH: usize = 5;
const MOST_ROWS: usize = 5;

impl Bot {
    /// `reply`, the board of `view`, with a Play live button while the game
    /// goes on and the Activity is on.
    pub(super) fn with_play_live(&self, language: Language, view: &GameView, mut reply: Reply) -> Reply {
        if !self.activity || view.finished.is_some() {
            return reply;
        }
        let button = CreateButton::new(ButtonId::PlayLive { game: view.id }.to_string())
            .label(tr!(language, "button-play-live"))
            .style(ButtonStyle::Primary);
        // Beside Follow, in the board's last row, which anyone may press.
        let rows = reply.components.len();
        match reply.components.last_mut() {
            Some(CreateActionRow::Buttons(buttons)) if buttons.len() < ROW_WIDTH => buttons.push(button),
            _ if rows < MOST_ROWS => reply.components.push(CreateActionRow::Buttons(vec![button])),
            _ => {}
        }
        reply
    }

    /// Play live: Discord opens the Activity for the presser, in the
    /// board's channel, where the Activity finds the game. A button left
    /// from before the Activity was turned off is answered privately.
    pub(super) async fn play_live_button(
        &self,
        ctx: &Context,
        press: &ComponentInteraction,
        languages: Languages,
    ) -> Answered {
        if !self.activity {
            crate::telemetry::interaction_outcome(crate::telemetry::Outcome::Refused);
            return self
                .private_to(ctx, press, &tr!(languages.private, "play-live-off"))
                .await;
        }
        Asker::Button(press)
            .respond(ctx, CreateInteractionResponse::LaunchActivity)
            .await
    }

    /// The commands registered: `/akon`, and where they are global and the
    /// Activity is on, its Entry Point command (Discord allows one per
    /// application, global only).
    pub(super) fn commands_to_register(&self) -> Vec<CreateCommand> {
        let mut commands = vec![super::akon_command()];
        if self.activity && self.guild_id.is_none() {
            commands.push(super::commands::entry_point_command());
        }
        commands
    }
}
