//! The pages as HTML, written by maud's compile-time templates: every
//! value interpolated with `(…)` is escaped, so a player's name is always
//! text. The one exception is the SVG of the board and of the review's
//! graph (`PreEscaped`), which `crate::picture` writes and escapes itself.

use maud::{html, Markup, PreEscaped, DOCTYPE};

use super::assets::Assets;
use super::markdown;
use crate::board_text::{describe_move, level_name};
use crate::engine::{MoveOutcome, Seat, Winner};
use crate::game_text::{self, plain_name};
use crate::i18n::Language;
use crate::picture::{board_svg, bracket_description, bracket_svg, graph_svg, BoardPicture, BracketPicture, LastMove};
use crate::review_text::review_lines;
use crate::service::{
    EndReason, EntrantView, GamePage, GameView, ServerPage, TimeControl, TimePerMove, TournamentFormat, TournamentPage,
    TournamentStatus,
};
use crate::tournament::Outcome;
use crate::tr;

/// What every page needs to know of its request.
pub struct Context<'a> {
    pub language: Language,
    /// Whether the language was asked for in the address (`?lang=`): links
    /// then keep it.
    pub lang_in_query: bool,
    /// From the page to the root of the site, so that links work under
    /// whatever path a reverse proxy serves the site at: `""` or `"../"`.
    pub root: &'static str,
    pub assets: &'a Assets,
    /// Whether signing in is on: a game in progress, at its last move,
    /// then loads the live script.
    pub live: bool,
}

impl Context<'_> {
    /// `path` (relative, with its own query or none) with the language kept.
    fn link(&self, path: &str) -> String {
        if !self.lang_in_query {
            return path.to_string();
        }
        let joint = if path.contains('?') { '&' } else { '?' };
        format!("{path}{joint}lang={}", self.language.code())
    }
}

fn layout(cx: &Context<'_>, title: &str, here: &str, body: Markup) -> Markup {
    let l = cx.language;
    // The same page in another language: `here` is the page's own query.
    let joint = if here.contains('?') { '&' } else { '?' };
    html! {
        (DOCTYPE)
        html lang=(l.code()) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="referrer" content="no-referrer";
                title { (title) " · Akon" }
                link rel="stylesheet" href={ (cx.root) (cx.assets.css_path) };
                link rel="icon" type="image/svg+xml" href={ (cx.root) (cx.assets.icon_path) };
                script src={ (cx.root) (cx.assets.script_path) } defer {}
            }
            body {
                header {
                    a.home href={ (cx.root) (cx.link("./")) } { "Akon" }
                    nav.languages aria-label=(tr!(l, "web-languages")) {
                        @for other in Language::ALL {
                            @if other == l {
                                span lang=(other.code()) { (other.code()) }
                            } @else {
                                a lang=(other.code()) hreflang=(other.code())
                                    href={ (here) (joint) "lang=" (other.code()) } { (other.code()) }
                            }
                        }
                    }
                }
                main { (body) }
                footer { p { (tr!(l, "web-footer")) } }
            }
        }
    }
}

/// The front page: what Akon is and its rules.
pub fn front(cx: &Context<'_>) -> Markup {
    let l = cx.language;
    let rules = [
        tr!(l, "rules-board"),
        tr!(l, "rules-move"),
        tr!(l, "rules-captures"),
        tr!(l, "rules-end"),
    ];
    let body = html! {
        h1 { (tr!(l, "web-front-title")) }
        p { (markdown::inline(&tr!(l, "web-front-intro"))) }
        @for section in &rules { (markdown::blocks(section)) }
    };
    layout(cx, &tr!(l, "web-front-title"), "./", body)
}

/// A page that does not exist, or is not shown.
pub fn not_found(cx: &Context<'_>) -> Markup {
    let l = cx.language;
    let body = html! {
        h1 { (tr!(l, "web-not-found-title")) }
        p { (tr!(l, "web-not-found")) }
        p { a href={ (cx.root) (cx.link("./")) } { (tr!(l, "web-front-title")) } }
    };
    layout(cx, &tr!(l, "web-not-found-title"), "", body)
}

/// A sign-in that did not work: what happened, and the way back.
pub fn sign_in_failed(cx: &Context<'_>, why: &str) -> Markup {
    let l = cx.language;
    let body = html! {
        h1 { (tr!(l, "web-sign-in-failed-title")) }
        p.sign-in-failed { (why) }
        p { a href={ (cx.root) (cx.link("./")) } { (tr!(l, "web-front-title")) } }
    };
    layout(cx, &tr!(l, "web-sign-in-failed-title"), "", body)
}

