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
use crate::board_text::{draw, level_name};
use crate::engine::Seat;
use crate::i18n::Language;
use crate::rating::Rating;
use crate::service::Languages;
use crate::service::{
    CallerStanding, Delivery, GameRating, GameRecord, GameView, HistoryPage, LeaderboardPage, Place, Player,
    RatingSummary, Scope, Stats, Unrated,
};
use crate::store::{HistoryRow, RecordRow};
use crate::tr;

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
fn scope_name(language: Language, scope: Scope) -> (String, String) {
    match scope {
        Scope::Server(_) => (tr!(language, "scope-server-title"), tr!(language, "scope-server")),
        Scope::Global => (tr!(language, "scope-global-title"), tr!(language, "scope-global")),
    }
}

/// Previous and Next buttons, when there is more than one page.
fn paging(language: Language, page: i64, pages: i64, id: impl Fn(i64) -> ButtonId) -> Vec<CreateActionRow> {
    if pages <= 1 {
        return Vec::new();
    }
    vec![CreateActionRow::Buttons(vec![
        CreateButton::new(id((page - 1).max(0)).to_string())
            .label(tr!(language, "button-previous"))
            .style(ButtonStyle::Secondary)
            .disabled(page == 0),
        CreateButton::new(id((page + 1).min(pages - 1)).to_string())
            .label(tr!(language, "button-next"))
            .style(ButtonStyle::Secondary)
            .disabled(page + 1 >= pages),
    ])]
}

/// `text` cut or padded to `width` characters, for a table column.
fn column(text: &str, width: usize, right: bool) -> String {
    let text: String = text.chars().take(width).collect();
    if right {
        format!("{text:>width$}")
    } else {
        format!("{text:<width$}")
    }
}

