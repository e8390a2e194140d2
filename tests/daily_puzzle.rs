//! The puzzle of the day, on both backends: on the service with an
//! injected clock (the day's post handed out once across two processes, a
//! restart and a process that dies holding the lease; no post without a
//! puzzle; one answer per player per day, streaks and the month's
//! solvers), and end to end on the fake Discord (the settings and their
//! refusals, the post at the chosen hour, once across a restart, the
//! private copy, an answer counted once and the message edited with it,
//! stale and forged buttons, a channel that refuses, the month's podium in
//! the daily puzzle's channel).

use std::sync::Arc;

use akon::engine::Hole;
use akon::i18n::{day_in_words, month_in_words, Language};
use akon::service::{
    Clock, DailyPostSettled, Day, ManualClock, Month, Player, ServerSettingsChanges, ServerSettingsView, Service,
    ServiceConfig, ServiceError, LEASE_SECS,
};
use akon::store::Store;
use serde_json::{json, Value};

use crate::support::fake_discord::{self as fake, FakeView};
use crate::support::scene::*;
use crate::support::service_fixture::{change_server_settings, fixture_with, player, Fixture, GUILD};

const HOUR: i64 = 3600;
const DAY: i64 = 24 * HOUR;
const CHANNEL: u64 = 930_000_000_000_000_011;
const OTHER_GUILD: u64 = 900_000_000_000_000_013;
/// Small enough for a debug build to mine a batch in a second or two.
const TEST_PUZZLE_NODES: u64 = 4_000;
/// Member permissions with Manage Server, to change the server's settings.
const MANAGER: &str = "2248473465835105";

fn config() -> ServiceConfig {
    ServiceConfig {
        puzzle_nodes: TEST_PUZZLE_NODES,
        leaderboard_min_games: 1,
        ..Default::default()
    }
}

/// Mines until at least `wanted` puzzles are kept.
async fn mined(service: &Service, store: &Store, wanted: i64) {
    for _ in 0..8 {
        if store.puzzle_count().await.unwrap() >= wanted {
            return;
        }
        service.mine_puzzles().await.unwrap();
    }
    panic!("fewer than {wanted} puzzles mined");
}

/// `/akon settings daily_puzzle_channel daily_puzzle_hour`, asked in
/// `guild` by someone who `manages_server` there, or not.
async fn daily_puzzle(
    f: &Fixture,
    guild: Option<u64>,
    manages_server: bool,
    (channel, hour): (Option<u64>, Option<u8>),
) -> Result<ServerSettingsView, ServiceError> {
    let changes = ServerSettingsChanges {
        daily_puzzle_channel: channel,
        daily_puzzle_hour: hour,
        ..Default::default()
    };
    change_server_settings(&f.service, guild, manages_server, changes).await
}

/// Another process on the same database and clock.
async fn other_process(f: &Fixture) -> Service {
    let store = Store::open(&f.db.url).await.unwrap();
    Service::new(store, config(), Arc::new(f.clock.clone()))
}

/// The puzzle's best hole and a legal hole that is not it, if any.
async fn best_and_other(store: &Store, day: Day) -> (Hole, Option<Hole>) {
    let id = store
        .recorded_daily_puzzle(day)
        .await
        .unwrap()
        .expect("the day's puzzle is fixed");
    let puzzle = store.puzzle(id).await.unwrap().unwrap();
    let best = Hole::new(puzzle.best).unwrap();
    let position = puzzle.position;
    let other = Hole::ALL
        .into_iter()
        .find(|&hole| hole != best && position.check_move(hole).is_ok());
    (best, other)
}

/// Moves the clock to `hour` o'clock UTC of the day `days` after today.
fn to_hour(clock: &ManualClock, days: i64, hour: i64) {
    let now = clock.now();
    let target = Day::of(now).start() + days * DAY + hour * HOUR;
    assert!(target > now, "the clock only moves forwards");
    clock.advance(target - now);
}