/// The database could not answer.
pub fn unavailable(cx: &Context<'_>) -> Markup {
    let l = cx.language;
    let body = html! {
        h1 { (tr!(l, "web-unavailable-title")) }
        p { (tr!(l, "web-unavailable")) }
    };
    layout(cx, &tr!(l, "web-unavailable-title"), "", body)
}

/// A player's name as the pages show it: "player" for an empty one, the
/// computer by its level.
fn player_name(l: Language, view: &GameView, seat: Seat) -> String {
    game_text::player_name(l, view, seat, |player| plain_name(l, &player.name))
}

fn seat_class(seat: Seat) -> &'static str {
    match seat {
        Seat::A => "seat-a",
        Seat::B => "seat-b",
    }
}

/// A time per move in words (`3 days`).
fn seconds_text(l: Language, seconds: i64) -> String {
    match TimePerMove::from_seconds(seconds) {
        Some(TimePerMove::TenMinutes) => tr!(l, "duration-minutes", count = 10),
        Some(TimePerMove::OneHour) => tr!(l, "duration-hours", count = 1),
        Some(TimePerMove::OneDay) => tr!(l, "duration-days", count = 1),
        Some(TimePerMove::ThreeDays) => tr!(l, "duration-days", count = 3),
        Some(TimePerMove::SevenDays) => tr!(l, "duration-days", count = 7),
        None => tr!(l, "duration-seconds", count = seconds),
    }
}

/// A live game's time control, as the page says it: `Time control: 5+3
/// (5 min + 3 s per move)`.
pub fn time_control_line(l: Language, control: TimeControl) -> String {
    // Figures beside unit symbols, as on a clock: no plural forms, so
    // given as text.
    let words = tr!(
        l,
        "time-control",
        code = control.code(),
        minutes = (control.base_ms / 60_000).to_string(),
        seconds = (control.increment_ms / 1000).to_string()
    );
    tr!(l, "web-time-control", control = words)
}

/// How long a move took, in its largest whole unit.
fn took_text(l: Language, seconds: i64) -> String {
    match seconds {
        s if s >= 86_400 => tr!(l, "duration-days", count = s / 86_400),
        s if s >= 3_600 => tr!(l, "duration-hours", count = s / 3_600),
        s if s >= 60 => tr!(l, "duration-minutes", count = s / 60),
        s => tr!(l, "duration-seconds", count = s),
    }
}

/// A time as UTC, its date in words in `l`: `December 1, 2026, 18:30 UTC`,
/// `1 décembre 2026, 18:30 UTC`.
pub fn utc_in(l: Language, seconds: i64) -> String {
    let (year, month, day, hour, minute) = civil(seconds);
    format!(
        "{}, {hour:02}:{minute:02} UTC",
        crate::i18n::date_in_words(l, year as i32, month as u8, day as u8)
    )
}

/// The UTC year, month, day, hour and minute of `seconds` since 1970.
fn civil(seconds: i64) -> (i64, i64, i64, i64, i64) {
    let days = seconds.div_euclid(86_400);
    let of_day = seconds.rem_euclid(86_400);
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day, of_day / 3_600, of_day % 3_600 / 60)
}

/// Columns a name may take in the result drawn on a finished game's
/// board, as on the Discord board.
const PICTURE_NAME_COLUMNS: usize = 16;

/// The finished game's result and how it ended, as the final board says it.
fn result_line(l: Language, view: &GameView, reason: EndReason, winner: Winner) -> String {
    game_text::result_line(l, view, reason, winner, |seat| player_name(l, view, seat))
}

