//! The inactive-days setting and the seasons through the fake Discord:
//! refused privately without Manage Server or out of range, with nothing
//! changed; the leaderboard that leaves inactive players off and says so;
//! a month's board by rating gained.

use crate::support::fake_discord::{self as fake, TestUser};
use crate::support::scene::*;
use akon::service::ServiceConfig;
use serde_json::json;

/// Member permissions with Manage Server, to change the server's settings.
const MANAGER: &str = "2248473465835105";
const DAY: i64 = 24 * 3600;

fn config() -> ServiceConfig {
    ServiceConfig {
        leaderboard_min_games: 1,
        ..Default::default()
    }
}

async fn inactive_days(scene: &Scene, user: &TestUser, days: i64) -> String {
    let answer = scene
        .slash(user, "settings", vec![("leaderboard_inactive_days", 4, json!(days))])
        .await;
    assert!(fake::is_ephemeral(&answer), "{answer}");
    ephemeral_text(&answer)
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_server_leaves_inactive_players_off_its_leaderboard_and_shows_a_months_season);
async fn a_server_leaves_inactive_players_off_its_leaderboard_and_shows_a_months_season() {
    let scene = Scene::with_config(config()).await;
    scene.resigned(&alice(), &bob()).await;
    scene.clock.advance(40 * DAY);
    scene.resigned(&carol(), &dave()).await;

    // Without Manage Server: refused, nothing changed.
    let refused = inactive_days(&scene, &alice(), 30).await;
    assert!(refused.contains("Only members who may manage this server"), "{refused}");
    let board = scene.slash(&alice(), "leaderboard", vec![]).await;
    let text = fake::content(&board).to_string();
    assert!(text.contains("alice") && !text.contains("are not listed"), "{text}");
    // Out of range: malformed, nothing changed.
    scene.fake.set_member_permissions(&alice(), MANAGER);
    let malformed = inactive_days(&scene, &alice(), 5000).await;
    assert!(malformed.contains("is malformed"), "{malformed}");
    assert!(fake::content(&scene.slash(&alice(), "leaderboard", vec![]).await).contains("alice"));

    let set = inactive_days(&scene, &alice(), 30).await;
    assert!(
        set.contains("players without a rated game in the last 30 days are left off"),
        "{set}"
    );
    let board = scene.slash(&alice(), "leaderboard", vec![]).await;
    let text = fake::content(&board).to_string();
    assert!(
        text.contains("Players without a rated game in the last 30 days are not listed."),
        "{text}"
    );
    assert!(text.contains("carol") && text.contains("dave"), "{text}");
    let table = text.split("```").nth(1).unwrap();
    assert!(!table.contains("alice") && !table.contains("bob"), "{text}");
    assert!(
        text.contains(&format!(
            "{} has had no rated game here in the last 30 days",
            alice().mention()
        )),
        "{text}"
    );
    // Everyone's leaderboard lists everyone.
    let global = scene
        .slash(&alice(), "leaderboard", vec![("scope", 3, json!("global"))])
        .await;
    assert!(fake::content(&global).contains("alice"));
    // 0 lists everyone again.
    let off = inactive_days(&scene, &alice(), 0).await;
    assert!(off.contains("every rated player is listed"), "{off}");
    assert!(fake::content(&scene.slash(&bob(), "leaderboard", vec![]).await).contains("alice"));

    // This month's season: carol gained, dave lost; alice and bob played
    // in an earlier month (or, if the forty days stayed in one, are on it).
    let season = scene
        .slash(&dave(), "leaderboard", vec![("season", 3, json!("this_month"))])
        .await;
    assert!(!fake::is_ephemeral(&season));
    let text = fake::content(&season).to_string();
    assert!(text.contains("**Akon season · this server · "), "{text}");
    assert!(text.contains("by rating gained"), "{text}");
    let rows: Vec<&str> = text
        .split("```")
        .nth(1)
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .skip(1)
        .collect();
    let carol_row = rows.iter().position(|r| r.contains("carol")).unwrap();
    let dave_row = rows.iter().position(|r| r.contains("dave")).unwrap();
    assert!(carol_row < dave_row, "{text}");
    assert!(
        rows[carol_row].split_whitespace().nth(2).unwrap().starts_with('+'),
        "{text}"
    );
    assert!(
        rows[dave_row]
            .split_whitespace()
            .nth(2)
            .unwrap()
            .starts_with('\u{2212}'),
        "{text}"
    );
    scene.finish().await;
}

