//! `/akon tournament …`, the Join and Leave buttons, and the tournament's
//! message: posted once in its channel, then edited whenever the
//! tournament changes, under the tournament's lease (see
//! `service::tournament_messages`). The service decides everything; this
//! parses, asks and shows.

use super::context::Context;
use serenity::all::{ChannelId, CommandInteraction, ComponentInteraction, EditMessage, MessageId};

use super::asker::Asker;
use super::commands::{parse_starts_at, TournamentCommand};
use super::pictures::BoardPng;
use super::posting::{post, post_with_picture, posted_before, Posted, RequestFailure, NONCE_WINDOW_SECS};
use super::render::display_name;
use super::render::tournaments as render_tournaments;
use super::render::Reply;
use super::{logged_by_the_store, manages_server, Answered, Bot, Call};
use crate::i18n::Language;
use crate::service::{
    Member, Player, ServiceError, SettleFor, TournamentMessage, TournamentRequest, TournamentStep, TournamentView,
};
use crate::tr;

/// The most tournaments whose messages one pass settles.
const MESSAGES_PER_PASS: i64 = 50;

/// The most times one task edits a tournament's message for changes made
/// while it was editing.
const MESSAGE_ROUNDS: usize = 32;

/// Manage Server and the roles of whoever sent `command`, as Discord gives
/// them with the interaction (none outside a server).
fn rights(command: &CommandInteraction) -> (bool, Vec<u64>) {
    match &command.member {
        Some(member) => (
            manages_server(command),
            member.roles.iter().map(|role| role.get()).collect(),
        ),
        None => (false, Vec::new()),
    }
}

impl Bot {
    pub(super) async fn tournament_command(
        &self,
        call: Call<'_, CommandInteraction>,
        parsed: TournamentCommand,
    ) -> Answered {
        let Call {
            ctx,
            interaction: command,
            user,
            place,
            ..
        } = call;
        let mine = call.languages.private;
        let (manage_server, roles) = rights(command);
        let member = Member {
            player: user,
            manage_server,
            roles: &roles,
        };
        let refuse = |error: ServiceError| async move {
            self.refuse(ctx, Asker::Command(command), mine, &error, "tournament")
                .await
        };
        let meant = |id: Option<i64>| self.service.tournament_meant(id, place.channel_id);
        match parsed {
            TournamentCommand::Create {
                name,
                format,
                rounds,
                time,
                max_players,
                rated,
                starts_at,
            } => {
                let starts_at = match starts_at
                    .as_deref()
                    .map(|text| parse_starts_at(text, self.service.now()))
                {
                    None => None,
                    Some(Some(at)) => Some(at),
                    Some(None) => {
                        crate::telemetry::interaction_outcome(crate::telemetry::Outcome::Refused);
                        return self
                            .private(ctx, command, &tr!(mine, "refusal-tournament-starts-at-format"))
                            .await;
                    }
                };
                let request = TournamentRequest {
                    place,
                    organiser: user,
                    name: &name,
                    format,
                    rounds,
                    time_per_move: time.unwrap_or_default(),
                    max_players,
                    rated,
                    starts_at,
                };
                match self.service.create_tournament_as(request, &member).await {
                    Ok(view) => {
                        self.tournament_done(
                            ctx,
                            command,
                            &tr!(
                                mine,
                                "tournament-created",
                                name = display_name(mine, &view.name),
                                id = view.id.to_string()
                            ),
                            view.id,
                        )
                        .await
                    }
                    Err(error) => refuse(error).await,
                }
            }
            TournamentCommand::Start { tournament } => {
                let started = match meant(tournament).await {
                    Ok(id) => self.service.start_tournament_as(id, &member).await,
                    Err(error) => Err(error),
                };
                match started {
                    Ok(opened) => {
                        let view = self.service.tournament(opened.tournament_id).await;
                        let text = match &view {
                            Ok(view) => tr!(
                                mine,
                                "tournament-started",
                                name = display_name(mine, &view.name),
                                id = view.id.to_string()
                            ),
                            Err(_) => tr!(
                                mine,
                                "tournament-started",
                                name = "",
                                id = opened.tournament_id.to_string()
                            ),
                        };
                        self.tournament_done(ctx, command, &text, opened.tournament_id).await?;
                        self.post_round(ctx, &opened.games).await;
                        Ok(())
                    }
                    Err(error) => refuse(error).await,
                }
            }
            TournamentCommand::Cancel { tournament } => {
                let cancelled = match meant(tournament).await {
                    Ok(id) => self.service.cancel_tournament_as(id, &member).await,
                    Err(error) => Err(error),
                };
                match cancelled {
                    Ok(view) => {
                        let text = self.named(mine, "tournament-cancelled-done", &view);
                        self.tournament_done(ctx, command, &text, view.id).await
                    }
                    Err(error) => refuse(error).await,
                }
            }
            TournamentCommand::Withdraw { tournament } => {
                let withdrawn = match meant(tournament).await {
                    Ok(id) => self.service.withdraw_from_tournament(id, user).await,
                    Err(error) => Err(error),
                };
                match withdrawn {
                    Ok(view) => {
                        let text = self.named(mine, "tournament-withdrawn", &view);
                        self.tournament_done(ctx, command, &text, view.id).await
                    }
                    Err(error) => refuse(error).await,
                }
            }
            TournamentCommand::Standings { tournament } => {
                let shown = async {
                    let id = meant(tournament).await?;
                    let view = self.service.tournament(id).await?;
                    let standings = self.service.tournament_standings(id).await?;
                    Ok::<_, ServiceError>((view, standings))
                }
                .await;
                match shown {
                    Ok((view, standings)) => {
                        let text = render_tournaments::standings_private(mine, &view, &standings);
                        self.private(ctx, command, &text).await
                    }
                    Err(error) => refuse(error).await,
                }
            }
            TournamentCommand::AddComputer { level, tournament } => {
                let me = Player {
                    id: ctx.bot_user().get(),
                    name: ctx.bot_name().to_string(),
                    is_bot: true,
                };
                let added = match meant(tournament).await {
                    Ok(id) => self.service.add_computer_as(id, &member, &me, level).await,
                    Err(error) => Err(error),
                };
                match added {
                    Ok(view) => {
                        let text = tr!(
                            mine,
                            "tournament-computer-added",
                            name = display_name(mine, &view.name),
                            level = crate::board_text::level_name(mine, level)
                        );
                        self.tournament_done(ctx, command, &text, view.id).await
                    }
                    Err(error) => refuse(error).await,
                }
            }
        }
    }

