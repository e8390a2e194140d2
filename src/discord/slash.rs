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
use super::{player_of, response, Answered, Bot, Call, SettingsChanges};
use crate::board_text::level_name;
use crate::engine::Seat;
use crate::i18n::Language;
use crate::service::{ChallengeRequest, Challenged, GameView, InactiveDays, Languages, Place, ServiceError};
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
            AkonCommand::Settings {
                dm_reminders,
                time,
                language,
                server_language,
                tournament_role,
                board_style,
                server_board_style,
                web_games,
                web_leaderboard,
                leaderboard_inactive_days,
                season_channel,
                daily_puzzle,
            } => {
                if let Some(role) = tournament_role {
                    let may_manage = command
                        .member
                        .as_ref()
                        .and_then(|member| member.permissions)
                        .is_some_and(|permissions| permissions.manage_guild());
                    if let Err(error) = self
                        .service
                        .set_tournament_role(place.guild_id, may_manage, Some(role))
                        .await
                    {
                        if matches!(error, ServiceError::NeedsManageServer) {
                            crate::telemetry::interaction_outcome(crate::telemetry::Outcome::Refused);
                            return self
                                .private(ctx, command, &tr!(mine, "refusal-tournament-role-needs-manage-server"))
                                .await;
                        }
                        return self
                            .refuse(ctx, Asker::Command(command), mine, &error, "settings")
                            .await;
                    }
                }
                if let Some(channel) = season_channel {
                    if let Err(refusal) = self.choose_season_channel(call, channel).await {
                        return refusal;
                    }
                }
                if daily_puzzle != Default::default() {
                    if let Err(refusal) = self.change_daily_puzzle(call, daily_puzzle).await {
                        return refusal;
                    }
                }
                let changes = (
                    (dm_reminders, time),
                    (language, server_language),
                    (board_style, server_board_style),
                );
                self.settings_command(call, changes, (web_games, web_leaderboard, leaderboard_inactive_days))
                    .await
            }
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

    /// `/akon settings`: changes what was given (a server's settings only
    /// with Manage Server, checked before anything changes), then shows
    /// every setting.
    pub(super) async fn settings_command(
        &self,
        call: Call<'_, CommandInteraction>,
        ((dm_reminders, time), (language, server_language), (board_style, server_board_style)): SettingsChanges,
        (web_games, web_leaderboard, inactive_days): (Option<bool>, Option<bool>, Option<InactiveDays>),
    ) -> Answered {
        let Call {
            ctx,
            interaction: command,
            user,
            place,
            ..
        } = call;
        let mine = call.languages.private;
        let may_manage = command
            .member
            .as_ref()
            .and_then(|member| member.permissions)
            .is_some_and(|permissions| permissions.manage_guild());
        let shown = async {
            let server_changes = server_language.is_some()
                || server_board_style.is_some()
                || web_games.is_some()
                || web_leaderboard.is_some()
                || inactive_days.is_some();
            if server_changes {
                match place.guild_id {
                    None => return Err(ServiceError::NotInAServer),
                    Some(_) if !may_manage => return Err(ServiceError::NeedsManageServer),
                    Some(_) => {}
                }
            }
            if web_games.is_some() || web_leaderboard.is_some() {
                self.service
                    .set_web_settings(place.guild_id, may_manage, web_games, web_leaderboard)
                    .await?;
            }
            if let Some(days) = inactive_days {
                self.service
                    .set_leaderboard_inactive_days(place.guild_id, may_manage, days)
                    .await?;
            }
            if let Some(server_language) = server_language {
                self.service
                    .set_server_language(place.guild_id, may_manage, server_language)
                    .await?;
            }
            if let Some(style) = server_board_style {
                self.service
                    .set_server_board_style(place.guild_id, may_manage, user.id, style)
                    .await?;
                // Whoever chose is to be told if a channel refuses the
                // pictures, even one that refused them before.
                self.refused_channels.forget_all();
            }
            if let Some(language) = language {
                self.service.set_language(user.id, language).await?;
            }
            if let Some(style) = board_style {
                self.service.set_board_style(user.id, style).await?;
            }
            let settings = self.service.update_settings(user, dm_reminders, time).await?;
            let my_language = self.service.user_language_setting(user.id).await?;
            let my_style = self.service.user_board_style(user.id).await?;
            let server = match place.guild_id {
                Some(guild) => Some((
                    self.service.server_language_setting(guild).await?,
                    self.service.server_board_style(guild).await?,
                )),
                None => None,
            };
            // Said only where the pages are linked from Discord.
            let web = match (place.guild_id, &self.web) {
                (Some(guild), Some(_)) => Some(self.service.web_settings(guild).await?),
                _ => None,
            };
            let podiums = match place.guild_id {
                Some(guild) => self.service.season_channel(guild).await?,
                None => None,
            };
            // Said once chosen, or when just changed, so that the settings
            // of a server that never chose read as they always have.
            let leaderboard = match place.guild_id {
                Some(guild) => {
                    let days = self.service.leaderboard_inactive_days(guild).await?;
                    (days != InactiveDays::OFF || inactive_days.is_some()).then_some(days)
                }
                None => None,
            };
            Ok::<_, ServiceError>((settings, (my_language, my_style), server, (web, leaderboard, podiums)))
        }
        .await;
        match shown {
            Ok((settings, (my_language, my_style), server, (web, leaderboard, podiums))) => {
                // The answer speaks the language just chosen (or, when the
                // player goes back to Discord's, their Discord's).
                let language = match (my_language.chosen, language) {
                    (true, _) => my_language.language,
                    (false, Some(None)) => Language::from_discord_locale(&command.locale),
                    (false, _) => mine,
                };
                let mut text = render::settings(language, &settings, (my_language, my_style), server);
                if let Some(web) = web {
                    text.push('\n');
                    text.push_str(&render::web_settings(language, web));
                }
                if let Some(days) = leaderboard {
                    text.push('\n');
                    text.push_str(&render::records::leaderboard_inactive_setting(language, days));
                }
                if let Some(channel) = podiums {
                    text.push('\n');
                    text.push_str(&tr!(
                        language,
                        "settings-season-channel",
                        channel = format!("<#{channel}>")
                    ));
                }
                if let Some(guild) = place.guild_id {
                    if let Some(line) = self.daily_puzzle_setting_line(language, guild).await {
                        text.push('\n');
                        text.push_str(&line);
                    }
                }
                self.private(ctx, command, &text).await
            }
            Err(error) => {
                self.refuse(ctx, Asker::Command(command), mine, &error, "settings")
                    .await
            }
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
