//! Service results as Discord messages: text, mentions and buttons.

pub(super) mod daily_puzzle;
pub(super) mod follows;
pub(super) mod game_threads;
mod parts;
pub(super) mod puzzle;
pub(super) mod records;
pub(super) mod review;
pub(super) mod takebacks;
pub(super) mod tournaments;
pub(super) mod vacation;

pub(super) use parts::{board_label, display_name, hole_button, picture_result_line, player_name, result_line};
pub use parts::{mention, Reply};
pub use vacation::reminder_pace_name;

use serenity::all::{ButtonStyle, CreateActionRow, CreateButton};

use super::custom_id::ButtonId;
use crate::board_text::{describe_move, draw};
use crate::engine::{Hole, Seat, Winner};
use crate::i18n::Language;
use crate::service::{
    BoardStyle, ChallengeStatus, ChallengeView, EndReason, GameView, InactiveDays, ServerSettingsView, SettingsView,
    TimeControl, TimePerMove,
};
use crate::tr;
use crate::venue::Venue;

fn row_name(language: Language, seat: Seat) -> String {
    match seat {
        Seat::A => tr!(language, "row-top"),
        Seat::B => tr!(language, "row-bottom"),
    }
}

/// A time per move in words (`3 days`).
pub fn time_per_move_text(language: Language, time: TimePerMove) -> String {
    match time {
        TimePerMove::TenMinutes => tr!(language, "duration-minutes", count = 10),
        TimePerMove::OneHour => tr!(language, "duration-hours", count = 1),
        TimePerMove::OneDay => tr!(language, "duration-days", count = 1),
        TimePerMove::ThreeDays => tr!(language, "duration-days", count = 3),
        TimePerMove::SevenDays => tr!(language, "duration-days", count = 7),
    }
}

/// A live time control in words: `5+3 (5 min + 3 s per move)`.
pub fn time_control_text(language: Language, control: TimeControl) -> String {
    // Figures beside unit symbols, as on a clock: no plural forms, so
    // given as text.
    tr!(
        language,
        "time-control",
        code = control.code(),
        minutes = (control.base_ms / 60_000).to_string(),
        seconds = (control.increment_ms / 1000).to_string()
    )
}

/// A clock's time left as clocks show it: `4:05`, `1:02:09` past an hour
/// (whole seconds, rounded down).
fn clock_face(ms: i64) -> String {
    let seconds = ms.max(0) / 1000;
    let (hours, minutes, seconds) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    match hours {
        0 => format!("{minutes}:{seconds:02}"),
        _ => format!("{hours}:{minutes:02}:{seconds:02}"),
    }
}

/// Both live clocks as the current turn started, with the time control.
fn live_clock_line(l: Language, view: &GameView) -> Option<String> {
    let clock = view.live_clock?;
    Some(tr!(
        l,
        "board-live-clock",
        control = clock.time_control.code(),
        a = player_name(l, view, Seat::A),
        a_time = clock_face(clock.remaining_ms[0]),
        b = player_name(l, view, Seat::B),
        b_time = clock_face(clock.remaining_ms[1])
    ))
}

/// The second the live clock of the player to move runs out, rounded up:
/// never shown as fallen before it has.
fn flag_fall_second(view: &GameView) -> Option<i64> {
    let falls_at_ms = view.live_clock?.flag_falls_at_ms()?;
    Some((falls_at_ms + 999).div_euclid(1000))
}

/// When the flag of the player to move falls (Discord counts it down).
fn flag_line(l: Language, view: &GameView) -> Option<String> {
    let falls_at = flag_fall_second(view)?;
    Some(tr!(l, "board-flag-falls", deadline = falls_at.to_string()))
}

pub(super) fn seconds_per_move_text(language: Language, seconds: i64) -> String {
    match TimePerMove::from_seconds(seconds) {
        Some(time) => time_per_move_text(language, time),
        None => tr!(language, "duration-seconds", count = seconds),
    }
}

