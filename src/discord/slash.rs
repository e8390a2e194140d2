//! The `/akon` subcommands: each parsed option set goes to the service and
//! its result comes back as a message.

use super::context::Context;
use serenity::all::{
    CommandInteraction, CreateInteractionResponse, CreateInteractionResponseFollowup, CreateInteractionResponseMessage,
    GuildId, Message,
};

use super::asker::Asker;
use super::commands::{self, AkonCommand, CommandError};
use super::render::{self, Reply};
use super::{player_of, response, Answered, Bot, Call};
use crate::board_text::level_name;
use crate::engine::Seat;
use crate::service::{ChallengeRequest, Challenged, GameView, Languages, Place, ServiceError};
use crate::tr;

impl Bot {
    pub(super) async fn on_command(
        &self,
        ctx: &Context,
        command: &CommandInteraction,
        languages: Languages,
    ) -> Answered {
        let Languages { private: mine, public } = languages;
        let user = player_of(&command.user);
        let place = Place {
            guild_id: command.guild_id.map(GuildId::get),
            channel_id: command.channel_id.get(),
        };
        tracing::debug!(user_id = user.id, command = %command.data.name, "slash command");
        let call = Call {
            ctx,
            interaction: command,
            languages,
            user: &user,
            place,
        };
        let parsed = match commands::parse(command) {
            Ok(parsed) => parsed,
            Err(error) => {
                crate::telemetry::interaction_outcome(crate::telemetry::Outcome::Refused);
                return self.private(ctx, command, &error.sentence(mine)).await;
            }
        };
        match parsed {
            AkonCommand::Rules => self.private_pages(ctx, command, &render::rules(mine)).await,
            AkonCommand::Review { game } => self.review_command(ctx, command, languages, game).await,
            AkonCommand::Puzzle => self.puzzle_command(ctx, command, languages, &user).await,
            AkonCommand::Challenge { opponent: None, .. } => {
                let error = CommandError::BadOption("opponent".into());
                crate::telemetry::interaction_outcome(crate::telemetry::Outcome::Refused);
                self.private(ctx, command, &error.sentence(mine)).await
            }
            AkonCommand::Challenge {
                opponent: Some(opponent),
                level,
                time,
            } => {
                let opponent_player = player_of(&opponent);
                let request = ChallengeRequest {
                    place,
                    challenger: &user,
                    opponent: &opponent_player,
                    opponent_is_the_computer: opponent.id == ctx.bot_user(),
                    level,
                    time,
                };
                match self.service.challenge_or_play(request).await {
                    Ok(Challenged::Challenge(view)) => {
                        let message = self.public(ctx, command, &render::challenge(public, &view)).await?;
                        self.challenge_posted(view.id, (&message).into()).await;
                        Ok(())
                    }
                    Ok(Challenged::ComputerGame { view, level }) => {
                        // The new game owes its first board until this answer
                        // is recorded: the delivery loop must leave it to us.
                        let _busy = self.busy.hold(view.id);
                        let first = view.game.start().to_move();
                        let intro = tr!(
                            public,
                            "computer-game-intro",
                            player = render::mention(view.player(Seat::A)),
                            level = level_name(public, level),
                            first = render::player_name(public, &view, first),
                            seat = first.to_string()
                        );
                        let message = self
                            .answer_with_board(ctx, Asker::Command(command), &view, public, Some(&intro))
                            .await?;
                        self.board_answered(ctx, &view, &message).await?;
                        self.computer_turn_if_due(ctx, &view).await
                    }
                    Err(error) => {
                        self.refuse(ctx, Asker::Command(command), mine, &error, "challenge")
                            .await
                    }
                }
            }
            AkonCommand::Settings(changes) => self.settings_command(call, changes).await,
            AkonCommand::Tournament(parsed) => self.tournament_command(call, parsed).await,
            AkonCommand::Games => match self.service.ongoing_games(user.id).await {
                Ok(games) => {
                    self.private(ctx, command, &render::games_list(mine, user.id, &games).content)
                        .await
                }
                Err(error) => self.refuse(ctx, Asker::Command(command), mine, &error, "games").await,
            },
            AkonCommand::Board { game } => match self.service.game_of(user.id, game, place.channel_id).await {
                Ok(view) => {
                    let _busy = self.busy.hold(view.id);
                    let message = self
                        .answer_with_board(ctx, Asker::Command(command), &view, public, None)
                        .await?;
                    self.board_answered(ctx, &view, &message).await
                }
                Err(error) => self.refuse(ctx, Asker::Command(command), mine, &error, "board").await,
            },
            AkonCommand::Resign { game } => {
                let resigned = match self.service.game_of(user.id, game, place.channel_id).await {
                    Ok(view) => self.service.resign(view.id, &user).await,
                    Err(error) => Err(error),
                };
                self.answer_game_end(ctx, command, languages, resigned, "resign").await
            }
            AkonCommand::Leaderboard { global, season } => match season.month(self.service.now()) {
                None => self.leaderboard_command(call, global).await,
                Some(month) => self.season_command(call, global, month).await,
            },
            AkonCommand::Stats { player } => self.stats_command(call, player.as_ref().map(player_of)).await,
            AkonCommand::History { player } => {
                self.history_command(ctx, command, languages, &user, player.as_ref().map(player_of))
                    .await
            }
            AkonCommand::Game { id } => self.game_command(ctx, command, languages, id).await,
            AkonCommand::Abort { game } => self.abort_command(call, game).await,
        }
    }

    /// Several private messages: the answer, then follow-ups.
    pub(super) async fn private_pages(
        &self,
        ctx: &Context,
        command: &CommandInteraction,
        pages: &[String],
    ) -> Answered {
        let Some((first, rest)) = pages.split_first() else {
            return Ok(());
        };
        self.private(ctx, command, first).await?;
        for page in rest {
            let followup = CreateInteractionResponseFollowup::new().content(page).ephemeral(true);
            command.create_followup(&ctx.http, followup).await?;
        }
        Ok(())
    }

    pub(super) async fn private(&self, ctx: &Context, command: &CommandInteraction, text: &str) -> Answered {
        let message = CreateInteractionResponseMessage::new().content(text).ephemeral(true);
        Asker::Command(command)
            .respond(ctx, CreateInteractionResponse::Message(message))
            .await
    }

    /// Answers a command that ended a game (`action`): the final board for
    /// everyone, and the last board loses its buttons; or the refusal,
    /// privately.
    pub(super) async fn answer_game_end(
        &self,
        ctx: &Context,
        command: &CommandInteraction,
        languages: Languages,
        ended: Result<GameView, ServiceError>,
        action: &str,
    ) -> Answered {
        match ended {
            Ok(view) => {
                let _busy = self.busy.hold(view.id);
                let message = self
                    .answer_with_board(ctx, Asker::Command(command), &view, languages.public, None)
                    .await?;
                self.board_answered(ctx, &view, &message).await
            }
            Err(error) => {
                self.private(ctx, command, &self.error_text(languages.private, &error, action))
                    .await
            }
        }
    }

    /// Answers in the channel, for everyone, and returns the message sent.
    pub(super) async fn public(
        &self,
        ctx: &Context,
        command: &CommandInteraction,
        reply: &Reply,
    ) -> serenity::Result<Message> {
        Asker::Command(command)
            .respond(ctx, CreateInteractionResponse::Message(response(reply)))
            .await?;
        command.get_response(&ctx.http).await
    }

    // Buttons.
}