/// Moves the scene's clock to an hour into the month after the one it is in.
fn to_next_month(scene: &Scene) {
    use akon::service::{Clock, Month};
    let now = scene.clock.now();
    let next = Month::of(Month::of(now).start() + 32 * DAY).start();
    scene.clock.advance(next + 3600 - now);
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn the_months_podium_is_posted_once_in_the_chosen_channel_and_given_up_where_refused);
async fn the_months_podium_is_posted_once_in_the_chosen_channel_and_given_up_where_refused() {
    use akon::service::{Clock, Month};
    const PODIUMS: u64 = 940_000_000_000_000_001;
    const HIDDEN: u64 = 940_000_000_000_000_002;
    let mut scene = Scene::with_config(config()).await;
    scene.fake.add_guild_channel(PODIUMS, "podiums");
    scene.fake.add_guild_channel(HIDDEN, "hidden");
    scene.fake.set_member_permissions(&alice(), MANAGER);
    let choose = |channel: u64| vec![("season_channel", 7, json!(channel.to_string()))];

    // A channel the bot cannot see: refused privately, nothing chosen.
    scene.fake.refuse_channel(HIDDEN, Some(403));
    let refused = scene.slash(&alice(), "settings", choose(HIDDEN)).await;
    let text = ephemeral_text(&refused);
    assert!(text.contains(&format!("I cannot see <#{HIDDEN}>")), "{text}");
    let shown = ephemeral_text(&scene.slash(&alice(), "settings", vec![]).await);
    assert!(!shown.contains("podium of the month"), "{shown}");
    // Without Manage Server: refused.
    let refused = ephemeral_text(&scene.slash(&bob(), "settings", choose(PODIUMS)).await);
    assert!(refused.contains("Only members who may manage this server"), "{refused}");

    let chosen = ephemeral_text(&scene.slash(&alice(), "settings", choose(PODIUMS)).await);
    assert!(
        chosen.contains(&format!("posted in <#{PODIUMS}> on the first of each month")),
        "{chosen}"
    );
    // The month in which the channel was chosen is the first podium.
    let month = Month::of(scene.clock.now());
    scene.resigned(&alice(), &bob()).await;
    scene.resigned(&carol(), &bob()).await;
    to_next_month(&scene);
    let title = format!(
        "**Akon season · {} · podium**",
        akon::i18n::month_in_words(akon::i18n::Language::English, month.year, month.month as u8)
    );
    // The month in words, not as numbers.
    assert!(!title.contains(&format!("{}-", month.year)), "{title}");
    let podium = scene
        .fake
        .wait_for("the month's podium", |v| {
            v.channel_messages(PODIUMS)
                .into_iter()
                .find(|m| fake::content(m).starts_with(&title))
                .cloned()
        })
        .await;
    let text = fake::content(&podium).to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[1].starts_with("🥇") && lines[3].starts_with("🥉"), "{text}");
    assert!(lines[3].contains(&bob().mention()), "bob lost both: {text}");
    // Named, not pinged: the post allows no mention.
    let posted = scene
        .fake
        .wait_for("the podium's request", |v| {
            v.requests()
                .iter()
                .find(|r| r.method == "POST" && r.body["content"].as_str().is_some_and(|c| c.starts_with(&title)))
                .map(|r| r.body.clone())
        })
        .await;
    assert_eq!(posted["allowed_mentions"]["parse"], json!([]), "{posted}");

    // Settled once: a restart posts nothing more.
    let store = scene.store().await;
    assert!(store.podium_settled(akon_guild(), month).await.unwrap());
    scene.stop_bot().await;
    scene.start_bot().await;
    scene.fake.wait_ready().await;
    scene.resigned(&alice(), &carol()).await;
    let podiums = scene.fake.channel_messages(PODIUMS);
    assert_eq!(
        podiums.iter().filter(|m| fake::content(m).starts_with(&title)).count(),
        1
    );

    // The channel is deleted: next month's podium is given up, not retried.
    scene.fake.refuse_channel(PODIUMS, Some(404));
    let next = Month::of(scene.clock.now());
    let refused_reads = |v: &fake::FakeView<'_>| {
        let path = format!("/api/v10/channels/{PODIUMS}/messages");
        v.requests()
            .iter()
            .filter(|r| r.path == path && r.status == 404)
            .count()
    };
    let before = scene
        .fake
        .wait_for("the requests so far", |v| Some(refused_reads(v)))
        .await;
    to_next_month(&scene);
    scene
        .fake
        .wait_until("the bot to find the channel gone", |v| refused_reads(v) > before)
        .await;
    // Stopping waits for the scheduler's pass under way, which records it.
    scene.stop_bot().await;
    assert!(store.podium_settled(akon_guild(), next).await.unwrap());
    assert_eq!(
        scene.fake.channel_messages(PODIUMS).len(),
        podiums.len(),
        "nothing reached a deleted channel"
    );
    scene.finish().await;
}

fn akon_guild() -> u64 {
    crate::support::fake_discord::GUILD_ID
}
