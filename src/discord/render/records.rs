//! Ratings and records as messages: leaderboards, stats, histories, one
//! game in full, and the rating line of a final board. Pure rendering: the
//! handlers that call these are in `records.rs`.

use serenity::all::{ButtonStyle, CreateActionRow, CreateButton};

use super::parts::{self as render, mention, rating_text, Reply};
use crate::board_text::{draw, level_name};
use crate::discord::custom_id::ButtonId;
use crate::engine::Seat;
use crate::i18n::{decimal, Language};
use crate::service::{
    CallerStanding, GameRating, GameRecord, GameView, GamesRecord, HistoryEnd, HistoryGame, HistoryPage, InactiveDays,
    LeaderboardPage, Outcome, RatingSummary, Scope, Season, SeasonBoard, SeasonCaller, Stats, TournamentResult,
    Unrated,
};
use crate::tr;

/// Discord's limit on a message's text.
const MESSAGE_LIMIT: usize = 2000;

/// The most characters of a tournament's name shown in a history or
/// stats line, so that a page of them stays within a message.
const TOURNAMENT_NAME_SHOWN: usize = 40;

/// The leaderboard's games column: wide enough for its header in every
/// language ("partidas").
const GAMES_WIDTH: usize = 8;

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

/// A leaderboard with no one on it, and where the caller stands.
fn empty_leaderboard(l: Language, board: &LeaderboardPage, scope: &str) -> String {
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
    format!("{text}\n{}", caller_line(l, board))
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
        return Reply {
            content: empty_leaderboard(l, board, &scope),
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
        table_heading(l, &tr!(l, "leaderboard-column-rating")),
    ];
    for row in &board.rows {
        lines.push(table_line(
            l,
            row.rank,
            &row.name,
            &rating_text(&row.rating),
            [row.wins, row.losses, row.draws, row.games],
        ));
    }
    lines.push("```".to_string());
    if board.inactive_days > 0 {
        lines.push(tr!(l, "leaderboard-inactive-hidden", days = board.inactive_days));
    }
    if board.caller != CallerStanding::OnPage {
        lines.push(caller_line(l, board));
    }
    Reply {
        content: lines.join("\n"),
        components,
        mentions: vec![],
    }
}

/// The heading of a leaderboard's table: rank, player, `second` (the
/// heading of the column a board ranks by), wins, losses, draws, games.
fn table_heading(l: Language, second: &str) -> String {
    format!(
        "{:>4} {} {} {} {} {} {}",
        "#",
        column(&tr!(l, "leaderboard-column-player"), 16, false),
        column(second, 6, true),
        column(&tr!(l, "leaderboard-column-wins"), 4, true),
        column(&tr!(l, "leaderboard-column-losses"), 4, true),
        column(&tr!(l, "leaderboard-column-draws"), 4, true),
        column(&tr!(l, "leaderboard-column-games"), GAMES_WIDTH, true),
    )
}

/// A line of a leaderboard's table, under [`table_heading`].
fn table_line(l: Language, rank: i64, name: &str, second: &str, [wins, losses, draws, games]: [i64; 4]) -> String {
    format!(
        "{rank:>4} {} {second:>6} {wins:>4} {losses:>4} {draws:>4} {games:>GAMES_WIDTH$}",
        render::pad_to_columns(&render::short_name(l, name), render::NAME_COLUMNS),
    )
}

/// A season's name, as the slash command offers it.
pub fn season_name(language: Language, season: Season) -> String {
    match season {
        Season::ThisMonth => tr!(language, "cmd-season-this-month"),
        Season::LastMonth => tr!(language, "cmd-season-last-month"),
        Season::AllTime => tr!(language, "cmd-season-all-time"),
    }
}

/// A rating change with its sign: `+12`, `−7`, `0`.
fn change_text(change: f64) -> String {
    match change.round() as i64 {
        0 => "0".to_string(),
        n if n > 0 => format!("+{n}"),
        n => format!("\u{2212}{}", -n),
    }
}

