//! Ratings and records on Discord: `/akon leaderboard`, `stats`, `history`,
//! `game` and `abort`, the Previous/Next buttons of leaderboards and
//! histories (whose `custom_id` carries everything a page needs, so they
//! keep working after a restart), and the rating line of a final board.

use serenity::all::{
    ButtonStyle, CommandInteraction, ComponentInteraction, Context, CreateActionRow, CreateButton,
    CreateInteractionResponse, CreateInteractionResponseMessage,
};

use super::custom_id::ButtonId;
use super::render::{self, mention, Reply};
use super::{response, Answered, Bot};
use crate::board_text::draw;
use crate::engine::Seat;
use crate::rating::Rating;
use crate::service::{
    CallerStanding, Delivery, GameRating, GameRecord, GameView, HistoryPage, LeaderboardPage, Place, Player,
    RatingSummary, Scope, Stats, Unrated,
};
use crate::store::{HistoryRow, RecordRow};

/// Discord's limit on a message's text.
const MESSAGE_LIMIT: usize = 2000;

/// `1612` or `1612?` while provisional.
pub fn rating_text(rating: &Rating) -> String {
    format!("{}{}", rating.shown(), if rating.is_provisional() { "?" } else { "" })
}

/// The change from `before` to `after` as shown: the difference of the
/// shown (rounded) ratings, so that `1520 → 1535` reads `+15`; a true
/// minus sign when negative.
fn change(before: f64, after: f64) -> String {
    let change = after.round() as i64 - before.round() as i64;
    if change < 0 {
        format!("−{}", -change)
    } else {
        format!("+{change}")
    }
}

/// The scope in a title, and in a sentence.
fn scope_name(scope: Scope) -> (&'static str, &'static str) {
    match scope {
        Scope::Server(_) => ("this server", "in this server"),
        Scope::Global => ("global", "overall"),
    }
}

/// Previous and Next buttons, when there is more than one page.
fn paging(page: i64, pages: i64, id: impl Fn(i64) -> ButtonId) -> Vec<CreateActionRow> {
    if pages <= 1 {
        return Vec::new();
    }
    vec![CreateActionRow::Buttons(vec![
        CreateButton::new(id((page - 1).max(0)).to_string())
            .label("Previous")
            .style(ButtonStyle::Secondary)
            .disabled(page == 0),
        CreateButton::new(id((page + 1).min(pages - 1)).to_string())
            .label("Next")
            .style(ButtonStyle::Secondary)
            .disabled(page + 1 >= pages),
    ])]
}

pub fn leaderboard(board: &LeaderboardPage, guild_id: u64) -> Reply {
    let (title, scope) = scope_name(board.scope);
    let global = board.scope == Scope::Global;
    let components = paging(board.page, board.pages, |page| ButtonId::Leaderboard {
        global,
        guild: guild_id,
        page,
    });
    if board.rows.is_empty() {
        let text = if board.min_games > 1 {
            format!(
                "No one is listed {scope} yet: players are listed once they have {} rated games. \
                 Challenge someone with `/akon challenge`!",
                board.min_games
            )
        } else {
            format!("No rated games {scope} yet. Challenge someone with `/akon challenge`!")
        };
        return Reply {
            content: format!("{text}\n{}", caller_line(board)),
            components,
            mentions: vec![],
        };
    }
    let mut lines = vec![
        format!(
            "**Akon leaderboard · {title}** · page {} of {} · {} players with at least {} rated games \
             (Glicko-2; `?` = provisional)",
            board.page + 1,
            board.pages,
            board.listed,
            board.min_games
        ),
        "```".to_string(),
        format!(
            "{:>4} {:<16} {:>6} {:>4} {:>4} {:>4} {:>5}",
            "#", "player", "rating", "W", "L", "D", "games"
        ),
    ];
    for row in &board.rows {
        lines.push(format!(
            "{:>4} {:<16} {:>6} {:>4} {:>4} {:>4} {:>5}",
            row.rank,
            render::short_name(&row.name),
            rating_text(&row.rating),
            row.wins,
            row.losses,
            row.draws,
            row.games
        ));
    }
    lines.push("```".to_string());
    if board.caller != CallerStanding::OnPage {
        lines.push(caller_line(board));
    }
    Reply {
        content: lines.join("\n"),
        components,
        mentions: vec![],
    }
}