on_both_backends!(#[tokio::test] fn without_a_puzzle_no_post_is_made_and_the_day_is_settled);
async fn without_a_puzzle_no_post_is_made_and_the_day_is_settled() {
    let f = fixture_with(config()).await;
    let ada = player(1, "ada");
    // Not in a server, without Manage Server, or before a channel: refused.
    assert!(matches!(
        daily_puzzle(&f, None, true, (Some(CHANNEL), None)).await,
        Err(ServiceError::NotInAServer)
    ));
    assert!(matches!(
        daily_puzzle(&f, Some(GUILD), false, (Some(CHANNEL), None)).await,
        Err(ServiceError::NeedsManageServer)
    ));
    assert!(matches!(
        daily_puzzle(&f, Some(GUILD), true, (None, Some(9))).await,
        Err(ServiceError::DailyPuzzleNoChannel)
    ));
    assert_eq!(f.service.daily_setting(GUILD).await.unwrap(), None);

    // Chosen at 08:00 for 09:00.
    daily_puzzle(&f, Some(GUILD), true, (Some(CHANNEL), Some(9)))
        .await
        .unwrap();
    assert!(f.service.daily_posts_due().await.unwrap().is_empty(), "not 09:00 yet");
    f.clock.advance(HOUR);
    let today = Day::of(f.clock.now());
    assert!(
        f.service.daily_posts_due().await.unwrap().is_empty(),
        "no puzzle: no post"
    );
    assert!(
        f.store.daily_post_settled(GUILD, today).await.unwrap(),
        "settled as left out"
    );
    assert_eq!(f.service.daily_puzzle(today).await.unwrap(), None);
    assert!(matches!(
        f.service.open_daily_puzzle(today, &ada).await,
        Err(ServiceError::NoDailyPuzzle)
    ));
}

on_both_backends!(#[tokio::test] fn a_days_post_is_handed_out_once_across_processes_restarts_and_a_dead_process);
async fn a_days_post_is_handed_out_once_across_processes_restarts_and_a_dead_process() {
    let f = fixture_with(config()).await;
    mined(&f.service, &f.store, 2).await;
    for (guild, channel) in [(GUILD, CHANNEL), (OTHER_GUILD, CHANNEL + 1)] {
        daily_puzzle(&f, Some(guild), true, (Some(channel), Some(9)))
            .await
            .unwrap();
    }
    to_hour(&f.clock, 0, 9);
    let today = Day::of(f.clock.now());
    let other = other_process(&f).await;
    let due = f.service.daily_posts_due().await.unwrap();
    assert_eq!(due.len(), 2);
    assert!(other.daily_posts_due().await.unwrap().is_empty(), "both leased");
    // The same puzzle for every server and process.
    assert_eq!(due[0].daily, due[1].daily);
    assert_eq!(other.daily_puzzle(today).await.unwrap().as_ref(), Some(&due[0].daily));
    let (mine, dying): (Vec<_>, Vec<_>) = due.into_iter().partition(|d| d.guild_id == GUILD);
    for post in mine {
        assert_eq!(post.channel_id, CHANNEL);
        let settled = DailyPostSettled::Posted {
            message: 42,
            answers: 0,
        };
        f.service.daily_post_settled(post, settled).await.unwrap();
    }
    // This process dies holding the other server's lease.
    std::mem::forget(dying);
    assert!(other.daily_posts_due().await.unwrap().is_empty());
    f.clock.advance(LEASE_SECS + 1);
    let mut due = other.daily_posts_due().await.unwrap();
    assert_eq!(due.len(), 1, "the lease expired: the other process takes it");
    let post = due.pop().unwrap();
    assert_eq!(post.guild_id, OTHER_GUILD);
    other.daily_post_settled(post, DailyPostSettled::GivenUp).await.unwrap();
    // Settled: owed to no process, now or after a restart, all day.
    let restarted = other_process(&f).await;
    f.clock.advance(LEASE_SECS + 1);
    assert!(f.service.daily_posts_due().await.unwrap().is_empty());
    assert!(restarted.daily_posts_due().await.unwrap().is_empty());
    to_hour(&f.clock, 0, 23);
    assert!(restarted.daily_posts_due().await.unwrap().is_empty());

    // The next day, each server is owed the next puzzle in order.
    to_hour(&f.clock, 1, 9);
    let due = restarted.daily_posts_due().await.unwrap();
    assert_eq!(due.len(), 2, "a day given up is that day's alone");
    let yesterday = f.store.recorded_daily_puzzle(today).await.unwrap().unwrap();
    assert_ne!(
        due[0].daily.puzzle_id, yesterday,
        "consecutive days differ while two puzzles are kept"
    );
}

on_both_backends!(#[tokio::test] fn one_answer_counts_per_player_per_day_and_streaks_run_over_consecutive_days);
async fn one_answer_counts_per_player_per_day_and_streaks_run_over_consecutive_days() {
    let f = fixture_with(config()).await;
    mined(&f.service, &f.store, 1).await;
    let (ada, bo) = (player(1, "ada"), player(2, "bo"));
    let today = Day::of(f.clock.now());
    let opened = f.service.open_daily_puzzle(today, &ada).await.unwrap();
    assert_eq!(opened.day, today);
    let (best, other) = best_and_other(&f.store, today).await;

    // Another day's buttons: refused, nothing counted.
    for day in [today.previous(), Day(today.0 + 1)] {
        assert!(matches!(
            f.service.answer_daily_puzzle(day, best, &ada, Some(GUILD)).await,
            Err(ServiceError::DailyPuzzleOfAnotherDay(refused)) if refused == day
        ));
        assert!(matches!(
            f.service.open_daily_puzzle(day, &ada).await,
            Err(ServiceError::DailyPuzzleOfAnotherDay(_))
        ));
    }
    assert!(matches!(
        f.service.answer_daily_puzzle(today, best, &ada, None).await,
        Err(ServiceError::NotInAServer)
    ));

    let solved = f
        .service
        .answer_daily_puzzle(today, best, &ada, Some(GUILD))
        .await
        .unwrap();
    assert!(solved.solved);
    assert_eq!((solved.streak.streak, solved.streak.best), (1, 1));
    // The first answer decides: a second one, right or wrong, is refused.
    for hole in [best, other.unwrap_or(best)] {
        assert!(matches!(
            f.service.answer_daily_puzzle(today, hole, &ada, Some(GUILD)).await,
            Err(ServiceError::DailyPuzzleAnswered { solved: true, .. })
        ));
    }
    assert!(matches!(
        f.service.open_daily_puzzle(today, &ada).await,
        Err(ServiceError::DailyPuzzleAnswered { solved: true, .. })
    ));
    if let Some(wrong) = other {
        let missed = f
            .service
            .answer_daily_puzzle(today, wrong, &bo, Some(GUILD))
            .await
            .unwrap();
        assert!(!missed.solved);
        assert_eq!(missed.streak.streak, 0);
    }
    let tally = f.service.daily_tally(GUILD, today).await.unwrap();
    assert_eq!((tally.answered, tally.solved), (1 + i64::from(other.is_some()), 1));
    assert_eq!(tally.month, vec![(ada.id, 1)]);
    assert_eq!(f.service.daily_tally(OTHER_GUILD, today).await.unwrap().answered, 0);

    // The next day extends the run; a day left out starts it again.
    let answer_on = |days: i64, who: Player| {
        let f = &f;
        async move {
            to_hour(&f.clock, days, 10);
            let day = Day::of(f.clock.now());
            f.service.open_daily_puzzle(day, &who).await.unwrap();
            let (best, _) = best_and_other(&f.store, day).await;
            f.service
                .answer_daily_puzzle(day, best, &who, Some(GUILD))
                .await
                .unwrap()
        }
    };
    let second = answer_on(1, ada.clone()).await;
    assert_eq!((second.streak.streak, second.streak.best), (2, 2));
    let after_a_gap = answer_on(2, ada.clone()).await;
    assert_eq!((after_a_gap.streak.streak, after_a_gap.streak.best), (1, 2));
    assert_eq!(f.service.daily_streak(ada.id).await.unwrap().streak, 1);
    to_hour(&f.clock, 2, 10);
    let lapsed = f.service.daily_streak(ada.id).await.unwrap();
    assert_eq!(
        (lapsed.streak, lapsed.best),
        (0, 2),
        "a run with a day missed has ended"
    );

    // The month's table: days solved in this server.
    let day = Day::of(f.clock.now());
    if day.month() == today.month() {
        let tally = f.service.daily_tally(GUILD, day).await.unwrap();
        assert_eq!(tally.month, vec![(ada.id, 3)]);
    }
}

fn daily_buttons(message: &Value) -> Vec<(String, u8, bool)> {
    fake::buttons(message)
        .into_iter()
        .filter_map(|b| {
            let id = b["custom_id"].as_str()?.to_string();
            let hole: u8 = id.strip_prefix("akon:daily-answer:")?.split(':').nth(1)?.parse().ok()?;
            Some((id.clone(), hole, !b["disabled"].as_bool().unwrap_or(false)))
        })
        .collect()
}

/// The scene's messages in `channel` starting with `title`.
fn posts(v: &FakeView<'_>, channel: u64, title: &str) -> Vec<Value> {
    v.channel_messages(channel)
        .into_iter()
        .filter(|m| fake::content(m).starts_with(title))
        .cloned()
        .collect()
}

/// Restarts the bot, lets its scheduler pass, and counts the messages in
/// `channel` starting with `title`.
async fn posts_after_a_restart(scene: &mut Scene, channel: u64, title: &str) -> usize {
    scene.stop_bot().await;
    scene.start_bot().await;
    scene.fake.wait_ready().await;
    scene.scheduler_passes(3).await;
    scene
        .fake
        .wait_for("the posts so far", |v| Some(posts(v, channel, title).len()))
        .await
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn the_puzzle_of_the_day_is_posted_once_at_its_hour_solved_privately_and_counted);
async fn the_puzzle_of_the_day_is_posted_once_at_its_hour_solved_privately_and_counted() {
    const DAILY: u64 = 940_000_000_000_000_011;
    const HIDDEN: u64 = 940_000_000_000_000_012;
    let mut scene = Scene::with_config(config()).await;
    let service = scene.service().await;
    mined(&service, &scene.store().await, 2).await;
    scene.fake.add_guild_channel(DAILY, "daily");
    scene.fake.add_guild_channel(HIDDEN, "hidden");
    let channel = |id: u64| ("daily_puzzle_channel", 7, json!(id.to_string()));

    // Without Manage Server, before a channel, or a channel the bot cannot
    // see: refused privately, nothing chosen.
    let refused = ephemeral_text(&scene.slash(&bob(), "settings", vec![channel(DAILY)]).await);
    assert!(refused.contains("Only members who may manage this server"), "{refused}");
    scene.fake.set_member_permissions(&alice(), MANAGER);
    let hour_only = vec![("daily_puzzle_hour", 4, json!(9))];
    let refused = ephemeral_text(&scene.slash(&alice(), "settings", hour_only.clone()).await);
    assert!(refused.contains("choose its channel first"), "{refused}");
    scene.fake.refuse_channel(HIDDEN, Some(403));
    let refused = ephemeral_text(&scene.slash(&alice(), "settings", vec![channel(HIDDEN)]).await);
    assert!(refused.contains(&format!("I cannot see <#{HIDDEN}>")), "{refused}");
    let malformed = ephemeral_text(
        &scene
            .slash(&alice(), "settings", vec![("daily_puzzle_hour", 4, json!(24))])
            .await,
    );
    assert!(malformed.contains("is malformed"), "{malformed}");
    let shown = ephemeral_text(&scene.slash(&alice(), "settings", vec![]).await);
    assert!(!shown.contains("puzzle of the day"), "{shown}");

    // Chosen at 08:00, for 09:00; turned off and on again before then.
    let chosen = ephemeral_text(
        &scene
            .slash(&alice(), "settings", vec![channel(DAILY), hour_only[0].clone()])
            .await,
    );
    assert!(
        chosen.contains(&format!(
            "puzzle of the day: posted in <#{DAILY}> each day at 09:00 UTC"
        )),
        "{chosen}"
    );
    let off = ephemeral_text(
        &scene
            .slash(&alice(), "settings", vec![("daily_puzzle", 3, json!("off"))])
            .await,
    );
    assert!(
        off.contains(&format!("puzzle of the day: off (its channel was <#{DAILY}>)")),
        "{off}"
    );
    let on = ephemeral_text(
        &scene
            .slash(&alice(), "settings", vec![("daily_puzzle", 3, json!("on"))])
            .await,
    );
    assert!(on.contains("each day at 09:00 UTC"), "{on}");
    scene.scheduler_passes(3).await;
    assert!(scene.fake.channel_messages(DAILY).is_empty(), "not 09:00 yet");

    let clock = scene.clock.clone();
    to_hour(&clock, 0, 9);
    let today = Day::of(clock.now());
    let title = format!("**🧩 Akon · puzzle of the day · {}**", in_words(today));
    let post = scene
        .fake
        .wait_for("the puzzle of the day", |v| posts(v, DAILY, &title).pop())
        .await;
    let text = fake::content(&post).to_string();
    assert!(text.contains("```"), "the position as text: {text}");
    assert!(text.contains("No one has answered yet."), "{text}");
    let solve = button_with_label(&post, "Solve");
    assert_eq!(solve, format!("akon:daily:{}", today.0));

    // Solve: the puzzle privately, with its hole buttons.
    let (_, private) = scene.click(&bob(), fake::message_id(&post), &solve).await;
    let private_text = ephemeral_text(&private);
    assert!(
        private_text.starts_with(&format!("🧩 Puzzle of the day · {}", in_words(today))),
        "{private_text}"
    );
    assert_eq!(daily_buttons(&private).len(), 7, "{private}");
    let store = scene.store().await;
    let (best, other) = best_and_other(&store, today).await;
    let right = format!("akon:daily-answer:{}:{}", today.0, best.number());
    let (ix, solved) = scene.click(&bob(), fake::message_id(&private), &right).await;
    assert_eq!(scene.fake.callback_type(&ix).await, 7, "{solved}");
    let text = fake::content(&solved);
    assert!(
        text.contains(&format!("✅ Right: hole {best} is the best move")),
        "{text}"
    );
    assert!(text.contains("Your daily streak: 1 day in a row (best 1)"), "{text}");
    assert!(daily_buttons(&solved).is_empty(), "answered: no hole buttons left");
    // Once: a second press, or Solve again, is refused.
    let again = ephemeral_text(&scene.click_unchecked(&bob(), fake::message_id(&private), &right).await);
    assert!(
        again.contains("answered today's puzzle already (right, with hole"),
        "{again}"
    );
    let again = ephemeral_text(&scene.click_unchecked(&bob(), fake::message_id(&post), &solve).await);
    assert!(again.contains("only the first answer counts"), "{again}");
    if let Some(wrong) = other {
        let (_, carol_copy) = scene.click(&carol(), fake::message_id(&post), &solve).await;
        let id = format!("akon:daily-answer:{}:{}", today.0, wrong.number());
        let (_, missed) = scene.click(&carol(), fake::message_id(&carol_copy), &id).await;
        let text = fake::content(&missed);
        assert!(text.contains(&format!("❌ Not hole {wrong}")), "{text}");
        assert!(text.contains("Your daily streak: 0 days in a row (best 0)"), "{text}");
    }
    let answered = 1 + usize::from(other.is_some());
    let counted = format!(
        "Solved by 1 of the {answered} {} who answered.",
        if answered == 1 { "player" } else { "players" }
    );
    let edited = scene
        .fake
        .wait_for("the message edited with the count", |v| {
            v.message(fake::message_id(&post))
                .filter(|m| fake::content(m).contains(&counted))
                .cloned()
        })
        .await;
    let text = fake::content(&edited).to_string();
    let month = today.month();
    assert!(
        text.contains(&format!(
            "Solvers of {}: {} 1 day",
            month_in_words(Language::English, month.year, month.month as u8),
            bob().mention()
        )),
        "{text}"
    );
    assert_eq!(button_with_label(&edited, "Solve"), solve, "the button stays");

    // Forged buttons: another day, a hole that does not exist, not ours.
    let forged = format!("akon:daily-answer:{}:3", today.0 + 5);
    let refused = ephemeral_text(&scene.click_unchecked(&dave(), fake::message_id(&post), &forged).await);
    assert!(
        refused.contains(&format!("This is the puzzle of {}", in_words(Day(today.0 + 5)))),
        "{refused}"
    );
    for forged in [format!("akon:daily-answer:{}:8", today.0), "akon:daily:-1".to_string()] {
        let refused = ephemeral_text(&scene.click_unchecked(&dave(), fake::message_id(&post), &forged).await);
        assert!(refused.contains("is not one of Akon's"), "{refused}");
    }

    // A player who chose pictures gets the private copy as a picture.
    scene
        .slash(&dave(), "settings", vec![("board_style", 3, json!("picture"))])
        .await;
    let (_, pictured) = scene.click(&dave(), fake::message_id(&post), &solve).await;
    let attachments = pictured["attachments"].as_array().cloned().unwrap_or_default();
    assert_eq!(attachments.len(), 1, "{pictured}");
    assert_eq!(attachments[0]["content_type"], "image/png", "{pictured}");
    assert!(
        !ephemeral_text(&pictured).contains("```"),
        "the picture shows the board: {pictured}"
    );
    assert_eq!(daily_buttons(&pictured).len(), 7, "{pictured}");

    // Posted once: a restart posts nothing more that day.
    assert_eq!(posts_after_a_restart(&mut scene, DAILY, &title).await, 1);

    // The next day: a new post; yesterday's Solve answers clearly.
    to_hour(&clock, 1, 9);
    let tomorrow = Day::of(clock.now());
    let next_title = format!("**🧩 Akon · puzzle of the day · {}**", in_words(tomorrow));
    scene
        .fake
        .wait_for("the next day's puzzle", |v| posts(v, DAILY, &next_title).pop())
        .await;
    let stale = ephemeral_text(&scene.click_unchecked(&bob(), fake::message_id(&post), &solve).await);
    assert!(
        stale.contains(&format!(
            "This is the puzzle of {}: a day's puzzle can be answered on that day only",
            in_words(today)
        )),
        "{stale}"
    );

    // The channel is deleted: the day after's post is given up, not retried.
    let before = scene.fake.channel_messages(DAILY).len();
    scene.fake.refuse_channel(DAILY, Some(404));
    let refused_reads = |v: &FakeView<'_>| {
        let path = format!("/api/v10/channels/{DAILY}/messages");
        v.requests()
            .iter()
            .filter(|r| r.path == path && r.status == 404)
            .count()
    };
    to_hour(&clock, 1, 9);
    scene
        .fake
        .wait_until("the bot to find the channel gone", |v| refused_reads(v) > 0)
        .await;
    // Stopping waits for the scheduler's pass under way, which records it.
    scene.stop_bot().await;
    assert!(store
        .daily_post_settled(fake::GUILD_ID, Day::of(clock.now()))
        .await
        .unwrap());
    assert_eq!(
        scene.fake.channel_messages(DAILY).len(),
        before,
        "nothing reached a deleted channel"
    );
    scene.finish().await;
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn the_months_podium_goes_to_the_daily_puzzles_channel_without_a_season_channel);
async fn the_months_podium_goes_to_the_daily_puzzles_channel_without_a_season_channel() {
    const DAILY: u64 = 940_000_000_000_000_021;
    let mut scene = Scene::with_config(config()).await;
    scene.fake.add_guild_channel(DAILY, "daily");
    scene.fake.set_member_permissions(&alice(), MANAGER);
    let chosen = scene
        .slash(
            &alice(),
            "settings",
            vec![("daily_puzzle_channel", 7, json!(DAILY.to_string()))],
        )
        .await;
    assert!(ephemeral_text(&chosen).contains("each day at 12:00 UTC"), "{chosen}");
    let month = Month::of(scene.clock.now());
    scene.resigned(&alice(), &bob()).await;
    let clock = scene.clock.clone();
    let next = Month::of(Month::of(clock.now()).start() + 32 * DAY).start();
    clock.advance(next + HOUR - clock.now());
    let title = format!(
        "**Akon season · {} · podium**",
        month_in_words(Language::English, month.year, month.month as u8)
    );
    let podium = scene
        .fake
        .wait_for("the month's podium", |v| posts(v, DAILY, &title).pop())
        .await;
    assert!(fake::content(&podium).contains(&alice().mention()), "{podium}");
    assert_eq!(posts_after_a_restart(&mut scene, DAILY, &title).await, 1);
    scene.finish().await;
}

/// A day as the English messages write it: "March 14".
fn in_words(day: Day) -> String {
    let (year, month, day) = day.year_month_day();
    day_in_words(Language::English, year, month as u8, day as u8)
}