/// The top of a month's board, and where the one looking stands.
pub fn season_board(language: Language, board: &SeasonBoard) -> Reply {
    let l = language;
    let (title, scope) = scope_name(l, board.scope);
    let month = crate::i18n::month_in_words(l, board.month.year, board.month.month as u8);
    if board.rows.is_empty() {
        let text = tr!(
            l,
            "season-empty",
            scope = scope.clone(),
            month = month.clone(),
            min_games = board.min_games
        );
        return Reply {
            content: format!("{text}\n{}", season_caller_line(l, board, &scope, &month)),
            components: vec![],
            mentions: vec![],
        };
    }
    let mut lines = vec![
        tr!(
            l,
            "season-title",
            title = title,
            month = month.clone(),
            listed = board.listed,
            min_games = board.min_games
        ),
        "```".to_string(),
        table_heading(l, &tr!(l, "season-column-change")),
    ];
    for row in &board.rows {
        lines.push(table_line(
            l,
            row.rank,
            &row.name,
            &change_text(row.rating_change),
            [row.wins, row.losses, row.draws, row.games],
        ));
    }
    lines.push("```".to_string());
    if board.caller != SeasonCaller::OnPage {
        lines.push(season_caller_line(l, board, &scope, &month));
    }
    Reply {
        content: lines.join("\n"),
        components: vec![],
        mentions: vec![],
    }
}

/// A server's podium of a month: its first three by rating gained.
pub fn season_podium(language: Language, board: &SeasonBoard) -> String {
    let l = language;
    let month = crate::i18n::month_in_words(l, board.month.year, board.month.month as u8);
    let mut lines = vec![tr!(l, "season-podium-title", month = month)];
    for (row, medal) in board.rows.iter().zip(["🥇", "🥈", "🥉"]) {
        lines.push(tr!(
            l,
            "season-podium-line",
            medal = medal,
            player = format!("<@{}>", row.user_id),
            change = change_text(row.rating_change),
            games = row.games
        ));
    }
    lines.push(tr!(l, "season-podium-footer", min_games = board.min_games));
    lines.join("\n")
}

/// Where the one looking at a season's board stands, when not on it.
fn season_caller_line(language: Language, board: &SeasonBoard, scope: &str, month: &str) -> String {
    let l = language;
    let who = format!("<@{}>", board.caller_id);
    match &board.caller {
        SeasonCaller::OnPage => String::new(),
        SeasonCaller::Listed(me) => tr!(
            l,
            "season-standing-listed",
            player = who,
            rank = me.rank,
            listed = board.listed,
            month = month.to_string(),
            change = change_text(me.rating_change),
            games = me.games
        ),
        SeasonCaller::TooFewGames { games, needed } => tr!(
            l,
            "season-standing-too-few",
            player = who,
            games = *games,
            scope = scope.to_string(),
            month = month.to_string(),
            needed = *needed
        ),
        SeasonCaller::Unplayed => tr!(
            l,
            "season-standing-unplayed",
            player = who,
            scope = scope.to_string(),
            month = month.to_string()
        ),
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
        CallerStanding::Inactive { days } => tr!(l, "standing-inactive", player = who, days = *days),
    }
}

/// The server's choice of who its leaderboard leaves off, as
/// `/akon settings` says it.
pub fn leaderboard_inactive_setting(language: Language, days: InactiveDays) -> String {
    match days.days() {
        0 => tr!(language, "settings-leaderboard-inactive-off"),
        days => tr!(language, "settings-leaderboard-inactive-days", days = days),
    }
}

