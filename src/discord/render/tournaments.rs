//! Tournaments as messages: the tournament's one message (the
//! announcement with its Join and Leave buttons, then the standings, then
//! the podium), the standings shown privately, and the line that opens a
//! tournament game's first board.

use serenity::all::{ButtonStyle, CreateActionRow, CreateButton};
use unicode_width::UnicodeWidthStr;

use super::parts::{
    computer_name, display_name, mention, pad_to_columns, player_name, short_name, Reply, NAME_COLUMNS,
};
use super::seconds_per_move_text;
use crate::discord::custom_id::ButtonId;
use crate::engine::Seat;
use crate::i18n::Language;
use crate::service::{
    BracketMatch, Delivery, EntrantView, TournamentFormat, TournamentGame, TournamentStanding, TournamentStatus,
    TournamentView,
};
use crate::tr;

/// Discord's limit on a message's text, less a margin for the lines that
/// close a table.
const MESSAGE_BUDGET: usize = 1900;

fn format_name(l: Language, format: TournamentFormat) -> String {
    match format {
        TournamentFormat::RoundRobin => tr!(l, "tournament-format-round-robin"),
        TournamentFormat::DoubleRoundRobin => tr!(l, "tournament-format-double-round-robin"),
        TournamentFormat::Swiss => tr!(l, "tournament-format-swiss"),
        TournamentFormat::Knockout => tr!(l, "tournament-format-knockout"),
        TournamentFormat::KnockoutThirdPlace => tr!(l, "tournament-format-knockout-third-place"),
    }
}

/// A format's name, for the command's choices.
pub fn tournament_format_name(l: Language, format: TournamentFormat) -> String {
    format_name(l, format)
}

/// An entrant's name for running text: a mention of a person, the
/// computer's level.
fn entrant_text(l: Language, entrant: &EntrantView) -> String {
    match entrant.computer {
        Some(level) => computer_name(l, level),
        None => mention(&entrant.player),
    }
}

/// An entrant's name for a table, at most [`NAME_COLUMNS`] wide.
fn entrant_cell(l: Language, entrant: &EntrantView) -> String {
    let name = match entrant.computer {
        Some(level) => computer_name(l, level),
        None => display_name(l, &entrant.player.name),
    };
    let short = short_name(l, &name);
    if entrant.withdrawn {
        // Withdrawn players keep their line, marked.
        let mut marked = short;
        while marked.width() > NAME_COLUMNS - 2 {
            marked.pop();
        }
        format!("{} ×", marked.trim_end())
    } else {
        short
    }
}

/// `halves / 2` or `quarters / 4` with the language's decimal mark, no
/// trailing zeros: `2`, `2.5`, `2.75`.
fn exact(l: Language, value: i64, denominator: i64) -> String {
    let (mark, _) = l.number_marks();
    let sign = if value < 0 { "−" } else { "" };
    let value = value.abs();
    let whole = value / denominator;
    let rest = value % denominator;
    match (denominator, rest) {
        (_, 0) => format!("{sign}{whole}"),
        (2, _) => format!("{sign}{whole}{mark}5"),
        (4, 2) => format!("{sign}{whole}{mark}5"),
        (4, r) => format!("{sign}{whole}{mark}{}", r * 25),
        _ => format!("{sign}{whole}"),
    }
}

/// The first line of the tournament's message: its name and number (the
/// number last, so that the message can be told from others).
fn title(l: Language, view: &TournamentView) -> String {
    tr!(
        l,
        "tournament-title",
        name = display_name(l, &view.name),
        id = view.id.to_string()
    )
}

/// The suffix of the first line of tournament `id`'s message, in every
/// language.
pub fn title_ends(id: i64) -> String {
    format!("#{id}")
}

/// What the tournament is: format, rounds, time per move, rated.
fn terms(l: Language, view: &TournamentView) -> String {
    let format = format_name(l, view.format);
    let time = seconds_per_move_text(l, view.seconds_per_move);
    let rated = if view.rated {
        tr!(l, "tournament-rated")
    } else {
        tr!(l, "tournament-unrated")
    };
    match view.rounds {
        Some(rounds) => tr!(
            l,
            "tournament-terms-rounds",
            format = format,
            rounds = rounds,
            time = time,
            rated = rated
        ),
        None => tr!(l, "tournament-terms", format = format, time = time, rated = rated),
    }
}