/// A language's name, in `language`.
pub fn language_name(language: Language, named: Language) -> String {
    match named {
        Language::English => tr!(language, "language-en"),
        Language::French => tr!(language, "language-fr"),
        Language::Spanish => tr!(language, "language-es"),
        Language::Portuguese => tr!(language, "language-pt"),
    }
}

/// A board style in words (`a picture and the text board`).
pub fn board_style_name(language: Language, style: BoardStyle) -> String {
    match style {
        BoardStyle::Text => tr!(language, "board-style-text"),
        BoardStyle::Picture => tr!(language, "board-style-picture"),
        BoardStyle::Both => tr!(language, "board-style-both"),
    }
}

/// A challenge waiting for its answer, with Accept and Decline.
fn pending_challenge(l: Language, view: &ChallengeView, challenger: String, opponent: String) -> Reply {
    let time = seconds_per_move_text(l, view.seconds_per_move);
    let expires = view.expires_at.to_string();
    let content = if let Some(control) = view.time_control {
        let control = time_control_text(l, control);
        let (opponent, challenger, expires) = (opponent.as_str(), challenger.as_str(), expires.as_str());
        match view.rematch_of {
            Some(_) => tr!(
                l,
                "rematch-pending-live",
                opponent = opponent,
                challenger = challenger,
                control = control,
                expires = expires
            ),
            None => tr!(
                l,
                "challenge-pending-live",
                opponent = opponent,
                challenger = challenger,
                control = control,
                expires = expires
            ),
        }
    } else if view.rematch_of.is_some() {
        tr!(
            l,
            "rematch-pending",
            opponent = opponent,
            challenger = challenger,
            time = time,
            expires = expires
        )
    } else {
        tr!(
            l,
            "challenge-pending",
            opponent = opponent,
            challenger = challenger,
            time = time,
            expires = expires
        )
    };
    let content = match view.rated {
        true => content,
        false => format!("{content}\n{}", tr!(l, "challenge-friendly")),
    };
    Reply {
        content,
        components: vec![CreateActionRow::Buttons(vec![
            CreateButton::new(ButtonId::Accept { challenge: view.id }.to_string())
                .label(tr!(l, "button-accept"))
                .style(ButtonStyle::Success),
            CreateButton::new(ButtonId::Decline { challenge: view.id }.to_string())
                .label(tr!(l, "button-decline"))
                .style(ButtonStyle::Secondary),
        ])],
        mentions: vec![view.opponent.user_id],
    }
}

pub fn challenge(language: Language, view: &ChallengeView) -> Reply {
    let l = language;
    let (challenger, opponent) = (mention(&view.challenger), mention(&view.opponent));
    let ids = vec![view.challenger.user_id, view.opponent.user_id];
    let text = |content: String, mentions: Vec<u64>| Reply {
        content,
        components: vec![],
        mentions,
    };
    match view.status {
        ChallengeStatus::Pending => pending_challenge(l, view, challenger, opponent),
        ChallengeStatus::Accepted => text(
            tr!(l, "challenge-accepted", opponent = opponent, challenger = challenger),
            vec![],
        ),
        ChallengeStatus::Declined => text(
            tr!(l, "challenge-declined", opponent = opponent, challenger = challenger),
            ids,
        ),
        ChallengeStatus::Withdrawn => text(
            tr!(l, "challenge-withdrawn", opponent = opponent, challenger = challenger),
            vec![],
        ),
        ChallengeStatus::Expired => text(
            tr!(l, "challenge-expired", opponent = opponent, challenger = challenger),
            vec![],
        ),
    }
}

/// The board message: the board, what the last move did, whose turn it is
/// (a ping) and the hole buttons; or the result once the game is over.
pub fn board(language: Language, view: &GameView) -> Reply {
    board_message(language, view, true)
}