    fn named(&self, l: Language, key: &str, view: &TournamentView) -> String {
        let name = display_name(l, &view.name);
        match key {
            "tournament-cancelled-done" => tr!(l, "tournament-cancelled-done", name = name),
            "tournament-withdrawn" => tr!(l, "tournament-withdrawn", name = name),
            "tournament-joined" => tr!(l, "tournament-joined", name = name),
            _ => tr!(l, "tournament-left", name = name),
        }
    }

    /// Tells the asker privately that it is done, then brings the
    /// tournament's message up to date.
    async fn tournament_done(&self, ctx: &Context, command: &CommandInteraction, text: &str, id: i64) -> Answered {
        let answered = self.private(ctx, command, text).await;
        self.settle_tournament_message(ctx, id).await;
        answered
    }

    /// Join or Leave pressed on a tournament's message.
    pub(super) async fn tournament_button(
        &self,
        call: Call<'_, ComponentInteraction>,
        tournament: i64,
        join: bool,
    ) -> Answered {
        let Call {
            ctx,
            interaction: press,
            user,
            ..
        } = call;
        let mine = call.languages.private;
        let changed = if join {
            self.service.join_tournament(tournament, user).await
        } else {
            self.service.leave_tournament(tournament, user).await
        };
        match changed {
            Ok(view) => {
                let key = if join { "tournament-joined" } else { "tournament-left" };
                let answered = self.private_to(ctx, press, &self.named(mine, key, &view)).await;
                self.settle_tournament_message(ctx, tournament).await;
                answered
            }
            Err(error) => {
                let refused = self.refuse(ctx, Asker::Button(press), mine, &error, "tournament").await;
                // A message left behind (a crash before its edit) is
                // brought up to date by the press.
                self.settle_tournament_message(ctx, tournament).await;
                refused
            }
        }
    }

    /// Posts the boards of a round's games (each owes its first board).
    async fn post_round(&self, ctx: &Context, games: &[i64]) {
        for &game_id in games {
            if let Err(error) = self.settle_game(ctx, game_id, SettleFor::Loop).await {
                tracing::warn!(%error, game_id, "could not post a tournament game's board; the delivery loop will");
            }
        }
    }

    /// One step of every tournament (starts due, results, next rounds, the
    /// end), then the boards of the rounds that opened.
    pub(super) async fn advance_tournaments(&self, ctx: &Context) {
        let steps = match self.service.advance_tournaments().await {
            Ok(steps) => steps,
            Err(error) => {
                if !logged_by_the_store(&error) {
                    tracing::error!(%error, "cannot advance the tournaments");
                }
                return;
            }
        };
        for step in steps {
            if let TournamentStep::Started(opened) | TournamentStep::Opened(opened) | TournamentStep::Replayed(opened) =
                step
            {
                self.post_round(ctx, &opened.games).await;
            }
        }
    }

    /// Every tournament message owed (up to a bound) is posted or edited.
    pub(super) async fn deliver_tournament_messages(&self, ctx: &Context) -> usize {
        let owing = match self.service.tournaments_owing_message(MESSAGES_PER_PASS).await {
            Ok(owing) => owing,
            Err(error) => {
                if !logged_by_the_store(&error) {
                    tracing::error!(%error, "cannot list the tournament messages owed");
                }
                return 0;
            }
        };
        let mut left = 0;
        for owed in owing {
            if !self.settle_tournament_message(ctx, owed.id).await {
                left += 1;
            }
        }
        left
    }