/// Where the one looking stands, when not on the page shown.
fn caller_line(board: &LeaderboardPage) -> String {
    let who = format!("<@{}>", board.caller_id);
    let (_, scope) = scope_name(board.scope);
    match &board.caller {
        CallerStanding::OnPage => String::new(),
        CallerStanding::Listed(me) => format!(
            "{who} stands #{} of {} · rating {} · {} W {} L {} D in {} games.",
            me.rank,
            board.listed,
            rating_text(&me.rating),
            me.wins,
            me.losses,
            me.draws,
            me.games
        ),
        CallerStanding::TooFewGames { games, needed } => format!(
            "{who} has {games} rated game{} {scope}: {needed} are needed to be listed.",
            if *games == 1 { "" } else { "s" }
        ),
        CallerStanding::Unrated => format!("{who} has no rated games {scope} yet."),
    }
}

/// `3 games: 2 wins, 1 losses, 0 draws · seeds captured 100 (conceded 90)`.
fn record(r: &RecordRow) -> String {
    format!(
        "{} games: {} wins, {} losses, {} draws · seeds captured {} (conceded {})",
        r.games, r.wins, r.losses, r.draws, r.captured, r.conceded
    )
}

/// The rating before the oldest of the recent changes shown.
fn oldest_before(summary: &RatingSummary) -> f64 {
    summary.recent.last().map_or(summary.rating.rating, |c| c.rating_before)
}

fn rating_summary(summary: &RatingSummary) -> String {
    let rank = summary.rank.map(|r| format!(", #{r}")).unwrap_or_default();
    let mut text = format!(
        "**{}** ({} rated games{rank}; deviation {})",
        rating_text(&summary.rating),
        summary.games,
        summary.rating.deviation.round() as i64
    );
    if !summary.recent.is_empty() {
        let changes: Vec<String> = summary
            .recent
            .iter()
            .map(|c| change(c.rating_before, c.rating_after))
            .collect();
        text.push_str(&format!(
            " · {} over the last {} games ({}, latest first)",
            change(oldest_before(summary), summary.rating.rating),
            summary.recent.len(),
            changes.join(" ")
        ));
    }
    text
}

pub fn stats(stats: &Stats) -> Reply {
    let mut lines = vec![format!("**Akon stats of {}**", mention(&stats.player))];
    match (&stats.server, &stats.global) {
        (None, None) => lines.push("Rating: no rated games yet.".into()),
        (server, global) => {
            if let Some(server) = server {
                lines.push(format!("Rating in this server: {}", rating_summary(server)));
            }
            if let Some(global) = global {
                lines.push(format!("Rating everywhere: {}", rating_summary(global)));
            }
        }
    }
    if let Some(here) = &stats.here {
        lines.push(format!("In this server: {}", record(here)));
    }
    lines.push(format!("Everywhere: {}", record(&stats.overall)));
    let margin = stats
        .capture_margin()
        .map(|m| format!("{}{m:.1} seeds a game", if m >= 0.0 { "+" } else { "−" }).replace("−-", "−"))
        .unwrap_or_else(|| "no games yet".into());
    lines.push(format!(
        "Winning streak: {} now, best {} · average capture margin: {margin}",
        stats.streaks.current, stats.streaks.best
    ));
    for (level, against) in &stats.computer {
        lines.push(format!("Against the computer ({level}): {}", record(against)));
    }
    if let Some(line) = super::render_review::hints_stats_line(stats.games_with_hints) {
        lines.push(line);
    }
    if let Some((asker, h2h)) = &stats.head_to_head {
        lines.push(format!(
            "Head to head, {} against {}: {} wins, {} losses, {} draws in {} games.",
            mention(asker),
            mention(&stats.player),
            h2h.wins,
            h2h.losses,
            h2h.draws,
            h2h.games
        ));
    }
    lines.push(format!("Ongoing games: {}", stats.ongoing));
    Reply::text(lines.join("\n"))
}

fn end_text(end_reason: Option<&str>, outcome: &str) -> &'static str {
    match (end_reason, outcome) {
        (Some("resignation"), "win") => "opponent resigned",
        (Some("resignation"), _) => "resigned",
        (Some("timeout"), "win") => "opponent ran out of time",
        (Some("timeout"), _) => "ran out of time",
        (Some("loop"), _) => "loop rule",
        (Some("no_seeds"), _) => "no seeds left",
        _ => "",
    }
}