/// `3 games: 2 wins, 1 losses, 0 draws · seeds captured 100 (conceded 90)`.
fn record(language: Language, r: &GamesRecord) -> String {
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

/// The average capture margin, signed, or that there are no games.
fn capture_margin_text(l: Language, stats: &Stats) -> String {
    stats
        .capture_margin()
        .map(|m| {
            // The sign of the rounded margin: no "−0.0".
            let sign = if (m * 10.0).round() < 0.0 { "−" } else { "+" };
            tr!(l, "stats-margin", sign = sign, margin = decimal(m.abs(), 1))
        })
        .unwrap_or_else(|| tr!(l, "stats-no-games"))
}

/// The stats' lines on tournaments and on the games against the asker,
/// where there are any.
fn tournaments_and_head_to_head(l: Language, stats: &Stats) -> Vec<String> {
    let tournaments = stats.tournaments.as_ref().map(|tournaments| {
        tr!(
            l,
            "stats-tournaments",
            events = tournaments.events,
            wins = tournaments.wins,
            podiums = tournaments.podiums,
            rank = tournaments.best.rank,
            players = tournaments.best.players
        )
    });
    let head_to_head = stats.head_to_head.as_ref().map(|(asker, h2h)| {
        tr!(
            l,
            "stats-head-to-head",
            asker = mention(asker),
            player = mention(&stats.player),
            wins = h2h.wins,
            losses = h2h.losses,
            draws = h2h.draws,
            games = h2h.games
        )
    });
    tournaments.into_iter().chain(head_to_head).collect()
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
    let margin = capture_margin_text(l, stats);
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
            level = level_name(l, *level),
            record = record(l, against)
        ));
    }
    if let Some(line) = super::review::hints_stats_line(l, stats.games_with_hints) {
        lines.push(line);
    }
    if let Some(standing) = &stats.puzzles {
        lines.push(super::puzzle::puzzle_stats_line(l, standing));
    }
    lines.extend(tournaments_and_head_to_head(l, stats));
    lines.push(tr!(l, "stats-ongoing", count = stats.ongoing));
    lines.push(super::vacation::vacation_stats_line(l, &stats.vacation));
    Reply::text(lines.join("\n"))
}

fn end_text(language: Language, end: Option<HistoryEnd>, outcome: Outcome) -> Option<String> {
    let l = language;
    Some(match (end?, outcome) {
        (HistoryEnd::Resignation, Outcome::Win) => tr!(l, "history-end-opponent-resigned"),
        (HistoryEnd::Resignation, _) => tr!(l, "history-end-resigned"),
        (HistoryEnd::Timeout, Outcome::Win) => tr!(l, "history-end-opponent-timeout"),
        (HistoryEnd::Timeout, _) => tr!(l, "history-end-timeout"),
        (HistoryEnd::Loop, _) => tr!(l, "history-end-loop"),
        (HistoryEnd::NoSeeds, _) => tr!(l, "history-end-no-seeds"),
    })
}

fn history_line(language: Language, game: &HistoryGame) -> String {
    let l = language;
    let opponent = match game.computer_level {
        Some(level) => render::computer_name(l, level),
        None => render::short_name(l, &game.opponent_name),
    };
    let result = match game.outcome {
        Outcome::Win => tr!(l, "history-won"),
        Outcome::Loss => tr!(l, "history-lost"),
        Outcome::Draw => tr!(l, "history-drew"),
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
    let line = match end_text(l, game.end, game.outcome) {
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
    };
    match &game.tournament {
        Some(tournament) => format!(
            "{line} · {}",
            tr!(
                l,
                "history-tournament-game",
                tournament = tournament_name(&tournament.name),
                round = tournament.round
            )
        ),
        None => line,
    }
}

/// A tournament's name in running text (stored cleaned when it was
/// created): without backticks, which would open code, and cut to
/// [`TOURNAMENT_NAME_SHOWN`] characters.
fn tournament_name(name: &str) -> String {
    let name = name.replace('`', "'");
    if name.chars().count() <= TOURNAMENT_NAME_SHOWN {
        return name;
    }
    let cut: String = name.chars().take(TOURNAMENT_NAME_SHOWN - 1).collect();
    format!("{}…", cut.trim_end())
}

/// Points from halves, with a decimal only for a half: `2`, `2.5`.
fn points(half_points: u32) -> fluent_bundle::FluentValue<'static> {
    decimal(f64::from(half_points) / 2.0, usize::from(half_points % 2 == 1))
}

/// A finished tournament in a history: its name, when it ended, the
/// player's rank and points.
fn tournament_line(language: Language, result: &TournamentResult) -> String {
    tr!(
        language,
        "history-tournament-line",
        name = tournament_name(&result.name),
        finished = result.finished_at.to_string(),
        rank = result.rank,
        players = result.players,
        points = points(result.half_points)
    )
}