/// The Join and Leave buttons of tournament `id` before it starts.
fn join_and_leave(l: Language, id: i64) -> Vec<CreateActionRow> {
    vec![CreateActionRow::Buttons(vec![
        CreateButton::new(ButtonId::TournamentJoin { tournament: id }.to_string())
            .label(tr!(l, "button-tournament-join"))
            .style(ButtonStyle::Success),
        CreateButton::new(ButtonId::TournamentLeave { tournament: id }.to_string())
            .label(tr!(l, "button-tournament-leave"))
            .style(ButtonStyle::Secondary),
    ])]
}

/// The tournament's message in its channel, as it stands.
pub fn tournament_message(l: Language, view: &TournamentView, standings: &[TournamentStanding]) -> Reply {
    let mut lines = vec![title(l, view), terms(l, view)];
    let mut components = Vec::new();
    match view.status {
        TournamentStatus::Created => {
            lines.push(tr!(l, "tournament-organiser", organiser = mention(&view.organiser)));
            lines.push(match view.starts_at {
                Some(at) => tr!(l, "tournament-starts-at", at = at.to_string()),
                None => tr!(l, "tournament-starts-by-hand"),
            });
            lines.push(tr!(
                l,
                "tournament-players",
                count = view.entrants.len(),
                max = view.max_players
            ));
            lines.push(entrant_list(
                l,
                &view.entrants,
                MESSAGE_BUDGET.saturating_sub(joined_len(&lines)),
            ));
            components = join_and_leave(l, view.id);
        }
        TournamentStatus::Running => {
            lines.push(tr!(
                l,
                "tournament-round",
                round = view.current_round,
                rounds = view.rounds.unwrap_or(view.current_round)
            ));
            push_table(l, view, standings, &mut lines);
        }
        TournamentStatus::Finished => {
            lines.push(tr!(l, "tournament-finished"));
            push_table(l, view, standings, &mut lines);
            lines.push(podium(l, standings));
        }
        TournamentStatus::Cancelled => {
            lines.push(tr!(l, "tournament-cancelled"));
            if standings.is_empty() {
                lines.push(entrant_list(
                    l,
                    &view.entrants,
                    MESSAGE_BUDGET.saturating_sub(joined_len(&lines)),
                ));
            } else {
                push_table(l, view, standings, &mut lines);
            }
        }
    }
    Reply {
        content: lines.join("\n"),
        components,
        // The message is edited many times: it pings nobody.
        mentions: vec![],
    }
}

/// Discord's limit on a message's text.
const MESSAGE_LIMIT: usize = 2000;

/// The tournament's message with a knockout's bracket under it: newest
/// round first (the final, naming its winner, on top), as many matches
/// as fit.
pub fn tournament_message_with_bracket(
    l: Language,
    view: &TournamentView,
    standings: &[TournamentStanding],
    bracket: &[BracketMatch],
) -> Reply {
    let mut reply = tournament_message(l, view, standings);
    if bracket.is_empty() {
        return reply;
    }
    let last_round = view.rounds.unwrap_or(0);
    let label = |m: &BracketMatch| {
        if m.third_place {
            tr!(l, "tournament-bracket-third-place")
        } else if m.round == last_round {
            tr!(l, "tournament-bracket-final")
        } else {
            tr!(l, "tournament-bracket-round", round = m.round)
        }
    };
    let label_width = bracket.iter().map(|m| label(m).width()).max().unwrap_or(0);
    let mut text = format!("\n{}\n```", tr!(l, "tournament-bracket"));
    let closing = "\n```";
    let mut matches: Vec<&BracketMatch> = bracket.iter().collect();
    matches.sort_by_key(|m| std::cmp::Reverse(m.round));
    for (shown, m) in matches.iter().enumerate() {
        let line = format!("\n{} {}", pad_to_columns(&label(m), label_width), bracket_line(l, m));
        let more = format!("\n{}", tr!(l, "tournament-more-players", count = matches.len() - shown));
        if reply.content.len() + text.len() + line.len() + more.len() + closing.len() > MESSAGE_LIMIT {
            text.push_str(closing);
            text.push_str(&more);
            reply.content.push_str(&text);
            return reply;
        }
        text.push_str(&line);
    }
    text.push_str(closing);
    reply.content.push_str(&text);
    reply
}