/// The game's page at move `ply` (0: the start; clamped to the last).
pub fn game(cx: &Context<'_>, page: &GamePage, ply: Option<usize>) -> Markup {
    let l = cx.language;
    let view = &page.view;
    let moves = view.game.moves();
    let last = moves.len();
    let ply = ply.unwrap_or(last).min(last);
    let outcomes: Vec<MoveOutcome> = page.plies.iter().map(|p| p.outcome).collect();
    let ply = ply.min(outcomes.len());
    let position = page.position_at(ply);
    let name = |seat: Seat| player_name(l, view, seat);
    let label = |seat: Seat| format!("{seat} · {}", name(seat));
    let picture = BoardPicture {
        language: l,
        position,
        bottom: Seat::B,
        labels: [label(Seat::A), label(Seat::B)],
        to_move: page.to_move_at(ply),
        last: ply.checked_sub(1).map(|i| LastMove::from_outcome(outcomes[i])),
        // Drawn at the last move only, where no one is to move.
        result: game_text::plain_result_line(l, view, |seat| {
            crate::names::shorten(&name(seat), PICTURE_NAME_COLUMNS, usize::MAX)
        }),
    };
    let board = board_svg(&picture);
    let title = tr!(l, "web-game-title", a = name(Seat::A), b = name(Seat::B));
    let step = |to: usize| cx.link(&format!("?ply={to}"));
    let here = format!("?ply={ply}");
    let record = page.record.to_string();
    // The live script adds itself to the page as it is now, not to a move before.
    let live = cx.live && view.finished.is_none() && ply == last;
    let body = html! {
        h1 { (title) }
        ul.facts {
            li {
                span.seat-a { "A" } " " (tr!(l, "web-row-top")) " · " (name(Seat::A))
                " — "
                span.seat-b { "B" } " " (tr!(l, "web-row-bottom")) " · " (name(Seat::B))
            }
            @match view.finished {
                Some((reason, winner)) => li.result { (markdown::inline(&result_line(l, view, reason, winner))) },
                None => li { (tr!(l, "web-in-progress", moves = last as i64)) },
            }
            @if let Some(clock) = view.live_clock {
                li.time-control { (time_control_line(l, clock.time_control)) }
            } @else if let Some(seconds) = view.seconds_per_move {
                li { (tr!(l, "web-time-per-move", time = seconds_text(l, seconds))) }
            }
            li {
                (tr!(l, "web-started", date = utc_in(l, page.created_at)))
                @if let Some(finished) = page.finished_at { " · " (tr!(l, "web-finished", date = utc_in(l, finished))) }
            }
        }
        nav.steps aria-label=(tr!(l, "web-steps")) {
            (step_link(ply > 0, "first", &step(0), "«", &tr!(l, "web-step-first")))
            (step_link(ply > 0, "prev", &step(ply.saturating_sub(1)), "◀", &tr!(l, "web-step-prev")))
            (step_link(ply < last, "next", &step(ply + 1), "▶", &tr!(l, "web-step-next")))
            (step_link(ply < last, "last", &step(last), "»", &tr!(l, "web-step-last")))
            span.at data-ply=(ply) { (tr!(l, "web-step-at", ply = ply as i64, last = last as i64)) }
        }
        div.board data-ply=(ply) data-position=(serde_json::to_string(&position.to_json()).unwrap_or_default())
            data-live=[live.then_some("events")] {
            (PreEscaped(board))
        }
        @if live {
            script type="module" src={ (cx.root) (cx.assets.live_script_path) } {}
        }
        p {
            @match ply.checked_sub(1).map(|i| &outcomes[i]) {
                Some(outcome) => (tr!(l, "board-last-move", description = describe_move(l, outcome))),
                None => (tr!(l, "web-start", seat = view.game.start().to_move().to_string(), player = name(view.game.start().to_move()))),
            }
        }
        p.muted { (tr!(l, "web-keys")) }
        h2 { (tr!(l, "web-moves")) }
        ol.moves {
            li { a href=(step(0)) aria-current=[(ply == 0).then_some("step")] { (tr!(l, "web-start-short")) } }
            @for (i, outcome) in outcomes.iter().enumerate() {
                li {
                    a href=(step(i + 1)) aria-current=[(ply == i + 1).then_some("step")] {
                        span.n { (i + 1) "." } " "
                        span class=(seat_class(outcome.seat)) { (outcome.seat.to_string()) (outcome.hole.to_string()) }
                    }
                    @if let Some(&took) = page.move_seconds.get(i) {
                        span.t { (took_text(l, took)) }
                    }
                }
            }
        }
        h2 { (tr!(l, "web-record")) }
        p { code { (record) } }
        @if let Some(review) = &page.review {
            section.review {
                h2 { (tr!(l, "web-review")) }
                @for line in review_lines(l, &tr!(l, "review-title-record", record = record.clone()), review, &|seat| name(seat)) {
                    p { (markdown::inline(&line)) }
                }
                div.graph { (PreEscaped(graph_svg(l, review))) }
            }
        }
    };
    layout(cx, &title, &here, body)
}

