//! Ratings and records on Discord: `/akon leaderboard`, `stats`, `history`,
//! `game` and `abort`, and the Previous/Next buttons of leaderboards and
//! histories (whose `custom_id` carries everything a page needs, so they
//! keep working after a restart). What they show is drawn by
//! `render_records.rs`.

use serenity::all::{
    CommandInteraction, ComponentInteraction, Context, CreateInteractionResponse, CreateInteractionResponseMessage,
};

use super::render_records;
use super::{response, Answered, Bot, Call};
use crate::service::Languages;
use crate::service::{Delivery, Player, Scope};
use crate::tr;

impl Bot {
    pub(super) async fn leaderboard_command(&self, call: Call<'_, CommandInteraction>, global: bool) -> Answered {
        let Call {
            ctx,
            interaction: command,
            languages: Languages { private: mine, public },
            user,
            place,
        } = call;
        let scope = match (global, place.guild_id) {
            (true, _) => Scope::Global,
            (false, Some(guild)) => Scope::Server(guild),
            (false, None) => {
                crate::telemetry::interaction_outcome(crate::telemetry::Outcome::Refused);
                return self
                    .private(ctx, command, &tr!(mine, "refusal-no-server-to-rank"))
                    .await;
            }
        };
        match self.service.leaderboard(scope, 0, user.id).await {
            Ok(board) => self
                .public(
                    ctx,
                    command,
                    &render_records::leaderboard(public, &board, place.guild_id.unwrap_or(0)),
                )
                .await
                .map(|_| ()),
            Err(error) => {
                self.private(ctx, command, &self.error_text(mine, &error, "leaderboard"))
                    .await
            }
        }
    }

    /// Previous or Next on a leaderboard: the message shows the new page,
    /// with where the presser stands.
    pub(super) async fn leaderboard_button(
        &self,
        ctx: &Context,
        press: &ComponentInteraction,
        languages: Languages,
        user: &Player,
        (global, guild, page): (bool, u64, i64),
    ) -> Answered {
        let scope = if global { Scope::Global } else { Scope::Server(guild) };
        match self.service.leaderboard(scope, page, user.id).await {
            Ok(board) => {
                let update = response(&render_records::leaderboard(languages.public, &board, guild));
                press
                    .create_response(&ctx.http, CreateInteractionResponse::UpdateMessage(update))
                    .await
            }
            Err(error) => {
                self.private_to(ctx, press, &self.error_text(languages.private, &error, "leaderboard"))
                    .await
            }
        }
    }

    pub(super) async fn stats_command(&self, call: Call<'_, CommandInteraction>, player: Option<Player>) -> Answered {
        let Call {
            ctx,
            interaction: command,
            languages,
            user,
            place,
        } = call;
        let who = player.unwrap_or_else(|| user.clone());
        match self.service.stats(user, &who, place.guild_id).await {
            Ok(found) => self
                .public(ctx, command, &render_records::stats(languages.public, &found))
                .await
                .map(|_| ()),
            Err(error) => {
                self.private(ctx, command, &self.error_text(languages.private, &error, "stats"))
                    .await
            }
        }
    }

    pub(super) async fn history_command(
        &self,
        ctx: &Context,
        command: &CommandInteraction,
        languages: Languages,
        user: &Player,
        player: Option<Player>,
    ) -> Answered {
        let who = player.unwrap_or_else(|| user.clone());
        match self.service.history_of(&who, 0).await {
            Ok(page) => self
                .public(ctx, command, &render_records::history(languages.public, &page))
                .await
                .map(|_| ()),
            Err(error) => {
                self.private(ctx, command, &self.error_text(languages.private, &error, "history"))
                    .await
            }
        }
    }

    pub(super) async fn history_button(
        &self,
        ctx: &Context,
        press: &ComponentInteraction,
        languages: Languages,
        player: u64,
        page: i64,
    ) -> Answered {
        match self.service.history(player, page).await {
            Ok(page) => {
                let update = response(&render_records::history(languages.public, &page));
                press
                    .create_response(&ctx.http, CreateInteractionResponse::UpdateMessage(update))
                    .await
            }
            Err(error) => {
                self.private_to(ctx, press, &self.error_text(languages.private, &error, "history"))
                    .await
            }
        }
    }

    pub(super) async fn game_command(
        &self,
        ctx: &Context,
        command: &CommandInteraction,
        languages: Languages,
        game_id: i64,
    ) -> Answered {
        match self.service.game_record(game_id).await {
            Ok(record) => self
                .public(ctx, command, &render_records::game(languages.public, &record))
                .await
                .map(|_| ()),
            Err(error) => {
                self.private(ctx, command, &self.error_text(languages.private, &error, "game"))
                    .await
            }
        }
    }

    pub(super) async fn abort_command(&self, call: Call<'_, CommandInteraction>, game: Option<i64>) -> Answered {
        let Call {
            ctx,
            interaction: command,
            languages,
            user,
            place,
        } = call;
        let aborted = match self.service.game_of(user.id, game, place.channel_id).await {
            Ok(view) => self.service.abort(view.id, user).await,
            Err(error) => Err(error),
        };
        self.answer_game_end(ctx, command, languages, aborted, "abort").await
    }

    /// The Abort button of a board: the pressed board loses its buttons and
    /// the final board follows.
    pub(super) async fn abort_button(
        &self,
        ctx: &Context,
        press: &ComponentInteraction,
        languages: Languages,
        user: &Player,
        game: i64,
    ) -> Answered {
        let _busy = self.busy.hold(game);
        match self.service.abort(game, user).await {
            Ok(view) => {
                let update = CreateInteractionResponseMessage::new().components(vec![]);
                let answered = press
                    .create_response(&ctx.http, CreateInteractionResponse::UpdateMessage(update))
                    .await;
                if let Err(error) = &answered {
                    tracing::warn!(%error, game_id = game, "could not answer an abort");
                }
                let board = (press.channel_id.get(), press.message.id.get());
                let owed = Delivery::after_press(view, board, answered.is_ok());
                self.deliver(ctx, &owed, None, languages.public).await
            }
            Err(error) => {
                self.private_to(ctx, press, &self.error_text(languages.private, &error, "abort"))
                    .await
            }
        }
    }
}