/// One match of a bracket: both players, the winner marked ✓, or how it
/// stands.
fn bracket_line(l: Language, m: &BracketMatch) -> String {
    let mark = |entrant: &EntrantView| {
        let won = m.winner.as_ref().is_some_and(|w| w.entrant_id == entrant.entrant_id);
        format!(
            "{} {}",
            pad_to_columns(&entrant_cell(l, entrant), NAME_COLUMNS),
            if won { "✓" } else { " " }
        )
    };
    let Some(bottom) = &m.bottom else {
        let how = if m.round == 1 {
            tr!(l, "tournament-bracket-bye")
        } else {
            tr!(l, "tournament-bracket-walkover")
        };
        return format!("{} · {how}", mark(&m.top));
    };
    let mut line = format!("{} – {}", mark(&m.top), mark(bottom));
    if m.decided && m.winner.is_none() {
        line.push_str(&format!(" · {}", tr!(l, "tournament-bracket-double-forfeit")));
    } else if !m.decided && m.draws > 0 {
        line.push_str(&format!(" · {}", tr!(l, "tournament-bracket-game", game = m.draws + 1)));
    }
    line.trim_end().to_string()
}

fn joined_len(lines: &[String]) -> usize {
    lines.iter().map(|line| line.len() + 1).sum()
}

/// The entrants, in the order they joined, within `budget` bytes.
fn entrant_list(l: Language, entrants: &[EntrantView], budget: usize) -> String {
    if entrants.is_empty() {
        return tr!(l, "tournament-no-players");
    }
    let mut text = String::new();
    for (shown, entrant) in entrants.iter().enumerate() {
        let name = entrant_text(l, entrant);
        let more = tr!(l, "tournament-more-players", count = entrants.len() - shown);
        if text.len() + name.len() + more.len() + 4 > budget {
            text.push_str(", ");
            text.push_str(&more);
            return text;
        }
        if shown > 0 {
            text.push_str(", ");
        }
        text.push_str(&name);
    }
    text
}

/// The columns of the standings after the player: their headers and each
/// line's values.
fn tie_break_columns(l: Language, format: TournamentFormat) -> Vec<String> {
    match format {
        TournamentFormat::Swiss => vec![
            tr!(l, "tournament-column-buchholz-cut1"),
            tr!(l, "tournament-column-buchholz"),
            tr!(l, "tournament-column-sonneborn-berger"),
            tr!(l, "tournament-column-seeds"),
        ],
        // A knockout is ranked by the round each player went out in.
        TournamentFormat::Knockout | TournamentFormat::KnockoutThirdPlace => Vec::new(),
        _ => vec![
            tr!(l, "tournament-column-sonneborn-berger"),
            tr!(l, "tournament-column-direct-encounter"),
            tr!(l, "tournament-column-seeds"),
        ],
    }
}

fn tie_break_values(l: Language, format: TournamentFormat, standing: &TournamentStanding) -> Vec<String> {
    let t = &standing.tie_breaks;
    let seeds = if t.seed_difference > 0 {
        format!("+{}", t.seed_difference)
    } else {
        exact(l, t.seed_difference, 1)
    };
    let sb = exact(l, i64::from(t.sonneborn_berger_quarters), 4);
    match format {
        TournamentFormat::Swiss => vec![
            exact(l, i64::from(t.buchholz_cut1_halves), 2),
            exact(l, i64::from(t.buchholz_halves), 2),
            sb,
            seeds,
        ],
        TournamentFormat::Knockout | TournamentFormat::KnockoutThirdPlace => Vec::new(),
        _ => vec![
            sb,
            t.direct_encounter_halves
                .map_or_else(|| "-".to_string(), |halves| exact(l, i64::from(halves), 2)),
            seeds,
        ],
    }
}