/// The board of `view` as it stands, as the game's page draws it at its
/// last move: what the live page shows after each change.
pub fn live_board_svg(l: Language, view: &GameView) -> String {
    let name = |seat: Seat| player_name(l, view, seat);
    let label = |seat: Seat| format!("{seat} · {}", name(seat));
    let picture = BoardPicture {
        language: l,
        position: view.game.position(),
        bottom: Seat::B,
        labels: [label(Seat::A), label(Seat::B)],
        to_move: view.to_move(),
        last: view.last_move.map(LastMove::from_outcome),
        result: game_text::plain_result_line(l, view, |seat| {
            crate::names::shorten(&name(seat), PICTURE_NAME_COLUMNS, usize::MAX)
        }),
    };
    board_svg(&picture)
}

/// A player's name as the pages show it, for the live state.
pub fn shown_name(l: Language, view: &GameView, seat: Seat) -> String {
    player_name(l, view, seat)
}

/// The finished game's result line, as plain text, for the live state.
pub fn result_text(l: Language, view: &GameView) -> Option<String> {
    view.finished
        .map(|(reason, winner)| result_line(l, view, reason, winner).replace("**", ""))
}

/// A first/previous/next/last control: a link while it leads somewhere,
/// else a greyed label.
fn step_link(enabled: bool, name: &str, href: &str, symbol: &str, label: &str) -> Markup {
    let rel = match name {
        "prev" => Some("prev"),
        "next" => Some("next"),
        _ => None,
    };
    html! {
        @if enabled {
            a href=(href) data-step=(name) rel=[rel] title=(label) aria-label=(label) { (symbol) }
        } @else {
            span.off aria-disabled="true" title=(label) { (symbol) }
        }
    }
}

/// A server's leaderboard, one page of it.
pub fn server(cx: &Context<'_>, page: &ServerPage) -> Markup {
    let l = cx.language;
    let board = &page.leaderboard;
    let title = tr!(l, "web-leaderboard-title");
    let to_page = |p: i64| cx.link(&format!("?page={}", p + 1));
    let here = format!("?page={}", board.page + 1);
    let body = html! {
        h1 { (title) }
        p.muted { (tr!(l, "web-leaderboard-about", min_games = board.min_games)) }
        @if board.rows.is_empty() {
            p { (tr!(l, "web-leaderboard-empty")) }
        } @else {
            div.table {
                table {
                    thead { tr {
                        th.num { "#" }
                        th { (tr!(l, "leaderboard-column-player")) }
                        th.num { (tr!(l, "leaderboard-column-rating")) }
                        th.num { (tr!(l, "leaderboard-column-wins")) }
                        th.num { (tr!(l, "leaderboard-column-losses")) }
                        th.num { (tr!(l, "leaderboard-column-draws")) }
                        th.num { (tr!(l, "leaderboard-column-games")) }
                    } }
                    tbody {
                        @for row in &board.rows {
                            tr {
                                td.num { (row.rank) }
                                td { (plain_name(l, &row.name)) }
                                td.num { (row.rating.shown()) @if row.rating.is_provisional() { "?" } }
                                td.num { (row.wins) }
                                td.num { (row.losses) }
                                td.num { (row.draws) }
                                td.num { (row.games) }
                            }
                        }
                    }
                }
            }
        }
        nav.steps aria-label=(tr!(l, "web-pages")) {
            (step_link(board.page > 0, "prev", &to_page(board.page - 1), "◀", &tr!(l, "web-page-prev")))
            span.at { (tr!(l, "web-page-at", page = board.page + 1, pages = board.pages)) }
            (step_link(board.page + 1 < board.pages, "next", &to_page(board.page + 1), "▶", &tr!(l, "web-page-next")))
        }
    };
    layout(cx, &title, &here, body)
}

fn entrant_name(l: Language, entrant: Option<&EntrantView>) -> String {
    match entrant {
        Some(EntrantView {
            computer: Some(level), ..
        }) => tr!(l, "computer-name", level = level_name(l, *level)),
        Some(entrant) => plain_name(l, &entrant.player.name),
        None => tr!(l, "player-unnamed"),
    }
}

/// Half-points as a score: `2½`, `½`, `3`.
fn points(half_points: u32) -> String {
    match (half_points / 2, half_points % 2) {
        (0, 1) => "½".to_string(),
        (whole, 1) => format!("{whole}½"),
        (whole, _) => whole.to_string(),
    }
}