fn history_line(game: &HistoryRow) -> String {
    let opponent = match &game.computer_level {
        Some(level) => format!("the computer ({level})"),
        None => render::short_name(&game.opponent_name),
    };
    let result = match game.outcome.as_str() {
        "win" => "won",
        "loss" => "lost",
        _ => "drew",
    };
    let how = end_text(game.end_reason.as_deref(), &game.outcome);
    let how = if how.is_empty() {
        String::new()
    } else {
        format!(" ({how})")
    };
    let rating = match (game.rating_before, game.rating_after) {
        (Some(before), Some(after)) => format!(
            " · rating {} → {} ({})",
            before.round() as i64,
            after.round() as i64,
            change(before, after)
        ),
        _ => " · unrated".to_string(),
    };
    format!(
        "• `#{}` <t:{}:d> · {result} vs {opponent}, {}–{}{how}{rating}",
        game.game_id, game.finished_at, game.captured, game.opponent_captured
    )
}

pub fn history(page: &HistoryPage) -> Reply {
    let player_id = page.player.user_id;
    let components = paging(page.page, page.pages, |p| ButtonId::History {
        player: player_id,
        page: p,
    });
    if page.games.is_empty() {
        return Reply {
            content: format!("{} has no finished games yet.", mention(&page.player)),
            components,
            mentions: vec![],
        };
    }
    let mut lines = vec![format!(
        "**Akon games of {}** · page {} of {} · {} finished games, newest first (`/akon game <id>` shows one)",
        mention(&page.player),
        page.page + 1,
        page.pages,
        page.total
    )];
    lines.extend(page.games.iter().map(history_line));
    Reply {
        content: lines.join("\n"),
        components,
        mentions: vec![],
    }
}

/// The rating line of a finished board: the rating changes in the game's
/// server, or why the game was not rated (aborted games say so in their
/// result line, games against the computer need no reminder).
pub fn rating_line(view: &GameView) -> Option<String> {
    let name = |user_id: u64| {
        view.players
            .iter()
            .find(|p| p.user_id == user_id)
            .map(|p| render::short_name(&p.name))
            .unwrap_or_else(|| "?".into())
    };
    match view.rating.as_ref()? {
        GameRating::Rated(changes) => {
            let parts: Vec<String> = changes
                .iter()
                .map(|c| {
                    format!(
                        "{} {} → {}{} ({})",
                        name(c.user_id),
                        c.before.round() as i64,
                        c.after.round() as i64,
                        if c.provisional { "?" } else { "" },
                        change(c.before, c.after)
                    )
                })
                .collect();
            Some(format!("Rated in this server: {}.", parts.join(", ")))
        }
        GameRating::Unrated(Unrated::PairLimit { per_day }) => Some(format!(
            "Not rated: these two players already played {per_day} rated game{} against each other in the last \
             24 hours. The game still counts in their records.",
            if *per_day == 1 { "" } else { "s" }
        )),
        GameRating::Unrated(Unrated::Computer | Unrated::Aborted) => None,
    }
}

/// One game in full: players, result, final board and record.
pub fn game(game: &GameRecord) -> Reply {
    let view = &game.view;
    let names = |seat: Seat| match view.computer {
        Some((computer, level)) if computer == seat => format!("{seat} computer ({level})"),
        _ => format!("{seat} {}", render::short_name(&view.player(seat).name)),
    };
    let mut lines = vec![format!(
        "**Akon game #{}** · {} (A, top) vs {} (B, bottom) · started <t:{}:f>",
        view.id,
        render::player_name(view, Seat::A),
        render::player_name(view, Seat::B),
        game.created_at
    )];
    match (view.finished, game.finished_at) {
        (Some((reason, winner)), finished_at) => {
            lines.push(render::result_line(view, reason, winner));
            let when = finished_at.map(|t| format!(" <t:{t}:f>")).unwrap_or_default();
            lines.push(format!("Ended{when} after {} moves.", view.ply()));
            if let Some(line) = rating_line(view) {
                lines.push(line);
            }
        }
        (None, _) => lines.push(format!("In progress: move {}.", view.ply() + 1)),
    }
    lines.push(format!("```\n{}\n```", draw(view.game.position(), Seat::B, names)));
    let record = game.record.to_string();
    let intro = "Record (the first mover, then the holes played; `akon replay --record` takes it):";
    let used: usize = lines.iter().map(|l| l.chars().count() + 1).sum::<usize>() + intro.chars().count() + 10;
    if used + record.chars().count() <= MESSAGE_LIMIT {
        lines.push(format!("{intro}\n```\n{record}\n```"));
    } else {
        let room = MESSAGE_LIMIT.saturating_sub(used + 60);
        let cut: String = record.chars().take(room).collect();
        lines.push(format!("{intro}\n```\n{cut} …\n```(too long for one message: cut)"));
    }
    Reply {
        content: lines.join("\n"),
        components: vec![],
        mentions: vec![],
    }
}