/// The text board of `view`, as the board message shows it in a code block
/// and as a picture of it describes it.
pub fn board_text(language: Language, view: &GameView) -> String {
    draw(language, view.game.position(), Seat::B, |seat| {
        board_label(language, view, seat)
    })
}

/// A board message's heading: the game, its move and players, the text
/// board if asked for, and the last move.
fn board_heading(l: Language, view: &GameView, with_text: bool) -> String {
    let title = if view.finished.is_some() {
        tr!(l, "board-title-finished", moves = view.ply())
    } else {
        tr!(l, "board-title-move", move = view.ply() + 1)
    };
    let mut content = tr!(
        l,
        "board-header",
        game = view.id.to_string(),
        title = title,
        a = player_name(l, view, Seat::A),
        b = player_name(l, view, Seat::B)
    );
    if view.friendly {
        content.push('\n');
        content.push_str(&tr!(l, "board-friendly"));
    }
    if with_text {
        content.push_str(&format!("\n```\n{}\n```\n", board_text(l, view)));
    } else {
        content.push('\n');
    }
    if let Some(outcome) = &view.last_move {
        content.push_str(&tr!(l, "board-last-move", description = describe_move(l, outcome)));
        content.push('\n');
    }
    if let Some(line) = live_clock_line(l, view) {
        content.push_str(&line);
        content.push('\n');
    }
    content
}

/// The board message, with the text board in it or not (when a picture
/// shows the board, with the text as its description).
pub fn board_message(language: Language, view: &GameView, with_text: bool) -> Reply {
    let l = language;
    let mut content = board_heading(l, view, with_text);
    let mut components = Vec::new();
    let mut mentions = Vec::new();
    let humans = || {
        Seat::BOTH
            .into_iter()
            .filter(|&s| !is_computer(view, s))
            .map(|s| view.player(s).user_id)
    };
    match (view.finished, view.to_move()) {
        (Some((reason, winner)), _) => {
            content.push_str(&finished_lines(l, view, reason, winner));
            mentions = humans().collect();
            components = finished_buttons(l, view);
        }
        (None, Some(to_move)) if is_computer(view, to_move) => {
            content.push_str(&tr!(l, "board-thinking", player = player_name(l, view, to_move)));
        }
        (None, Some(to_move)) => {
            let player = view.player(to_move);
            content.push_str(&tr!(
                l,
                "board-your-turn",
                player = mention(player),
                seat = to_move.to_string(),
                row = row_name(l, to_move)
            ));
            if let Some(line) = deadline_line(l, view).or_else(|| flag_line(l, view)) {
                content.push('\n');
                content.push_str(&line);
            }
            mentions.push(player.user_id);
            components = move_buttons(l, view);
        }
        (None, None) => {}
    }
    if view.finished.is_none() {
        components.push(watch_buttons(l, view));
        if view.followers > 0 {
            content.push('\n');
            content.push_str(&tr!(l, "board-followers", count = view.followers));
        }
    }
    Reply {
        content,
        components,
        mentions,
    }
}

/// An ongoing board's buttons for anyone: Follow, and where the bot is no
/// member, Refresh (nothing is posted there: a press brings what fell due
/// meanwhile, the computer's move or a loss on time).
fn watch_buttons(l: Language, view: &GameView) -> CreateActionRow {
    let mut buttons = vec![CreateButton::new(ButtonId::Follow { game: view.id }.to_string())
        .label(tr!(l, "button-follow"))
        .style(ButtonStyle::Secondary)];
    if !view.venue.bot_posts() {
        buttons.push(
            CreateButton::new(ButtonId::Refresh { game: view.id }.to_string())
                .label(tr!(l, "button-refresh"))
                .style(ButtonStyle::Secondary),
        );
    }
    buttons.extend(takebacks::takeback_button(l, view));
    CreateActionRow::Buttons(buttons)
}