pub fn leaderboard(language: Language, board: &LeaderboardPage, guild_id: u64) -> Reply {
    let l = language;
    let (title, scope) = scope_name(l, board.scope);
    let global = board.scope == Scope::Global;
    let components = paging(l, board.page, board.pages, |page| ButtonId::Leaderboard {
        global,
        guild: guild_id,
        page,
    });
    if board.rows.is_empty() {
        let text = if board.min_games > 1 {
            tr!(
                l,
                "leaderboard-empty-min-games",
                scope = scope,
                min_games = board.min_games
            )
        } else {
            tr!(l, "leaderboard-empty", scope = scope)
        };
        return Reply {
            content: format!("{text}\n{}", caller_line(l, board)),
            components,
            mentions: vec![],
        };
    }
    let mut lines = vec![
        tr!(
            l,
            "leaderboard-title",
            title = title,
            page = board.page + 1,
            pages = board.pages,
            listed = board.listed,
            min_games = board.min_games
        ),
        "```".to_string(),
        format!(
            "{:>4} {} {} {} {} {} {}",
            "#",
            column(&tr!(l, "leaderboard-column-player"), 16, false),
            column(&tr!(l, "leaderboard-column-rating"), 6, true),
            column(&tr!(l, "leaderboard-column-wins"), 4, true),
            column(&tr!(l, "leaderboard-column-losses"), 4, true),
            column(&tr!(l, "leaderboard-column-draws"), 4, true),
            column(&tr!(l, "leaderboard-column-games"), 7, true),
        ),
    ];
    for row in &board.rows {
        lines.push(format!(
            "{:>4} {:<16} {:>6} {:>4} {:>4} {:>4} {:>7}",
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
        lines.push(caller_line(l, board));
    }
    Reply {
        content: lines.join("\n"),
        components,
        mentions: vec![],
    }
}

/// Where the one looking stands, when not on the page shown.
fn caller_line(language: Language, board: &LeaderboardPage) -> String {
    let l = language;
    let who = format!("<@{}>", board.caller_id);
    let (_, scope) = scope_name(l, board.scope);
    match &board.caller {
        CallerStanding::OnPage => String::new(),
        CallerStanding::Listed(me) => tr!(
            l,
            "standing-listed",
            player = who,
            rank = me.rank,
            listed = board.listed,
            rating = rating_text(&me.rating),
            wins = me.wins,
            losses = me.losses,
            draws = me.draws,
            games = me.games
        ),
        CallerStanding::TooFewGames { games, needed } => tr!(
            l,
            "standing-too-few",
            player = who,
            games = *games,
            scope = scope,
            needed = *needed
        ),
        CallerStanding::Unrated => tr!(l, "standing-unrated", player = who, scope = scope),
    }
}

/// `3 games: 2 wins, 1 losses, 0 draws · seeds captured 100 (conceded 90)`.
fn record(language: Language, r: &RecordRow) -> String {
    tr!(
        language,
        "record-line",
        games = r.games,
        wins = r.wins,
        losses = r.losses,
        draws = r.draws,
        captured = r.captured,
        conceded = r.conceded
    )
}

/// The rating before the oldest of the recent changes shown.
fn oldest_before(summary: &RatingSummary) -> f64 {
    summary.recent.last().map_or(summary.rating.rating, |c| c.rating_before)
}

fn rating_summary(language: Language, summary: &RatingSummary) -> String {
    let l = language;
    let (rating, games) = (rating_text(&summary.rating), summary.games);
    let deviation = summary.rating.deviation.round() as i64;
    let mut text = match summary.rank {
        Some(rank) => tr!(
            l,
            "rating-summary-ranked",
            rating = rating,
            games = games,
            rank = rank,
            deviation = deviation
        ),
        None => tr!(
            l,
            "rating-summary",
            rating = rating,
            games = games,
            deviation = deviation
        ),
    };
    if !summary.recent.is_empty() {
        let changes: Vec<String> = summary
            .recent
            .iter()
            .map(|c| change(c.rating_before, c.rating_after))
            .collect();
        text.push_str(" · ");
        text.push_str(&tr!(
            l,
            "rating-recent",
            change = change(oldest_before(summary), summary.rating.rating),
            count = summary.recent.len(),
            changes = changes.join(" ")
        ));
    }
    text
}

pub fn stats(language: Language, stats: &Stats) -> Reply {
    let l = language;
    let mut lines = vec![tr!(l, "stats-title", player = mention(&stats.player))];
    match (&stats.server, &stats.global) {
        (None, None) => lines.push(tr!(l, "stats-unrated")),
        (server, global) => {
            if let Some(server) = server {
                lines.push(tr!(l, "stats-rating-server", summary = rating_summary(l, server)));
            }
            if let Some(global) = global {
                lines.push(tr!(l, "stats-rating-global", summary = rating_summary(l, global)));
            }
        }
    }
    if let Some(here) = &stats.here {
        lines.push(tr!(l, "stats-record-server", record = record(l, here)));
    }
    lines.push(tr!(l, "stats-record-global", record = record(l, &stats.overall)));
    let margin = stats
        .capture_margin()
        .map(|m| {
            let margin = format!("{}{:.1}", if m >= 0.0 { "+" } else { "−" }, m.abs());
            tr!(l, "stats-margin", margin = margin)
        })
        .unwrap_or_else(|| tr!(l, "stats-no-games"));
    lines.push(tr!(
        l,
        "stats-streaks",
        current = stats.streaks.current,
        best = stats.streaks.best,
        margin = margin
    ));
    for (level, against) in &stats.computer {
        lines.push(tr!(
            l,
            "stats-computer",
            level = level
                .parse()
                .map_or_else(|_| level.clone(), |level| level_name(l, level)),
            record = record(l, against)
        ));
    }
    if let Some(line) = super::render_review::hints_stats_line(l, stats.games_with_hints) {
        lines.push(line);
    }
    if let Some((asker, h2h)) = &stats.head_to_head {
        lines.push(tr!(
            l,
            "stats-head-to-head",
            asker = mention(asker),
            player = mention(&stats.player),
            wins = h2h.wins,
            losses = h2h.losses,
            draws = h2h.draws,
            games = h2h.games
        ));
    }
    lines.push(tr!(l, "stats-ongoing", count = stats.ongoing));
    Reply::text(lines.join("\n"))
}

fn end_text(language: Language, end_reason: Option<&str>, outcome: &str) -> Option<String> {
    let l = language;
    Some(match (end_reason, outcome) {
        (Some("resignation"), "win") => tr!(l, "history-end-opponent-resigned"),
        (Some("resignation"), _) => tr!(l, "history-end-resigned"),
        (Some("timeout"), "win") => tr!(l, "history-end-opponent-timeout"),
        (Some("timeout"), _) => tr!(l, "history-end-timeout"),
        (Some("loop"), _) => tr!(l, "history-end-loop"),
        (Some("no_seeds"), _) => tr!(l, "history-end-no-seeds"),
        _ => return None,
    })
}

fn history_line(language: Language, game: &HistoryRow) -> String {
    let l = language;
    let opponent = match &game.computer_level {
        Some(level) => match level.parse() {
            Ok(level) => render::computer_name(l, level),
            Err(_) => render::short_name(level),
        },
        None => render::short_name(&game.opponent_name),
    };
    let result = match game.outcome.as_str() {
        "win" => tr!(l, "history-won"),
        "loss" => tr!(l, "history-lost"),
        _ => tr!(l, "history-drew"),
    };
    let rating = match (game.rating_before, game.rating_after) {
        (Some(before), Some(after)) => tr!(
            l,
            "history-rating",
            before = before.round() as i64,
            after = after.round() as i64,
            change = change(before, after)
        ),
        _ => tr!(l, "history-unrated"),
    };
    let (id, finished) = (game.game_id.to_string(), game.finished_at.to_string());
    match end_text(l, game.end_reason.as_deref(), &game.outcome) {
        Some(how) => tr!(
            l,
            "history-line-how",
            game = id,
            finished = finished,
            result = result,
            opponent = opponent,
            captured = game.captured,
            conceded = game.opponent_captured,
            how = how,
            rating = rating
        ),
        None => tr!(
            l,
            "history-line",
            game = id,
            finished = finished,
            result = result,
            opponent = opponent,
            captured = game.captured,
            conceded = game.opponent_captured,
            rating = rating
        ),
    }
}

pub fn history(language: Language, page: &HistoryPage) -> Reply {
    let l = language;
    let player_id = page.player.user_id;
    let components = paging(l, page.page, page.pages, |p| ButtonId::History {
        player: player_id,
        page: p,
    });
    if page.games.is_empty() {
        return Reply {
            content: tr!(l, "history-none", player = mention(&page.player)),
            components,
            mentions: vec![],
        };
    }
    let mut lines = vec![tr!(
        l,
        "history-title",
        player = mention(&page.player),
        page = page.page + 1,
        pages = page.pages,
        total = page.total
    )];
    lines.extend(page.games.iter().map(|game| history_line(l, game)));
    Reply {
        content: lines.join("\n"),
        components,
        mentions: vec![],
    }
}

/// The rating line of a finished board: the rating changes in the game's
/// server, or why the game was not rated (aborted games say so in their
/// result line, games against the computer need no reminder).
pub fn rating_line(language: Language, view: &GameView) -> Option<String> {
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
            Some(tr!(language, "rating-line-rated", changes = parts.join(", ")))
        }
        GameRating::Unrated(Unrated::PairLimit { per_day }) => {
            Some(tr!(language, "rating-line-pair-limit", per_day = *per_day))
        }
        GameRating::Unrated(Unrated::Computer | Unrated::Aborted) => None,
    }
}