/// Quarter-points (Sonneborn–Berger) as a score: `5¼`, `2¾`.
fn quarters(quarter_points: u32) -> String {
    let fraction = ["", "¼", "½", "¾"][(quarter_points % 4) as usize];
    match quarter_points / 4 {
        0 if !fraction.is_empty() => fraction.to_string(),
        whole => format!("{whole}{fraction}"),
    }
}

fn outcome_text(outcome: Option<Outcome>) -> &'static str {
    match outcome {
        None => "…",
        Some(Outcome::FirstWon) => "1–0",
        Some(Outcome::Draw) => "½–½",
        Some(Outcome::SecondWon) => "0–1",
        Some(Outcome::FirstWonByForfeit) => "+–−",
        Some(Outcome::SecondWonByForfeit) => "−–+",
        Some(Outcome::DoubleForfeit) => "−–−",
    }
}

/// A column of the standings after the player's: its heading, short
/// enough for a phone, and what it stands for (the heading's `abbr` title
/// and the legend under the table).
struct StandingsColumn {
    abbreviation: String,
    expansion: String,
}

/// The standings' columns after the player's, in order: points, games,
/// then the format's tie-breaks if it has any (a knockout has none).
fn standings_columns(l: Language, swiss: bool, tie_breaks: bool) -> Vec<StandingsColumn> {
    let column = |abbreviation: String, expansion: String| StandingsColumn {
        abbreviation,
        expansion,
    };
    let mut columns = vec![
        column(tr!(l, "web-column-points-abbr"), tr!(l, "web-column-points")),
        column(tr!(l, "web-column-games-abbr"), tr!(l, "web-column-games")),
    ];
    if !tie_breaks {
        return columns;
    }
    if swiss {
        columns.push(column(
            tr!(l, "web-column-buchholz-cut1"),
            tr!(l, "web-tiebreak-buchholz-cut1"),
        ));
        columns.push(column(tr!(l, "web-column-buchholz"), tr!(l, "web-tiebreak-buchholz")));
    }
    columns.push(column(
        tr!(l, "web-column-sonneborn-berger"),
        tr!(l, "web-tiebreak-sonneborn-berger"),
    ));
    if !swiss {
        columns.push(column(tr!(l, "web-column-direct"), tr!(l, "web-tiebreak-direct")));
    }
    columns.push(column(tr!(l, "web-column-seeds"), tr!(l, "web-tiebreak-seeds")));
    columns
}