/// A finished board's lines: its result, the hints used, the ratings.
fn finished_lines(l: Language, view: &GameView, reason: EndReason, winner: Winner) -> String {
    let mut lines = vec![result_line(l, view, reason, winner)];
    lines.extend(review::hints_used_line(l, view.hints_used));
    lines.extend(records::rating_line(l, view));
    lines.join("\n")
}

/// A finished board's buttons: Rematch, and Review where it can be.
fn finished_buttons(l: Language, view: &GameView) -> Vec<CreateActionRow> {
    let mut buttons = vec![CreateButton::new(ButtonId::Rematch { game: view.id }.to_string())
        .label(tr!(l, "button-rematch"))
        .style(ButtonStyle::Success)];
    if view.can_be_reviewed() {
        buttons.push(review::review_button(l, view.id));
    }
    vec![CreateActionRow::Buttons(buttons)]
}

/// When the player to move must have moved by, if there is a clock.
fn deadline_line(l: Language, view: &GameView) -> Option<String> {
    if view.clock_paused() {
        return Some(tr!(l, "board-clock-paused"));
    }
    let deadline = view.deadline?.to_string();
    Some(match view.seconds_per_move.and_then(TimePerMove::from_seconds) {
        Some(time) => tr!(
            l,
            "board-deadline-per-move",
            deadline = deadline,
            time = time_per_move_text(l, time)
        ),
        None => tr!(l, "board-deadline", deadline = deadline),
    })
}

/// Where the bot cannot post, the follow-up that mentions the player to
/// move (an edited board notifies no one); `None` when the computer is to
/// move or the game is over.
pub fn turn_ping(language: Language, view: &GameView) -> Option<Reply> {
    let to_move = view.to_move().filter(|&seat| !is_computer(view, seat))?;
    let player = view.player(to_move);
    Some(Reply {
        content: tr!(
            language,
            "turn-ping",
            player = mention(player),
            game = view.id.to_string()
        ),
        components: vec![],
        mentions: vec![player.user_id],
    })
}

/// Where the bot cannot post, the direct message telling a player that a
/// game ended without a press (a loss on time).
pub fn game_over_message(language: Language, view: &GameView) -> Reply {
    let result = match view.finished {
        Some((reason, winner)) => result_line(language, view, reason, winner),
        None => String::new(),
    };
    Reply::text(tr!(
        language,
        "dm-game-over",
        game = view.id.to_string(),
        a = player_name(language, view, Seat::A),
        b = player_name(language, view, Seat::B),
        result = result
    ))
}

/// The reminder a player gets of a move they owe, at their pace.
pub fn reminder(language: Language, view: &GameView) -> Reply {
    let Some(to_move) = view.to_move() else {
        return Reply::text("");
    };
    let player = view.player(to_move);
    let mut content = tr!(
        language,
        "reminder",
        player = mention(player),
        game = view.id.to_string(),
        opponent = player_name(language, view, to_move.opponent()),
        deadline = view.deadline.unwrap_or_default().to_string()
    );
    if let Some(link) = board_link(view) {
        content.push(' ');
        content.push_str(&tr!(language, "reminder-latest-board", link = link));
    }
    Reply {
        content,
        components: vec![],
        mentions: vec![player.user_id],
    }
}

