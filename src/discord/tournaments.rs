//! Tournaments on Discord: the Join and Leave buttons, the boards of each
//! round, and the tournament's message: posted once in its channel, then
//! edited whenever the tournament changes, under the tournament's lease
//! (see `service::tournament_messages`). The service decides everything;
//! this asks and shows. `/akon tournament …` is in `commands/tournament/`.

use super::context::Context;
use serenity::all::{ChannelId, ComponentInteraction, EditMessage, MessageId};

use super::asker::Asker;
use super::pictures::BoardPng;
use super::posting::{post, post_with_picture, posted_before, Posted, RequestFailure, NONCE_WINDOW_SECS};
use super::render::display_name;
use super::render::tournaments as render_tournaments;
use super::render::Reply;
use super::{logged_by_the_store, Answered, Bot, Call};
use crate::i18n::Language;
use crate::service::{SettleFor, TournamentMessage, TournamentStep, TournamentView};
use crate::tr;

/// The most tournaments whose messages one pass settles.
const MESSAGES_PER_PASS: i64 = 50;
/// How long the boards of a new round wait for the final board of a game
/// of the round before that another task is sending.
const ROUND_BEFORE_WAIT: std::time::Duration = std::time::Duration::from_secs(10);

/// The most times one task edits a tournament's message for changes made
/// while it was editing.
const MESSAGE_ROUNDS: usize = 32;

impl Bot {
    pub(super) fn named(&self, l: Language, key: &str, view: &TournamentView) -> String {
        let name = display_name(l, &view.name);
        match key {
            "tournament-cancelled-done" => tr!(l, "tournament-cancelled-done", name = name),
            "tournament-withdrawn" => tr!(l, "tournament-withdrawn", name = name),
            "tournament-joined" => tr!(l, "tournament-joined", name = name),
            _ => tr!(l, "tournament-left", name = name),
        }
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
    pub(super) async fn post_round(&self, ctx: &Context, games: &[i64]) {
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
            if let TournamentStep::Opened(opened) = &step {
                self.settle_round_before(ctx, opened.tournament_id, opened.round).await;
            }
            if let TournamentStep::Started(opened) | TournamentStep::Opened(opened) | TournamentStep::Replayed(opened) =
                step
            {
                self.post_round(ctx, &opened.games).await;
            }
        }
    }

    /// The final boards the games of the round before `round` still owe
    /// (a game a withdrawal ended, whose board the delivery loop would
    /// post after its grace), posted before the boards of `round`: the
    /// channel reads in the order things happened. A game another task of
    /// this process is delivering is waited for.
    pub(super) async fn settle_round_before(&self, ctx: &Context, tournament_id: i64, round: u32) {
        if round < 2 {
            return;
        }
        let games = match self.service.tournament_round_games(tournament_id, round - 1).await {
            Ok(games) => games,
            Err(error) => {
                tracing::warn!(%error, tournament_id, round, "cannot read the games of the round before");
                return;
            }
        };
        for game_id in games {
            if !self.busy.free(game_id, ROUND_BEFORE_WAIT).await {
                tracing::warn!(
                    game_id,
                    "a finished game's board is still being sent; posting the next round"
                );
            }
            if let Err(error) = self.settle_game(ctx, game_id, SettleFor::Press).await {
                tracing::warn!(%error, game_id, "could not post a finished game's board before the next round");
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
            let shown = self.show_with_bracket(ctx, &message).await;
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

    /// Shows tournament `message` in the server's language, with its
    /// bracket as a picture where there is one; where the picture is
    /// refused, with the text bracket alone.
    async fn show_with_bracket(&self, ctx: &Context, message: &TournamentMessage) -> serenity::Result<(u64, u64)> {
        let language = self.server_language(message.view.guild_id).await;
        let mut reply = render_tournaments::tournament_message_with_bracket(
            language,
            &message.view,
            &message.standings,
            &message.bracket,
        );
        if let Some(url) = self.tournament_page_url(message.view.id).await {
            super::web_links::add_link(&mut reply, url, tr!(language, "button-web-tournament"));
        }
        let picture = self.bracket_png(language, message).await;
        let shown = self
            .show_tournament_message(ctx, message, &reply, picture.as_ref())
            .await;
        if picture.is_none()
            || !shown
                .as_ref()
                .is_err_and(|e| RequestFailure::of(e) == RequestFailure::MissingPermission)
        {
            return shown;
        }
        tracing::warn!(
            tournament_id = message.view.id,
            "a bracket's picture was refused; showing the text bracket"
        );
        self.pictures_refused(ctx, message.view.guild_id, message.view.channel_id)
            .await;
        self.show_tournament_message(ctx, message, &reply, None).await
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