impl Bot {
    pub(super) async fn leaderboard_command(
        &self,
        ctx: &Context,
        command: &CommandInteraction,
        user: &Player,
        place: Place,
        global: bool,
    ) -> Answered {
        let scope = match (global, place.guild_id) {
            (true, _) => Scope::Global,
            (false, Some(guild)) => Scope::Server(guild),
            (false, None) => {
                crate::telemetry::interaction_outcome(crate::telemetry::Outcome::Refused);
                return self
                    .private(
                        ctx,
                        command,
                        "Here there is no server to rank: use `scope: global`, or ask in a server.",
                    )
                    .await;
            }
        };
        match self.service.leaderboard(scope, 0, user.id).await {
            Ok(board) => self
                .public(ctx, command, &leaderboard(&board, place.guild_id.unwrap_or(0)))
                .await
                .map(|_| ()),
            Err(error) => {
                self.private(ctx, command, &self.error_text(&error, "leaderboard"))
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
        user: &Player,
        (global, guild, page): (bool, u64, i64),
    ) -> Answered {
        let scope = if global { Scope::Global } else { Scope::Server(guild) };
        match self.service.leaderboard(scope, page, user.id).await {
            Ok(board) => {
                let update = response(&leaderboard(&board, guild));
                press
                    .create_response(&ctx.http, CreateInteractionResponse::UpdateMessage(update))
                    .await
            }
            Err(error) => {
                self.private_to(ctx, press, &self.error_text(&error, "leaderboard"))
                    .await
            }
        }
    }

    pub(super) async fn stats_command(
        &self,
        ctx: &Context,
        command: &CommandInteraction,
        user: &Player,
        player: Option<Player>,
        place: Place,
    ) -> Answered {
        let who = player.unwrap_or_else(|| user.clone());
        match self.service.stats(user, &who, place.guild_id).await {
            Ok(found) => self.public(ctx, command, &stats(&found)).await.map(|_| ()),
            Err(error) => self.private(ctx, command, &self.error_text(&error, "stats")).await,
        }
    }

    pub(super) async fn history_command(
        &self,
        ctx: &Context,
        command: &CommandInteraction,
        user: &Player,
        player: Option<Player>,
    ) -> Answered {
        let who = player.unwrap_or_else(|| user.clone());
        match self.service.history_of(&who, 0).await {
            Ok(page) => self.public(ctx, command, &history(&page)).await.map(|_| ()),
            Err(error) => self.private(ctx, command, &self.error_text(&error, "history")).await,
        }
    }

    pub(super) async fn history_button(
        &self,
        ctx: &Context,
        press: &ComponentInteraction,
        player: u64,
        page: i64,
    ) -> Answered {
        match self.service.history(player, page).await {
            Ok(page) => {
                let update = response(&history(&page));
                press
                    .create_response(&ctx.http, CreateInteractionResponse::UpdateMessage(update))
                    .await
            }
            Err(error) => self.private_to(ctx, press, &self.error_text(&error, "history")).await,
        }
    }

    pub(super) async fn game_command(&self, ctx: &Context, command: &CommandInteraction, game_id: i64) -> Answered {
        match self.service.game_record(game_id).await {
            Ok(record) => self.public(ctx, command, &game(&record)).await.map(|_| ()),
            Err(error) => self.private(ctx, command, &self.error_text(&error, "game")).await,
        }
    }

    pub(super) async fn abort_command(
        &self,
        ctx: &Context,
        command: &CommandInteraction,
        user: &Player,
        game: Option<i64>,
        place: Place,
    ) -> Answered {
        let aborted = match self.service.game_of(user.id, game, place.channel_id).await {
            Ok(view) => self.service.abort(view.id, user).await,
            Err(error) => Err(error),
        };
        self.answer_game_end(ctx, command, aborted, "abort").await
    }

    /// The Abort button of a board: the pressed board loses its buttons and
    /// the final board follows.
    pub(super) async fn abort_button(
        &self,
        ctx: &Context,
        press: &ComponentInteraction,
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
                self.deliver(ctx, &Delivery::after_press(view, board, answered.is_ok()), None)
                    .await
            }
            Err(error) => self.private_to(ctx, press, &self.error_text(&error, "abort")).await,
        }
    }
}