pub fn history(language: Language, page: &HistoryPage) -> Reply {
    let l = language;
    let player_id = page.player.user_id;
    let components = paging(l, page.page, page.pages, |p| ButtonId::History {
        player: player_id,
        page: p,
    });
    let mut lines = if page.games.is_empty() {
        vec![tr!(l, "history-none", player = mention(&page.player))]
    } else {
        let mut lines = vec![tr!(
            l,
            "history-title",
            player = mention(&page.player),
            page = page.page + 1,
            pages = page.pages,
            total = page.total
        )];
        lines.extend(page.games.iter().map(|game| history_line(l, game)));
        lines
    };
    if !page.tournaments.is_empty() {
        lines.push(tr!(l, "history-tournaments-title", total = page.tournaments_total));
        lines.extend(page.tournaments.iter().map(|result| tournament_line(l, result)));
    }
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
            .map(|p| render::short_name(language, &p.name))
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
            let changes = parts.join(", ");
            // A game outside a server that added the bot counts globally.
            Some(match view.guild_id {
                0 => tr!(language, "rating-line-rated-global", changes = changes),
                _ => tr!(language, "rating-line-rated", changes = changes),
            })
        }
        GameRating::Unrated(Unrated::PairLimit { per_day }) => {
            Some(tr!(language, "rating-line-pair-limit", per_day = *per_day))
        }
        GameRating::Unrated(Unrated::Tournament) => Some(tr!(language, "rating-line-unrated-tournament")),
        GameRating::Unrated(Unrated::Forfeit) => Some(tr!(language, "rating-line-forfeit")),
        GameRating::Unrated(Unrated::Friendly) => Some(tr!(language, "rating-line-friendly")),
        // The result line says why these are not rated.
        GameRating::Unrated(Unrated::Computer | Unrated::Aborted | Unrated::TournamentCancelled) => None,
    }
}

/// One game in full: players, result, final board (as text, or not when a
/// picture shows it) and record.
pub fn game(language: Language, game: &GameRecord, with_board: bool) -> Reply {
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
    if with_board {
        lines.push(format!(
            "```\n{}\n```",
            draw(l, view.game.position(), Seat::B, |seat| render::board_label(
                l, view, seat
            ))
        ));
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn result(name: &str, half_points: u32) -> TournamentResult {
        TournamentResult {
            tournament_id: 1,
            name: name.into(),
            guild_id: 1,
            finished_at: 1_800_000_000,
            rank: 2,
            players: 8,
            half_points,
            withdrew: false,
        }
    }

    /// Points are whole or a half, written each language's way, and their
    /// word agrees: French says "1,5 point" where English says "1.5 points".
    #[test]
    fn a_tournament_line_writes_half_points_each_languages_way() {
        let line = |language, half_points| tournament_line(language, &result("Cup", half_points));
        assert!(
            line(Language::English, 5).ends_with("· rank 2 of 8 · 2.5 points"),
            "{}",
            line(Language::English, 5)
        );
        assert!(
            line(Language::English, 2).ends_with("· 1 point"),
            "{}",
            line(Language::English, 2)
        );
        assert!(
            line(Language::English, 3).ends_with("· 1.5 points"),
            "{}",
            line(Language::English, 3)
        );
        assert!(
            line(Language::French, 3).ends_with("· rang 2 sur 8 · 1,5 point"),
            "{}",
            line(Language::French, 3)
        );
        assert!(
            line(Language::French, 6).ends_with("· 3 points"),
            "{}",
            line(Language::French, 6)
        );
        assert!(
            line(Language::Spanish, 5).ends_with("· puesto 2 de 8 · 2,5 puntos"),
            "{}",
            line(Language::Spanish, 5)
        );
    }

    /// A long name is cut, so that a page of tournaments fits a message.
    #[test]
    fn a_long_tournament_name_is_cut() {
        let name = "The Grand Invitational Akon Championship of the Estuary, season three";
        let line = tournament_line(Language::English, &result(name, 2));
        let shown = line.strip_prefix("• 🏆 ").unwrap().split(" <t:").next().unwrap();
        assert_eq!(shown, "The Grand Invitational Akon Championshi…");
        assert_eq!(shown.chars().count(), TOURNAMENT_NAME_SHOWN);
        assert!(!line.contains("season"), "{line}");
    }
}