    /// Brings tournament `id`'s message up to date if it is owed and no
    /// other process is at it: posted once, edited after that. `false` if
    /// it could not be shown.
    pub(super) async fn settle_tournament_message(&self, ctx: &Context, id: i64) -> bool {
        // A change committed while this one was shown owes a new edit, and
        // another task of this process that made it left it to this one
        // (it found the lease held): go on while one is owed. Each round
        // answers a change a player made, so the rounds end; the bound is
        // a safety net, the scheduler's pass takes over past it.
        for _ in 0..MESSAGE_ROUNDS {
            let message = match self.service.tournament_message(id).await {
                Ok(Some(message)) => message,
                Ok(None) => return true,
                Err(error) => {
                    if !logged_by_the_store(&error) {
                        tracing::error!(%error, tournament_id = id, "cannot read a tournament's message");
                    }
                    return false;
                }
            };
            let language = self.server_language(message.view.guild_id).await;
            let mut reply = render_tournaments::tournament_message_with_bracket(
                language,
                &message.view,
                &message.standings,
                &message.bracket,
            );
            if let Some(url) = self.tournament_page_url(id).await {
                super::web_links::add_link(&mut reply, url, tr!(language, "button-web-tournament"));
            }
            let picture = self.bracket_png(language, &message).await;
            let mut shown = self
                .show_tournament_message(ctx, &message, &reply, picture.as_ref())
                .await;
            if picture.is_some()
                && shown
                    .as_ref()
                    .is_err_and(|e| RequestFailure::of(e) == RequestFailure::MissingPermission)
            {
                tracing::warn!(
                    tournament_id = id,
                    "a bracket's picture was refused; showing the text bracket"
                );
                self.pictures_refused(ctx, message.view.guild_id, message.view.channel_id)
                    .await;
                shown = self.show_tournament_message(ctx, &message, &reply, None).await;
            }
            let recorded = match shown {
                Ok(posted) => {
                    tracing::info!(tournament_id = id, message_id = posted.1, "tournament message shown");
                    self.service.tournament_message_shown(message, posted).await
                }
                Err(error) => {
                    let failure = RequestFailure::of(&error);
                    let permanent = failure.is_for_good();
                    let lost = message.posted.is_some() && failure == RequestFailure::Gone;
                    tracing::warn!(%error, tournament_id = id, permanent, lost, "could not show a tournament's message");
                    if let Err(error) = self
                        .service
                        .tournament_message_failed(message, permanent && !lost, lost)
                        .await
                    {
                        tracing::warn!(%error, tournament_id = id, "could not record a failed tournament message");
                    }
                    return false;
                }
            };
            if let Err(error) = recorded {
                tracing::error!(%error, tournament_id = id, "could not save a tournament's message");
                return false;
            }
        }
        true
    }

    /// Edits tournament `message` into `reply`, or posts it once, with the
    /// bracket's `picture` in place of any earlier one (none: the earlier
    /// one, out of date, goes); the message (channel, id).
    async fn show_tournament_message(
        &self,
        ctx: &Context,
        message: &TournamentMessage,
        reply: &Reply,
        picture: Option<&BoardPng>,
    ) -> serenity::Result<(u64, u64)> {
        let id = message.view.id;
        match message.posted {
            Some((channel, message_id)) => {
                let mut edit = EditMessage::new()
                    .content(&reply.content)
                    .components(reply.components.clone())
                    .allowed_mentions(reply.allowed_mentions());
                edit = match picture {
                    Some(picture) => edit.new_attachment(picture.attachment()),
                    None if !message.bracket.is_empty() => edit.remove_all_attachments(),
                    None => edit,
                };
                ChannelId::new(channel)
                    .edit_message(ctx, MessageId::new(message_id), edit)
                    .await
                    .map(|_| (channel, message_id))
            }
            None => {
                let channel = ChannelId::new(message.view.channel_id);
                let before = if self.service.now() - message.changed_at >= NONCE_WINDOW_SECS {
                    self.tournament_posted_before(ctx, channel, id).await
                } else {
                    None
                };
                let owed = reply.owed_message(super::nonce::tournament_nonce(id));
                let posted = match (before, picture) {
                    (Some(posted), _) => Ok(posted),
                    (None, Some(picture)) => post_with_picture(ctx, channel, &owed, picture.as_picture()).await,
                    (None, None) => post(ctx, channel, &owed).await,
                };
                posted.map(|posted| (posted.channel_id.get(), posted.id.get()))
            }
        }
    }

    /// A message of this bot among the channel's last ones that is
    /// tournament `id`'s (its first line ends with its number): one posted
    /// before a crash kept its id from being recorded.
    async fn tournament_posted_before(&self, ctx: &Context, channel: ChannelId, id: i64) -> Option<Posted> {
        let tag = render_tournaments::title_ends(id);
        posted_before(ctx, channel, |m| {
            m.content.lines().next().is_some_and(|line| line.ends_with(&tag))
        })
        .await
        .ok()
        .flatten()
    }
}