/// One game in full: players, result, final board and record.
pub fn game(language: Language, game: &GameRecord) -> Reply {
    let l = language;
    let view = &game.view;
    let mut lines = vec![tr!(
        l,
        "game-title",
        game = view.id.to_string(),
        a = render::player_name(l, view, Seat::A),
        b = render::player_name(l, view, Seat::B),
        started = game.created_at.to_string()
    )];
    match (view.finished, game.finished_at) {
        (Some((reason, winner)), finished_at) => {
            lines.push(render::result_line(l, view, reason, winner));
            lines.push(match finished_at {
                Some(at) => tr!(l, "game-ended-at", finished = at.to_string(), moves = view.ply()),
                None => tr!(l, "game-ended", moves = view.ply()),
            });
            if let Some(line) = rating_line(l, view) {
                lines.push(line);
            }
        }
        (None, _) => lines.push(tr!(l, "game-in-progress", move = view.ply() + 1)),
    }
    lines.push(format!(
        "```\n{}\n```",
        draw(l, view.game.position(), Seat::B, |seat| render::board_label(
            l, view, seat
        ))
    ));
    let record = game.record.to_string();
    let intro = tr!(l, "game-record-intro");
    let used: usize = lines.iter().map(|l| l.chars().count() + 1).sum::<usize>() + intro.chars().count() + 10;
    if used + record.chars().count() <= MESSAGE_LIMIT {
        lines.push(format!("{intro}\n```\n{record}\n```"));
    } else {
        let room = MESSAGE_LIMIT.saturating_sub(used + 60);
        let cut: String = record.chars().take(room).collect();
        lines.push(format!("{intro}\n```\n{cut} …\n```{}", tr!(l, "game-record-cut")));
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
        languages: Languages,
        user: &Player,
        place: Place,
        global: bool,
    ) -> Answered {
        let Languages { private: mine, public } = languages;
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
                .public(ctx, command, &leaderboard(public, &board, place.guild_id.unwrap_or(0)))
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
                let update = response(&leaderboard(languages.public, &board, guild));
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

    pub(super) async fn stats_command(
        &self,
        ctx: &Context,
        command: &CommandInteraction,
        languages: Languages,
        user: &Player,
        player: Option<Player>,
        place: Place,
    ) -> Answered {
        let who = player.unwrap_or_else(|| user.clone());
        match self.service.stats(user, &who, place.guild_id).await {
            Ok(found) => self
                .public(ctx, command, &stats(languages.public, &found))
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
                .public(ctx, command, &history(languages.public, &page))
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
                let update = response(&history(languages.public, &page));
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
                .public(ctx, command, &game(languages.public, &record))
                .await
                .map(|_| ()),
            Err(error) => {
                self.private(ctx, command, &self.error_text(languages.private, &error, "game"))
                    .await
            }
        }
    }

    pub(super) async fn abort_command(
        &self,
        ctx: &Context,
        command: &CommandInteraction,
        languages: Languages,
        user: &Player,
        game: Option<i64>,
        place: Place,
    ) -> Answered {
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