/// What a server shows on the web pages.
pub fn web_settings(language: Language, web: crate::service::WebSettings) -> String {
    let l = language;
    let games = if web.game_pages {
        tr!(l, "settings-web-games-on")
    } else {
        tr!(l, "settings-web-games-off")
    };
    let leaderboard = if web.leaderboard_page {
        tr!(l, "settings-web-leaderboard-on")
    } else {
        tr!(l, "settings-web-leaderboard-off")
    };
    format!("{games}\n{leaderboard}")
}
/// Every setting of a player: reminders, time per move, their language and
/// board style and, in a server, the server's; of the server's others,
/// the web pages if `web_linked` (they are said only where Discord links
/// them), how long without a rated game leaves a player off its
/// leaderboard once chosen or when `inactive_days_changed` (so that the
/// settings of a server that never chose read as they always have), its
/// season channel and its puzzle of the day, once chosen.
pub fn settings(language: Language, view: &SettingsView, web_linked: bool, inactive_days_changed: bool) -> String {
    let l = language;
    let mut lines = vec![
        tr!(l, "settings-title"),
        if view.player.dm_reminders {
            tr!(l, "settings-reminders-dm")
        } else {
            tr!(l, "settings-reminders-channel")
        },
        tr!(
            l,
            "settings-reminder-pace",
            pace = reminder_pace_name(l, view.player.reminders)
        ),
        tr!(
            l,
            "settings-time",
            time = time_per_move_text(l, view.player.default_time_per_move.unwrap_or_default())
        ),
    ];
    let name = language_name(l, view.language.language);
    lines.push(if view.language.chosen {
        tr!(l, "settings-language-chosen", language = name)
    } else {
        tr!(l, "settings-language-discord", language = name)
    });
    lines.push(tr!(
        l,
        "settings-board-style",
        style = board_style_name(l, view.board_style)
    ));
    if let Some(server) = &view.server {
        lines.extend(server_settings(l, server, web_linked, inactive_days_changed));
    }
    lines.join("\n")
}

fn server_settings(
    l: Language,
    server: &ServerSettingsView,
    web_linked: bool,
    inactive_days_changed: bool,
) -> Vec<String> {
    let name = language_name(l, server.language.language);
    let mut lines = vec![
        if server.language.chosen {
            tr!(l, "settings-server-language-chosen", language = name)
        } else {
            tr!(l, "settings-server-language-discord", language = name)
        },
        tr!(
            l,
            "settings-server-board-style",
            style = board_style_name(l, server.board_style)
        ),
    ];
    if web_linked {
        lines.push(web_settings(l, server.web));
    }
    let days = server.leaderboard_inactive_days;
    if days != InactiveDays::OFF || inactive_days_changed {
        lines.push(records::leaderboard_inactive_setting(l, days));
    }
    if let Some(channel) = server.season_channel {
        lines.push(tr!(l, "settings-season-channel", channel = format!("<#{channel}>")));
    }
    lines.push(match server.game_threads {
        true => tr!(l, "settings-game-threads-on"),
        false => tr!(l, "settings-game-threads-off"),
    });
    if let Some(daily) = server.daily_puzzle {
        let channel = format!("<#{}>", daily.channel_id);
        lines.push(match daily.enabled {
            true => tr!(
                l,
                "settings-daily-puzzle-on",
                channel = channel,
                hour = format!("{:02}", daily.hour)
            ),
            false => tr!(l, "settings-daily-puzzle-off", channel = channel),
        });
    }
    lines
}

fn is_computer(view: &GameView, seat: Seat) -> bool {
    matches!(view.computer, Some(computer) if computer.seat == seat)
}

fn move_buttons(language: Language, view: &GameView) -> Vec<CreateActionRow> {
    let legal = view.game.legal_moves();
    let button = |hole: Hole| {
        let id = ButtonId::Move {
            game: view.id,
            ply: view.ply(),
            hole,
        };
        hole_button(id, hole, legal.contains(hole))
    };
    let mut first: Vec<CreateButton> = Hole::ALL[..5].iter().map(|&h| button(h)).collect();
    let mut second: Vec<CreateButton> = Hole::ALL[5..].iter().map(|&h| button(h)).collect();
    second.push(
        CreateButton::new(ButtonId::Resign { game: view.id }.to_string())
            .label(tr!(language, "button-resign"))
            .style(ButtonStyle::Danger),
    );
    if view.computer.is_some() {
        second.push(review::hint_button(language, view.id, view.ply()));
    }
    if view.can_abort() {
        second.push(
            CreateButton::new(ButtonId::Abort { game: view.id }.to_string())
                .label(tr!(language, "button-abort"))
                .style(ButtonStyle::Secondary),
        );
    }
    first.shrink_to_fit();
    vec![CreateActionRow::Buttons(first), CreateActionRow::Buttons(second)]
}