/// The standings as a table in a code block: rank, player, points, the
/// format's tie-breaks, games played; as many lines as fit.
fn push_table(l: Language, view: &TournamentView, standings: &[TournamentStanding], lines: &mut Vec<String>) {
    if standings.is_empty() {
        return;
    }
    let columns = tie_break_columns(l, view.format);
    let widths: Vec<usize> = columns.iter().map(|c| c.width().max(5)).collect();
    let mut header = format!(
        "{:>3} {} {:>5}",
        "#",
        pad_to_columns(&tr!(l, "tournament-column-player"), NAME_COLUMNS),
        tr!(l, "tournament-column-points")
    );
    for (column, width) in columns.iter().zip(&widths) {
        header.push_str(&format!(" {column:>width$}"));
    }
    header.push_str(&format!(" {:>5}", tr!(l, "tournament-column-games")));
    lines.push("```".to_string());
    lines.push(header);
    let budget = MESSAGE_BUDGET.saturating_sub(joined_len(lines) + 200);
    let mut used = 0;
    for (shown, standing) in standings.iter().enumerate() {
        let mut line = format!(
            "{:>3} {} {:>5}",
            standing.rank,
            pad_to_columns(&entrant_cell(l, &standing.entrant), NAME_COLUMNS),
            exact(l, i64::from(standing.half_points), 2)
        );
        for (value, width) in tie_break_values(l, view.format, standing).iter().zip(&widths) {
            line.push_str(&format!(" {value:>width$}"));
        }
        line.push_str(&format!(" {:>5}", standing.games_played));
        if used + line.len() + 1 > budget {
            lines.push(tr!(l, "tournament-more-players", count = standings.len() - shown));
            break;
        }
        used += line.len() + 1;
        lines.push(line);
    }
    lines.push("```".to_string());
}

/// The first three places (ties share a place).
fn podium(l: Language, standings: &[TournamentStanding]) -> String {
    let medals = ["🥇", "🥈", "🥉"];
    let mut parts = Vec::new();
    for standing in standings.iter().filter(|s| s.rank <= 3) {
        parts.push(format!(
            "{} {}",
            medals[standing.rank - 1],
            entrant_text(l, &standing.entrant)
        ));
    }
    tr!(l, "tournament-podium", podium = parts.join(" · "))
}

/// The standings, privately: the same table, with where the tournament is.
pub fn standings_private(l: Language, view: &TournamentView, standings: &[TournamentStanding]) -> String {
    let mut reply = tournament_message(l, view, standings);
    if view.status == TournamentStatus::Created {
        reply.content.push('\n');
        reply.content.push_str(&tr!(l, "tournament-standings-not-started"));
    }
    reply.content
}

/// The first line of a tournament game's first board, if `owed` is one:
/// the tournament and round, both players pinged; and the players to ping.
pub fn round_intro(l: Language, owed: &Delivery) -> Option<(String, Vec<u64>)> {
    let tournament = owed.tournament.as_ref()?;
    let view = &owed.view;
    let humans = Seat::BOTH
        .into_iter()
        .filter(|&seat| !matches!(view.computer, Some(computer) if computer.seat == seat))
        .map(|seat| view.player(seat).user_id)
        .collect();
    // A human's name is a mention; the computer's, its level's name.
    let text = round_intro_line(
        l,
        tournament,
        &player_name(l, view, Seat::A),
        &player_name(l, view, Seat::B),
    );
    Some((text, humans))
}

