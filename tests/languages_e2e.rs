//! Languages end to end: the real bot on the fake Discord, with users and
//! servers set to French, Spanish, Portuguese or English. Private answers follow the
//! user's locale (or their own choice), public messages the server's
//! `guild_locale` (or the language its admins chose); a whole game renders
//! in each language with no message missing; every board fits 40 columns;
//! the registered command carries its localisations.

use crate::support::fake_discord::{self as fake, TestUser};
use crate::support::scene::*;
use serde_json::{json, Value};

use akon::service::ServiceConfig;

/// The player a board asks to move: every language opens that line with
/// the player's mention and a comma.
fn to_move(board: &Value, players: &[TestUser]) -> TestUser {
    let content = fake::content(board);
    players
        .iter()
        .find(|p| content.contains(&format!("{}, ", p.mention())))
        .cloned()
        .unwrap_or_else(|| panic!("no player to move in {content}"))
}

/// The lines of the board's code block, each at most 40 characters wide.
fn assert_board_fits(board: &Value) {
    let content = fake::content(board);
    let block = content
        .split("```")
        .nth(1)
        .unwrap_or_else(|| panic!("no board in {content}"));
    for line in block.lines() {
        assert!(
            line.chars().count() <= 40,
            "{} characters: `{line}`",
            line.chars().count()
        );
    }
}