/// Asks to confirm resigning `game_id`, now at move `ply`.
pub fn resign_confirmation(language: Language, game_id: i64, ply: i64) -> Reply {
    Reply {
        content: tr!(language, "resign-confirm", game = game_id.to_string()),
        components: vec![CreateActionRow::Buttons(vec![CreateButton::new(
            ButtonId::ResignConfirmed {
                game: game_id,
                ply: Some(ply),
            }
            .to_string(),
        )
        .label(tr!(language, "button-resign-confirm"))
        .style(ButtonStyle::Danger)])],
        mentions: vec![],
    }
}

pub fn message_link(guild_id: u64, channel_id: u64, message_id: u64) -> String {
    format!("https://discord.com/channels/{guild_id}/{channel_id}/{message_id}")
}

/// A link to `view`'s latest board, where one can be written: a server
/// that did not add the bot is not kept, so its links cannot be.
pub fn board_link(view: &GameView) -> Option<String> {
    let board = view.board_message?;
    match view.venue {
        Venue::Server => Some(message_link(view.guild_id, board.channel_id, board.message_id)),
        Venue::BotDm | Venue::PrivateChannel => Some(format!(
            "https://discord.com/channels/@me/{}/{}",
            board.channel_id, board.message_id
        )),
        Venue::ServerWithoutBot => None,
    }
}

/// Where `view` is played, for a list of games.
pub fn venue_words(language: Language, view: &GameView) -> String {
    let channel = format!("<#{}>", view.channel_id);
    match view.venue {
        Venue::Server => tr!(language, "venue-server", channel = channel),
        Venue::BotDm => tr!(language, "venue-bot-dm"),
        Venue::PrivateChannel => tr!(language, "venue-private-channel"),
        Venue::ServerWithoutBot => tr!(language, "venue-server-without-bot", channel = channel),
    }
}

pub fn games_list(language: Language, user_id: u64, games: &[GameView]) -> Reply {
    let l = language;
    if games.is_empty() {
        return Reply::text(tr!(l, "games-none"));
    }
    let mut lines = vec![tr!(l, "games-title", count = games.len())];
    for view in games {
        let Some(seat) = view.seat_of(user_id) else { continue };
        let opponent = player_name(l, view, seat.opponent());
        let turn = match view.to_move() {
            Some(s) if s == seat => tr!(l, "games-your-turn"),
            _ if view.computer.is_some() => tr!(l, "games-computer-turn"),
            _ => tr!(
                l,
                "games-their-turn",
                player = display_name(l, &view.player(seat.opponent()).name)
            ),
        };
        let turn = match view.clock_paused() {
            true => tr!(l, "games-clock-paused", turn = turn),
            false => turn,
        };
        let (game, seat, ply) = (view.id.to_string(), seat.to_string(), view.ply() + 1);
        // A live clock's deadline is its flag fall.
        let mut line = match view.deadline.or_else(|| flag_fall_second(view)) {
            Some(deadline) => tr!(
                l,
                "games-line-deadline",
                game = game,
                opponent = opponent,
                move = ply,
                turn = turn,
                deadline = deadline.to_string(),
                seat = seat
            ),
            None => tr!(
                l,
                "games-line",
                game = game,
                opponent = opponent,
                move = ply,
                turn = turn,
                seat = seat
            ),
        };
        line.push_str(" · ");
        line.push_str(&venue_words(l, view));
        if let Some(link) = board_link(view) {
            line.push_str(" · ");
            line.push_str(&tr!(l, "games-latest-board", link = link));
        }
        lines.push(line);
    }
    Reply::text(lines.join("\n"))
}