/// A tournament: its standings with tie-breaks, then every round's boards.
pub fn tournament(cx: &Context<'_>, page: &TournamentPage) -> Markup {
    let l = cx.language;
    let view = &page.view;
    let format = match view.format {
        TournamentFormat::RoundRobin => tr!(l, "web-format-round-robin"),
        TournamentFormat::DoubleRoundRobin => tr!(l, "web-format-double-round-robin"),
        TournamentFormat::Swiss => tr!(l, "web-format-swiss"),
        TournamentFormat::Knockout => tr!(l, "web-format-knockout"),
        TournamentFormat::KnockoutThirdPlace => tr!(l, "web-format-knockout-third-place"),
    };
    let status = match view.status {
        TournamentStatus::Created => tr!(l, "web-tournament-created"),
        TournamentStatus::Running => tr!(l, "web-tournament-running", round = i64::from(view.current_round)),
        TournamentStatus::Finished => tr!(l, "web-tournament-finished"),
        TournamentStatus::Cancelled => tr!(l, "web-tournament-cancelled"),
    };
    let swiss = view.format == TournamentFormat::Swiss;
    // A knockout is ranked by the round each player went out in.
    let tie_breaks = !view.format.is_knockout();
    let columns = standings_columns(l, swiss, tie_breaks);
    let bracket = BracketPicture {
        language: l,
        view,
        bracket: &page.bracket,
    };
    let body = html! {
        h1 { (view.name) }
        ul.facts {
            li { (format) " · " (status) }
            li { (tr!(l, "web-time-per-move", time = seconds_text(l, view.seconds_per_move))) }
            li { (tr!(l, "web-tournament-players", count = view.entrants.len() as i64)) }
        }
        h2 { (tr!(l, "web-standings")) }
        @if page.standings.is_empty() {
            p { (tr!(l, "web-standings-none")) }
        } @else {
            div.table { table.standings {
                thead { tr {
                    th.num { "#" }
                    th { (tr!(l, "leaderboard-column-player")) }
                    @for column in &columns {
                        th.num { abbr title=(column.expansion) { (column.abbreviation) } }
                    }
                } }
                tbody {
                    @for line in &page.standings {
                        tr {
                            td.num { (line.rank) }
                            td {
                                (entrant_name(l, Some(&line.entrant)))
                                @if line.entrant.withdrawn { " " span.muted { (tr!(l, "web-withdrawn")) } }
                            }
                            td.num { (points(line.half_points)) }
                            td.num { (line.games_played) }
                            @if tie_breaks {
                                @if swiss {
                                    td.num { (points(line.tie_breaks.buchholz_cut1_halves)) }
                                    td.num { (points(line.tie_breaks.buchholz_halves)) }
                                }
                                td.num { (quarters(line.tie_breaks.sonneborn_berger_quarters)) }
                                @if !swiss {
                                    td.num { @match line.tie_breaks.direct_encounter_halves { Some(h) => (points(h)), None => "–" } }
                                }
                                td.num { (line.tie_breaks.seed_difference) }
                            }
                        }
                    }
                }
            } }
            dl.legend {
                @for column in &columns {
                    div { dt { (column.abbreviation) } dd { (column.expansion) } }
                }
            }
        }
        @if !page.bracket.is_empty() {
            h2 { (tr!(l, "web-bracket")) }
            // Drawn at its size, scrolling in its own box on a narrow screen.
            div.table.bracket role="img" aria-label=(bracket_description(&bracket, usize::MAX)) {
                (PreEscaped(bracket_svg(&bracket)))
            }
        }
        @if view.status == TournamentStatus::Created {
            h2 { (tr!(l, "web-entrants")) }
            ul { @for entrant in &view.entrants { li { (entrant_name(l, Some(entrant))) } } }
        }
        @for round in page.rounds.iter().rev() {
            h2 { (tr!(l, "web-round", round = i64::from(round.round))) }
            div.table { table {
                tbody {
                    @for board in &round.boards {
                        tr {
                            td.num { (board.board) }
                            @match &board.second {
                                Some(second) => {
                                    td { span.seat-a { "A" } " " (entrant_name(l, board.first.as_ref())) }
                                    td { span.seat-b { "B" } " " (entrant_name(l, Some(second))) }
                                    td.num {
                                        @match &board.game_token {
                                            Some(token) => a href={ (cx.root) (cx.link(&format!("g/{token}"))) } { (outcome_text(board.outcome)) },
                                            None => (outcome_text(board.outcome)),
                                        }
                                    }
                                    td.num { @if board.outcome.is_some() { (board.captured[0]) "–" (board.captured[1]) } }
                                },
                                None => {
                                    td { (entrant_name(l, board.first.as_ref())) }
                                    td.muted {
                                        // A knockout's later rounds have walkovers, not byes.
                                        @if view.format.is_knockout() && round.round > 1 {
                                            (tr!(l, "web-walkover"))
                                        } @else {
                                            (tr!(l, "web-bye"))
                                        }
                                    }
                                    td {}
                                    td {}
                                },
                            }
                        }
                    }
                }
            } }
        }
    };
    layout(cx, &view.name, "", body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_written_in_utc() {
        assert_eq!(civil(0), (1970, 1, 1, 0, 0));
        assert_eq!(civil(951_782_400), (2000, 2, 29, 0, 0));
        assert_eq!(civil(1_796_149_800), (2026, 12, 1, 18, 30));
        assert_eq!(utc_in(Language::English, 1_796_149_800), "December 1, 2026, 18:30 UTC");
        assert_eq!(utc_in(Language::French, 1_796_149_800), "1 décembre 2026, 18:30 UTC");
        assert_eq!(
            utc_in(Language::Spanish, 1_796_149_800),
            "1 de diciembre de 2026, 18:30 UTC"
        );
        assert_eq!(
            utc_in(Language::Portuguese, 1_796_149_800),
            "1 de dezembro de 2026, 18:30 UTC"
        );
    }

    #[test]
    fn points_are_written_with_halves_and_quarters() {
        assert_eq!(points(0), "0");
        assert_eq!(points(1), "½");
        assert_eq!(points(5), "2½");
        assert_eq!(quarters(21), "5¼");
        assert_eq!(quarters(3), "¾");
        assert_eq!(quarters(8), "2");
    }
}