/// The line above a tournament game's first board: the tournament, the
/// round, and both players, pinged.
fn round_intro_line(l: Language, tournament: &TournamentGame, first: &str, second: &str) -> String {
    tr!(
        l,
        "tournament-game-intro",
        name = display_name(l, &tournament.name),
        round = tournament.round,
        first = first,
        second = second
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halves_and_quarters_are_written_exactly_with_the_language_mark() {
        assert_eq!(exact(Language::English, 5, 2), "2.5");
        assert_eq!(exact(Language::French, 5, 2), "2,5");
        assert_eq!(exact(Language::English, 4, 2), "2");
        assert_eq!(exact(Language::English, 11, 4), "2.75");
        assert_eq!(exact(Language::English, 9, 4), "2.25");
        assert_eq!(exact(Language::Spanish, 10, 4), "2,5");
        assert_eq!(exact(Language::English, -3, 1), "−3");
    }

    fn entrant(seed: usize) -> EntrantView {
        EntrantView {
            entrant_id: seed as i64 + 1,
            player: crate::service::PlayerView {
                user_id: 1000 + seed as u64,
                name: format!("𝔭𝔩𝔞𝔶𝔢𝔯 {seed}"),
                is_bot: false,
            },
            computer: None,
            seed: Some(seed),
            withdrawn: false,
        }
    }

    /// A finished 256-player knockout in which, every round, the higher
    /// seed beat the lower one: its view, standings and bracket.
    fn finished_knockout(entrants: &[EntrantView]) -> (TournamentView, Vec<TournamentStanding>, Vec<BracketMatch>) {
        let view = TournamentView {
            id: 7,
            guild_id: 1,
            channel_id: 2,
            name: "Big knockout".into(),
            format: TournamentFormat::KnockoutThirdPlace,
            rounds: Some(8),
            seconds_per_move: 600,
            max_players: 256,
            rated: true,
            starts_at: None,
            organiser: entrants[0].player.clone(),
            status: TournamentStatus::Finished,
            current_round: 8,
            entrants: entrants.to_vec(),
        };
        let standings: Vec<TournamentStanding> = entrants
            .iter()
            .enumerate()
            .map(|(i, e)| TournamentStanding {
                rank: i + 1,
                entrant: e.clone(),
                half_points: 0,
                games_played: 0,
                tie_breaks: Default::default(),
            })
            .collect();
        // Every round: the higher seed beats the lower one.
        let mut bracket = Vec::new();
        let mut field: Vec<usize> = (0..256).collect();
        for round in 1..=8u32 {
            let half = field.len() / 2;
            for i in 0..half {
                bracket.push(BracketMatch {
                    round,
                    position: i,
                    third_place: false,
                    top: entrants[field[i]].clone(),
                    bottom: Some(entrants[field[field.len() - 1 - i]].clone()),
                    winner: Some(entrants[field[i]].clone()),
                    decided: true,
                    draws: 0,
                });
            }
            field.truncate(half);
        }
        (view, standings, bracket)
    }

    /// A finished 256-player knockout: the standings and the bracket stay
    /// within Discord's limit, the final first, its winner marked.
    #[test]
    fn a_full_bracket_fits_one_message_with_the_final_first() {
        let entrants: Vec<EntrantView> = (0..256).map(entrant).collect();
        let (view, standings, bracket) = finished_knockout(&entrants);
        let fallbacks = crate::i18n::fallbacks();
        for l in Language::ALL {
            let reply = tournament_message_with_bracket(l, &view, &standings, &bracket);
            assert!(
                reply.content.chars().count() <= MESSAGE_LIMIT,
                "{}",
                reply.content.len()
            );
            let bracket_block = reply.content.split("```").nth(3).expect("the bracket's block");
            let first = bracket_block.lines().find(|line| !line.is_empty()).unwrap();
            assert!(first.starts_with(&tr!(l, "tournament-bracket-final")), "{first}");
            let (winner, loser) = first.split_once(" – ").unwrap();
            assert!(winner.contains("𝔭𝔩𝔞𝔶𝔢𝔯 0") && winner.ends_with('✓'), "{first}");
            assert!(loser.contains("𝔭𝔩𝔞𝔶𝔢𝔯 1") && !loser.contains('✓'), "{first}");
        }
        assert_eq!(
            crate::i18n::fallbacks(),
            fallbacks,
            "every message found and its numbers said"
        );
    }

    /// A match replayed after a draw says which game it is at.
    #[test]
    fn a_replayed_match_says_which_game_it_is_at() {
        let entrants: Vec<EntrantView> = (0..4).map(entrant).collect();
        let fallbacks = crate::i18n::fallbacks();
        let replayed = BracketMatch {
            round: 2,
            position: 0,
            third_place: false,
            top: entrants[0].clone(),
            bottom: Some(entrants[3].clone()),
            winner: None,
            decided: false,
            draws: 1,
        };
        for l in Language::ALL {
            let line = bracket_line(l, &replayed);
            assert!(line.ends_with(&tr!(l, "tournament-bracket-game", game = 2)), "{line}");
            let round = tr!(l, "tournament-bracket-round", round = 2);
            assert!(round.ends_with(" 2"), "{round}");
        }
        assert_eq!(
            crate::i18n::fallbacks(),
            fallbacks,
            "every message found and its numbers said"
        );
    }
}