/// The rules in full, as in docs/RULES.md: one section per message, each
/// within Discord's 2000 characters.
pub fn rules(language: Language) -> Vec<String> {
    vec![
        tr!(language, "rules-board"),
        tr!(language, "rules-move"),
        tr!(language, "rules-captures"),
        tr!(language, "rules-end"),
        format!(
            "{}\n{}",
            review::rules_review_paragraph(language),
            puzzle::rules_puzzle_paragraph(language)
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::parts::{computer_label, pad_to_columns, seat_label, short_name, NAME_COLUMNS};
    use super::*;
    use crate::ai::Level;
    use crate::engine::Position;
    use unicode_width::UnicodeWidthStr;

    /// The widest labels there are: a 16-character name, the computer at
    /// every level; with every count of captures up to 70.
    #[test]
    fn every_board_fits_forty_columns_in_every_language() {
        let long_name = short_name(Language::English, "Mbourou-Ndong Ekomy-Nguema");
        assert_eq!(long_name.chars().count(), 16);
        for language in Language::ALL {
            for level in Level::ALL {
                for (captured, rows) in [([70, 0], [0; 7]), ([0, 70], [0; 7]), ([0, 0], [5; 7])] {
                    let position = Position::new(&rows, &rows, captured, Seat::A).unwrap();
                    for computer in Seat::BOTH {
                        let label = |seat: Seat| {
                            if seat == computer {
                                computer_label(language, seat, level)
                            } else {
                                seat_label(seat, &long_name)
                            }
                        };
                        let text = draw(language, &position, Seat::B, label);
                        for line in text.lines() {
                            assert!(line.chars().count() <= 40, "{language}: `{line}`");
                        }
                        assert!(text.contains(" A1 A2 A3 A4 A5 A6 A7"), "{text}");
                    }
                }
            }
        }
    }

    /// Names made of what a hostile or careless user could pick: the board
    /// stays within 40 columns as a monospaced font draws it (an emoji or
    /// a CJK character takes two), and an empty name reads "player".
    #[test]
    fn hostile_names_fit_forty_columns_and_an_empty_one_reads_player() {
        let names = [
            "\u{0}\u{0}\u{0}".to_string(),
            "\u{1}\u{1b}[2J\u{7f}\u{85}\u{9b}".to_string(),
            "\u{202E}\u{2066}\u{2069}".to_string(),
            "\u{301}\u{36b}\u{20dd}".to_string(),
            "x".repeat(200),
            "😀".repeat(200),
            "中".repeat(200),
            "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}".repeat(50),
            format!("z{}", "\u{36b}".repeat(200)),
            "```".to_string(),
        ];
        for language in Language::ALL {
            for name in &names {
                let short = short_name(language, name);
                assert!(!short.is_empty() && short.width() <= NAME_COLUMNS, "{short:?}");
                assert!(short.chars().count() <= NAME_COLUMNS, "{short:?}");
                assert!(!short.chars().any(|c| c.is_control()), "{short:?}");
                let position = Position::new(&[0; 7], &[0; 7], [70, 0], Seat::A).unwrap();
                let text = draw(language, &position, Seat::B, |seat| format!("{seat} {short}"));
                for line in text.lines() {
                    assert!(line.width() <= 40, "{language}: `{line}`");
                    assert!(line.chars().count() <= 40, "{language}: `{line}`");
                }
            }
            let unnamed = tr!(language, "player-unnamed");
            for name in ["", "\u{0}", "\u{202E}\u{0}", "\u{301}", "```"] {
                assert_eq!(short_name(language, name), unnamed);
            }
            assert_eq!(display_name(language, "\u{0}\u{200F}"), unnamed);
        }
        assert_eq!(short_name(Language::French, ""), "joueur");
        assert_eq!(short_name(Language::Spanish, "\u{0}"), "jugador");
        assert_eq!(short_name(Language::English, "😀".repeat(20).as_str()), "😀".repeat(8));
        assert_eq!(pad_to_columns("中中", 6), "中中  ");
    }
}