fn button_labels(message: &Value) -> Vec<String> {
    fake::buttons(message)
        .iter()
        .filter_map(|b| b["label"].as_str().map(String::from))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_user_with_a_french_discord_gets_french_private_answers() {
    let scene = Scene::new().await;
    scene.fake.set_user_locale(&alice(), "fr");
    let games = scene.slash(&alice(), "games", vec![]).await;
    assert_eq!(
        ephemeral_text(&games),
        "Tu n'as aucune partie en cours. Lances-en une avec `/akon défier`."
    );
    let refused = scene.challenge(&alice(), &alice()).await;
    assert_eq!(ephemeral_text(&refused), "Tu ne peux pas te défier toi-même.");
    let rules = scene.slash(&alice(), "rules", vec![]).await;
    assert!(ephemeral_text(&rules).contains("### Les règles de l'Akon"), "{rules}");
    // The rest of the rules follow, privately, in French too.
    let followups = scene
        .fake
        .wait_for("the rest of the rules", |v| {
            let texts: Vec<String> = v
                .messages()
                .into_iter()
                .filter(|m| fake::is_ephemeral(m) && fake::content(m).starts_with("### "))
                .map(|m| fake::content(m).to_string())
                .collect();
            (texts.len() >= 3).then_some(texts)
        })
        .await;
    let all = followups.join("\n");
    for part in [
        "### Captures",
        "un trou 1 n'est jamais capturé",
        "*(décision)*",
        "### Notation",
    ] {
        assert!(all.contains(part), "{part} missing from {all}");
    }
    // bob's Discord is in English: his answers are.
    let games = scene.slash(&bob(), "games", vec![]).await;
    assert!(ephemeral_text(&games).starts_with("You have no ongoing games."));
    // The server is in English: alice's challenge, a public message, is.
    let challenge = scene.challenge(&alice(), &bob()).await;
    assert!(
        fake::content(&challenge).contains("challenges you to a game"),
        "{challenge}"
    );
    assert_eq!(akon::i18n::fallbacks(), 0, "a message was missing");
    scene.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_with_a_spanish_locale_gets_spanish_boards() {
    let scene = Scene::new().await;
    scene.fake.set_guild_locale("es-ES");
    let challenge = scene.challenge(&alice(), &bob()).await;
    assert!(
        fake::content(&challenge).contains("te desafía a una partida de **Akon**"),
        "{challenge}"
    );
    assert_eq!(button_labels(&challenge), ["Aceptar", "Rechazar"]);
    let accept = button_with_label(&challenge, "Aceptar");
    let board = scene
        .click_expecting_board(&bob(), fake::message_id(&challenge), &accept)
        .await;
    let content = fake::content(&board);
    assert!(content.contains("Se sorteó quién empieza"), "{content}");
    assert!(content.contains("**Akon** · partida n.º"), "{content}");
    assert!(content.contains("te toca"), "{content}");
    assert!(content.contains(" A1 A2 A3 A4 A5 A6 A7"), "hole names stay: {content}");
    assert!(button_labels(&board).contains(&"Rendirse".to_string()));
    assert_board_fits(&board);
    // A press by the wrong player is refused privately, in their own
    // (English) language.
    let mover = to_move(&board, &[alice(), bob()]);
    let other = if mover == alice() { bob() } else { alice() };
    let (id, _, _) = hole_buttons(&board).into_iter().find(|(_, _, on)| *on).unwrap();
    let (_, refused) = scene.click(&other, fake::message_id(&board), &id).await;
    assert!(ephemeral_text(&refused).contains("turn, not yours"), "{refused}");
    // What the bot posts on its own, with no interaction to tell the
    // server's locale (here a loss on time, after a restart), is in
    // Spanish too: the locale is stored.
    let mut scene = scene;
    scene.stop_bot().await;
    scene.fake.set_guild_locale("en-US");
    scene.start_bot().await;
    let before = scene.newest_message_id();
    scene.clock.advance(3 * 86_400 + 60);
    let result = scene.boards_since(before, 1).await.remove(0);
    let content = fake::content(&result);
    assert!(content.contains("se quedó sin tiempo"), "{content}");
    assert_eq!(button_labels(&result), ["Revancha", "Análisis"]);
    assert_eq!(akon::i18n::fallbacks(), 0, "a message was missing");
    scene.finish().await;
}

/// One whole game in the language of `locale` (server and players): the
/// challenge, the acceptance, every move to the end, the result and the
/// leaderboard; `words` are phrases each step must show.
async fn whole_game(locale: &str, words: [&str; 6]) {
    let [challenged, first_mover, last_move, result_word, leaderboard_word, rematch] = words;
    let config = ServiceConfig {
        leaderboard_min_games: 1,
        ..ServiceConfig::default()
    };
    let scene = Scene::with_config(config).await;
    scene.fake.set_guild_locale(locale);
    let players = [alice(), bob()];
    for user in &players {
        scene.fake.set_user_locale(user, locale);
    }
    let challenge = scene.challenge(&alice(), &bob()).await;
    assert!(fake::content(&challenge).contains(challenged), "{challenge}");
    let accept = fake::buttons(&challenge)[0]["custom_id"].as_str().unwrap().to_string();
    let mut board = scene
        .click_expecting_board(&bob(), fake::message_id(&challenge), &accept)
        .await;
    assert!(fake::content(&board).contains(first_mover), "{board}");
    let mut moves = 0;
    loop {
        assert_board_fits(&board);
        let content = fake::content(&board).to_string();
        if moves > 0 {
            assert!(content.contains(last_move), "{content}");
        }
        let enabled: Vec<String> = hole_buttons(&board)
            .into_iter()
            .filter(|(_, _, on)| *on)
            .map(|(id, _, _)| id)
            .collect();
        if enabled.is_empty() {
            break;
        }
        let mover = to_move(&board, &players);
        let id = &enabled[moves % enabled.len()];
        board = scene.click_expecting_board(&mover, fake::message_id(&board), id).await;
        moves += 1;
        assert!(moves < 1000, "the game does not end");
    }
    let content = fake::content(&board);
    assert!(content.contains(result_word), "{content}");
    let review = match locale {
        "fr" => "Analyse",
        spanish if spanish.starts_with("es") => "Análisis",
        "pt-BR" => "Análise",
        _ => "Review",
    };
    assert_eq!(button_labels(&board), [rematch, review]);
    let leaderboard = scene.slash(&alice(), "leaderboard", vec![]).await;
    assert!(fake::content(&leaderboard).contains(leaderboard_word), "{leaderboard}");
    let stats = scene.slash(&bob(), "stats", vec![]).await;
    let history = scene.slash(&bob(), "history", vec![]).await;
    let record = scene.slash(&bob(), "game", vec![("id", 4, json!(1))]).await;
    assert_board_fits(&record);
    for message in [&stats, &history, &record] {
        assert!(!fake::content(message).is_empty());
    }
    // Each row's player is labelled `A · alice`, never `A alice` (read as
    // "to alice" in French, Spanish and Portuguese).
    let block = fake::content(&record).split("```").nth(1).unwrap().to_string();
    assert!(block.starts_with("\nA · ") || block.contains("\nA · "), "{block}");
    assert!(block.contains("\nB · "), "{block}");
    if !locale.starts_with("en") {
        for message in [&board, &leaderboard, &stats, &history, &record] {
            assert_numbers_are_localised(fake::content(message));
        }
        // The average capture margin has a decimal comma.
        let content = fake::content(&stats);
        let decimal_margin = content.match_indices(',').any(|(at, _)| {
            let digit = |s: &str| s.starts_with(|c: char| c.is_ascii_digit());
            let before = content[..at].chars().last().is_some_and(|c| c.is_ascii_digit());
            let after = &content[at + 1..];
            let word = |w: &str| after[1..].starts_with(w);
            before && digit(after) && (word(" graine") || word(" semilla") || word(" semente"))
        });
        assert!(decimal_margin, "{content}");
    }
    assert_eq!(akon::i18n::fallbacks(), 0, "a message was missing");
    scene.finish().await;
}

/// A French, Spanish or Portuguese text writes no English decimal point
/// (`1.5`) and no ungrouped thousands (`400000`); Discord markup (`<t:…>`,
/// `<@…>`) and links are not read. (The numbers of these games stay under
/// 10,000, so no Portuguese thousands point `400.000` is expected.)
fn assert_numbers_are_localised(text: &str) {
    let mut plain = String::new();
    let mut rest = text;
    // Markup and links hold ids, not numbers a reader reads.
    while let Some(at) = rest.find(['<', 'h']) {
        plain.push_str(&rest[..at]);
        rest = &rest[at..];
        let end = if rest.starts_with('<') {
            rest.find('>').map(|e| e + 1)
        } else if rest.starts_with("https://") {
            Some(rest.find([')', ' ', '\n']).unwrap_or(rest.len()))
        } else {
            None
        };
        let skip = end.unwrap_or(1);
        if end.is_none() {
            plain.push_str(&rest[..skip]);
        }
        rest = &rest[skip..];
    }
    plain.push_str(rest);
    let chars: Vec<char> = plain.chars().collect();
    let mut run = 0;
    for (at, &c) in chars.iter().enumerate() {
        run = if c.is_ascii_digit() { run + 1 } else { 0 };
        assert!(run < 5, "ungrouped thousands in {text}");
        let between_digits =
            at > 0 && chars[at - 1].is_ascii_digit() && chars.get(at + 1).is_some_and(|d| d.is_ascii_digit());
        assert!(!(c == '.' && between_digits), "a decimal point in {text}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_in_english() {
    whole_game(
        "en-US",
        [
            "challenges you to a game of **Akon**",
            "The first mover was drawn at random",
            "Last move: ",
            " to ",
            "**Akon leaderboard · this server**",
            "Rematch",
        ],
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_in_french() {
    whole_game(
        "fr",
        [
            "te défie à une partie d'**Akon**",
            "Le premier joueur a été tiré au sort",
            "Dernier coup\u{A0}: ",
            " à ",
            "**Classement Akon · ce serveur**",
            "Revanche",
        ],
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_in_spanish() {
    whole_game(
        "es-419",
        [
            "te desafía a una partida de **Akon**",
            "Se sorteó quién empieza",
            "Última jugada: ",
            " a ",
            "**Clasificación de Akon · este servidor**",
            "Revancha",
        ],
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_in_brazilian_portuguese() {
    whole_game(
        "pt-BR",
        [
            "desafia você para uma partida de **Akon**",
            "Quem começa foi sorteado",
            "Última jogada: ",
            " a ",
            "**Ranking do Akon · este servidor**",
            "Revanche",
        ],
    )
    .await;
}

/// Portuguese is chosen as the others are: by Discord's `pt-BR`, or by
/// `/akon settings language: pt` whatever Discord says.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn portuguese_is_chosen_by_discord_or_by_the_player() {
    let scene = Scene::new().await;
    scene.fake.set_user_locale(&alice(), "pt-BR");
    let games = scene.slash(&alice(), "games", vec![]).await;
    assert_eq!(
        ephemeral_text(&games),
        "Você não tem partidas em andamento. Comece uma com `/akon desafiar`."
    );
    let settings = scene
        .slash(&bob(), "settings", vec![("language", 3, json!("pt"))])
        .await;
    assert!(
        ephemeral_text(&settings).contains("• seu idioma: português"),
        "{settings}"
    );
    let refused = scene.challenge(&bob(), &bob()).await;
    assert_eq!(ephemeral_text(&refused), "Você não pode desafiar a si mesmo.");
    assert_eq!(akon::i18n::fallbacks(), 0, "a message was missing");
    scene.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_and_admins_choose_their_languages() {
    let scene = Scene::new().await;
    // bob's Discord is in English; he asks for Spanish.
    let settings = scene
        .slash(&bob(), "settings", vec![("language", 3, json!("es"))])
        .await;
    assert!(ephemeral_text(&settings).contains("• tu idioma: español"), "{settings}");
    let games = scene.slash(&bob(), "games", vec![]).await;
    assert!(
        ephemeral_text(&games).starts_with("No tienes partidas en curso."),
        "{games}"
    );
    // alice may not manage the server: refused, in her language.
    let refused = scene
        .slash(&alice(), "settings", vec![("server_language", 3, json!("fr"))])
        .await;
    assert_eq!(
        ephemeral_text(&refused),
        "Only members who may manage this server can change its settings."
    );
    // carol may (Manage Server and more): the server speaks French from now on.
    scene.fake.set_member_permissions(&carol(), "2248473465835105");
    let set = scene
        .slash(&carol(), "settings", vec![("server_language", 3, json!("fr"))])
        .await;
    assert!(
        ephemeral_text(&set).contains("this server's language (boards, challenges, results): French"),
        "{set}"
    );
    let challenge = scene.challenge(&alice(), &bob()).await;
    assert!(fake::content(&challenge).contains("te défie"), "{challenge}");
    // bob follows Discord again.
    let settings = scene
        .slash(&bob(), "settings", vec![("language", 3, json!("discord"))])
        .await;
    assert!(ephemeral_text(&settings).contains("• your language: English, as your Discord is set"));
    assert_eq!(akon::i18n::fallbacks(), 0, "a message was missing");
    scene.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reminders_by_direct_message_speak_the_players_language() {
    let scene = Scene::new().await;
    let players = [alice(), bob()];
    for user in &players {
        scene.fake.set_user_locale(user, "fr");
        let settings = scene
            .slash(
                user,
                "settings",
                vec![("dm_reminders", 5, json!(true)), ("time_per_move", 3, json!("10m"))],
            )
            .await;
        assert!(ephemeral_text(&settings).contains("par message privé"), "{settings}");
    }
    let board = scene.challenge_accepted(&alice(), &bob()).await;
    let mover = user_to_move(&board, &players);
    scene.clock.advance(8 * 60);
    let dm = scene.fake.dm_channel_id(&mover);
    scene
        .fake
        .wait_until("a reminder by DM, in French", |v| {
            v.channel_messages(dm)
                .iter()
                .any(|m| fake::content(m).contains("c'est à toi de jouer dans la partie n°"))
        })
        .await;
    assert_eq!(akon::i18n::fallbacks(), 0, "a message was missing");
    scene.finish().await;
}

/// Whether Discord takes `name` as a command or option name: 1 to 32
/// lowercase letters, digits, `-` or `_` (its
/// `^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$`).
fn discord_name(name: &str) -> bool {
    (1..=32).contains(&name.chars().count())
        && name.to_lowercase() == name
        && name.chars().all(|c| c.is_alphanumeric() || c == '-' || c == '_')
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_registered_command_carries_its_localisations() {
    let scene = Scene::new().await;
    let commands = scene.fake.registered_commands();
    let akon = commands.iter().find(|c| c["name"] == "akon").expect("/akon registered");
    assert!(akon["description_localizations"]["fr"]
        .as_str()
        .unwrap()
        .contains("Akon"));
    let mut names = 0;
    let mut check = |option: &Value| {
        for locale in ["fr", "es-ES", "es-419", "pt-BR"] {
            let name = option["name_localizations"][locale]
                .as_str()
                .unwrap_or_else(|| panic!("{} has no {locale} name", option["name"]));
            assert!(discord_name(name), "{locale} name `{name}` breaks Discord's rules");
            let description = option["description_localizations"][locale].as_str().unwrap();
            assert!(
                !description.is_empty() && description.chars().count() <= 100,
                "{description}"
            );
            names += 1;
        }
        for choice in option["choices"].as_array().into_iter().flatten() {
            for locale in ["fr", "es-ES", "es-419", "pt-BR"] {
                assert!(
                    choice["name_localizations"][locale]
                        .as_str()
                        .is_some_and(|n| !n.is_empty()),
                    "{choice}"
                );
            }
        }
    };
    for sub in akon["options"].as_array().unwrap() {
        check(sub);
        let mut siblings = std::collections::HashSet::new();
        for option in sub["options"].as_array().into_iter().flatten() {
            check(option);
            for locale in ["fr", "es-ES", "pt-BR"] {
                let name = option["name_localizations"][locale].clone();
                assert!(siblings.insert((locale, name)), "{locale}: {sub}");
            }
        }
    }
    assert!(names > 60, "{names}");
    let challenge = &akon["options"][0];
    assert_eq!(challenge["name"], "challenge", "canonical names stay English");
    assert_eq!(challenge["name_localizations"]["fr"], "défier");
    assert_eq!(challenge["name_localizations"]["es-419"], "desafiar");
    assert_eq!(challenge["name_localizations"]["pt-BR"], "desafiar");
    scene.finish().await;
}

/// A game against the computer in Latin American Spanish: "la máquina"
/// (not "el ordenador"), capitalised where it opens a sentence, labelled
/// `A · máquina (fácil)` on the board; its review writes Spanish numbers.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_against_the_computer_in_latin_american_spanish() {
    let config = ServiceConfig {
        review_nodes: 12_000,
        ..ServiceConfig::default()
    };
    let scene = Scene::with_config(config).await;
    scene.fake.add_user(&TestUser::the_bot());
    scene.fake.set_guild_locale("es-419");
    scene.fake.set_user_locale(&alice(), "es-419");
    let me = vec![
        ("opponent", 6, json!(fake::BOT_ID.to_string())),
        ("level", 3, json!("easy")),
    ];
    let before = scene.newest_message_id();
    let ix = scene.fake.slash(&alice(), "akon", "challenge", me).await;
    let first = scene.fake.response(&ix).await;
    scene.settle().await;
    assert!(
        fake::content(&first).contains("juega contra la máquina (fácil)"),
        "{first}"
    );
    // The board that asks alice to move: the first, or the computer's answer.
    let board = if hole_buttons(&first).is_empty() {
        assert!(
            fake::content(&first).contains("La máquina (fácil) está pensando…"),
            "{first}"
        );
        scene.boards_since(before, 2).await.remove(1)
    } else {
        first
    };
    let block = fake::content(&board).split("```").nth(1).unwrap().to_string();
    assert!(block.contains(" · máquina (fácil) · capturadas: "), "{block}");
    let (hole, _, _) = hole_buttons(&board).into_iter().find(|(_, _, on)| *on).unwrap();
    let before = scene.newest_message_id();
    scene.click(&alice(), fake::message_id(&board), &hole).await;
    let boards = scene.boards_since(before, 2).await;
    assert!(
        fake::content(&boards[0]).contains("\nLa máquina (fácil) está pensando…"),
        "{}",
        fake::content(&boards[0])
    );
    let final_board = scene.slash(&alice(), "resign", vec![]).await;
    let content = fake::content(&final_board);
    assert!(content.contains("**La máquina (fácil) gana, "), "{content}");
    let review = button_with_label(&final_board, "Análisis");
    let (_, review) = scene.click(&alice(), fake::message_id(&final_board), &review).await;
    let text = ephemeral_text(&review);
    assert!(text.starts_with("Análisis de la partida n.º\u{A0}1 ("), "{text}");
    assert!(text.contains("hasta 12\u{202F}000 posiciones."), "{text}");
    assert!(text.contains("\nLa máquina (fácil) ("), "{text}");
    let mean = text.split("), pérdida media ").nth(1).unwrap();
    assert_eq!(mean.chars().nth(1), Some(','), "a decimal comma: {mean}");
    assert_numbers_are_localised(&text);
    let stats = scene.slash(&alice(), "stats", vec![]).await;
    let stats = fake::content(&stats);
    assert!(stats.contains("Contra la máquina (fácil): 1 partida: "), "{stats}");
    assert_numbers_are_localised(stats);
    assert_eq!(akon::i18n::fallbacks(), 0, "a message was missing");
    scene.finish().await;
}
