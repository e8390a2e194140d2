//! Crashes at every step between a move's commit and its messages: the real
//! `akon` binary is killed with SIGKILL while the fake Discord holds one of
//! its requests, then started again on the same database. After the
//! restart the channel must show exactly one live board, for the game's
//! current ply, with the right holes enabled; no older board keeps its
//! buttons; a finished game is announced exactly once.

use std::cell::Cell;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use crate::support::db::TestDb;
use crate::support::fake_discord::{self as fake, FakeDiscord, Stall, CHANNEL_ID};
use crate::support::scene::{alice, bob, button_with_label, hole_buttons, is_board, live_boards, ply_of, user_to_move};
use crate::support::{eventually, log_lines_with, KilledOnDrop, LOG_WITH_PROGRESS};
use akon::service::{GameView, ManualClock, Service, ServiceConfig};
use akon::store::Store;
use serde_json::{json, Value};

/// A bound on waiting for the bot, never a claim about speed.
const PATIENCE: Duration = Duration::from_secs(30);

/// One run of the bot as a child process, its log (with its progress)
/// in a file of its own.
struct Run {
    process: KilledOnDrop,
    log: PathBuf,
    /// The interactions the fake had sent before this run started.
    interactions_before: u64,
}

/// Run number `run` of the bot as a child process in `dir` on the
/// database `url`, talking to `fake`.
fn start_bot(fake: &FakeDiscord, dir: &Path, url: &str, run: usize) -> Run {
    let name = format!("run{run}");
    let interactions_before = fake.interactions_sent();
    let process = crate::support::spawn_bot_with(fake, dir, url, None, Some(&name), &[("RUST_LOG", LOG_WITH_PROGRESS)]);
    Run {
        process,
        log: dir.join(format!("bot-{name}.log")),
        interactions_before,
    }
}

impl Run {
    /// Waits until this run has handled every interaction sent to it and
    /// made its delivery pass after the grace that follows READY: what it
    /// had to post, it has posted by then, and the next pass is a
    /// scheduler's tick (20 s) away. "Nothing more comes" is checked after.
    async fn wait_quiet(&self, fake: &FakeDiscord) {
        eventually("the bot done with what it was sent and owed", PATIENCE, async || {
            let handled = log_lines_with(&self.log, "interaction handled") as u64;
            handled == fake.interactions_sent() - self.interactions_before
                && log_lines_with(&self.log, "delivery pass done regular=true") >= 1
        })
        .await;
    }
}

async fn kill(fake: &FakeDiscord, mut bot: Run) {
    bot.process.kill().expect("SIGKILL");
    bot.process.wait().unwrap();
    fake.wait_disconnected().await;
}

/// The game as stored (read as a second process would).
async fn stored_game(url: &str, game_id: i64) -> GameView {
    let store = Store::open(url).await.unwrap();
    let service = Service::new(
        store.clone(),
        ServiceConfig::default(),
        Arc::new(ManualClock::starting_at(0)),
    );
    let view = service.game(game_id).await.unwrap();
    store.close().await;
    view
}

/// Waits until the channel shows exactly one live board, for the stored
/// game's current ply, with the legal holes enabled and only those; then
/// checks that it stays so (nothing posted twice).
async fn assert_one_live_board_for_the_current_ply(fake: &FakeDiscord, bot: &Run, url: &str, game_id: i64) -> Value {
    let view = stored_game(url, game_id).await;
    let ply = view.ply();
    fake.wait_until("one live board, for the current ply", |v| {
        let live: Vec<&Value> = v
            .channel_messages(CHANNEL_ID)
            .into_iter()
            .filter(|m| !hole_buttons(m).is_empty())
            .collect();
        live.len() == 1 && ply_of(live[0]) == ply
    })
    .await;
    bot.wait_quiet(fake).await;
    let boards_now = fake.channel_messages(CHANNEL_ID).into_iter().filter(is_board).count();
    let live = live_boards(fake);
    assert_eq!(live.len(), 1, "one live board: {live:#?}");
    assert_eq!(
        fake.channel_messages(CHANNEL_ID).into_iter().filter(is_board).count(),
        boards_now,
        "nothing is posted twice"
    );
    let legal = view.game.legal_moves();
    for (_, hole, enabled) in hole_buttons(&live[0]) {
        let legal = legal.iter().any(|h| h.number() == hole);
        assert_eq!(enabled, legal, "hole {hole} enabled iff legal: {}", live[0]);
    }
    let mover = view.player(view.to_move().unwrap());
    assert!(
        fake::content(&live[0]).contains(&format!("<@{}>, your turn", mover.user_id)),
        "the board pings the player to move: {}",
        fake::content(&live[0])
    );
    live[0].clone()
}

/// A game between alice and bob, accepted and played for `moves` moves;
/// returns the live board.
async fn game_in_progress(fake: &FakeDiscord, moves: usize) -> Value {
    let challenge = fake
        .slash(
            &alice(),
            "akon",
            "challenge",
            vec![("opponent", 6, json!(bob().id.to_string()))],
        )
        .await;
    let challenge = fake.response(&challenge).await;
    let accept = button_with_label(&challenge, "Accept");
    fake.click(&bob(), fake::message_id(&challenge), &accept).await;
    let mut board = next_live_board(fake, 0).await;
    for _ in 0..moves {
        board = play_a_hole(fake, &board).await;
    }
    board
}

/// The first board with move buttons posted after message `after`.
async fn next_live_board(fake: &FakeDiscord, after: u64) -> Value {
    fake.wait_for("the next live board", |v| {
        v.channel_messages(CHANNEL_ID)
            .into_iter()
            .find(|m| fake::message_id(m) > after && !hole_buttons(m).is_empty())
            .cloned()
    })
    .await
}

/// The player to move presses their first enabled hole; the next board.
async fn play_a_hole(fake: &FakeDiscord, board: &Value) -> Value {
    press_a_hole(fake, board).await;
    next_live_board(fake, fake::message_id(board)).await
}

/// The player to move presses their first enabled hole.
async fn press_a_hole(fake: &FakeDiscord, board: &Value) {
    let mover = user_to_move(board, &[alice(), bob()]);
    let (id, _, _) = hole_buttons(board).into_iter().find(|(_, _, on)| *on).unwrap();
    fake.click(&mover, fake::message_id(board), &id).await;
}

fn stall(method: &'static str, path: &str, after_effect: bool) -> Stall {
    Stall {
        method,
        path_contains: path.to_string(),
        body_contains: None,
        after_effect,
        fail_with: None,
    }
}

fn failing(method: &'static str, path: &str, status: u16) -> Stall {
    Stall {
        fail_with: Some(status),
        ..stall(method, path, false)
    }
}

async fn wait_stalled(fake: &FakeDiscord) {
    fake.wait_until("the held request", |v| v.stalls_hit() == 1).await;
}

struct Crash {
    fake: FakeDiscord,
    db: TestDb,
    dir: tempfile::TempDir,
    runs: Cell<usize>,
}

impl Crash {
    async fn new() -> (Crash, Run) {
        let fake = FakeDiscord::start().await;
        for user in [alice(), bob()] {
            fake.add_user(&user);
        }
        let dir = tempfile::tempdir().unwrap();
        let db = TestDb::create(dir.path(), "bot.db").await;
        let bot = start_bot(&fake, dir.path(), &db.url, 1);
        fake.wait_ready().await;
        let runs = Cell::new(1);
        (Crash { fake, db, dir, runs }, bot)
    }

    /// Kills `bot` (SIGKILL) and starts it again on the same database.
    async fn restart(&self, bot: Run) -> Run {
        kill(&self.fake, bot).await;
        self.runs.set(self.runs.get() + 1);
        let bot = start_bot(&self.fake, self.dir.path(), &self.db.url, self.runs.get());
        self.fake.wait_ready().await;
        bot
    }
}

/// A move is killed at `stall`; after the restart the game shows its
/// current board once, and play goes on from it.
async fn a_move_killed_at(stall: Stall, moved: bool) {
    let (crash, bot) = Crash::new().await;
    let board = game_in_progress(&crash.fake, 2).await;
    let ply_before = ply_of(&board);
    crash.fake.stall(stall);
    press_a_hole(&crash.fake, &board).await;
    wait_stalled(&crash.fake).await;
    let bot = crash.restart(bot).await;
    let live = assert_one_live_board_for_the_current_ply(&crash.fake, &bot, &crash.db.url, 1).await;
    assert_eq!(
        ply_of(&live),
        ply_before + i64::from(moved),
        "the committed move stands"
    );
    // Play goes on from the board shown.
    play_a_hole(&crash.fake, &live).await;
    assert_one_live_board_for_the_current_ply(&crash.fake, &bot, &crash.db.url, 1).await;
    kill(&crash.fake, bot).await;
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn killed_after_the_moves_commit_before_the_answer);
async fn killed_after_the_moves_commit_before_the_answer() {
    a_move_killed_at(stall("POST", "/callback", false), true).await;
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn killed_after_the_answer_before_the_new_board);
async fn killed_after_the_answer_before_the_new_board() {
    a_move_killed_at(stall("POST", &format!("/channels/{CHANNEL_ID}/messages"), false), true).await;
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn killed_after_the_new_board_before_its_id_is_saved);
async fn killed_after_the_new_board_before_its_id_is_saved() {
    a_move_killed_at(stall("POST", &format!("/channels/{CHANNEL_ID}/messages"), true), true).await;
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn killed_before_an_older_board_loses_its_buttons);
/// `/akon board` posts the board again; killed before the older copy
/// loses its buttons, the restart takes them away.
async fn killed_before_an_older_board_loses_its_buttons() {
    let (crash, bot) = Crash::new().await;
    let board = game_in_progress(&crash.fake, 1).await;
    let old = fake::message_id(&board);
    crash
        .fake
        .stall(stall("PATCH", &format!("/channels/{CHANNEL_ID}/messages/{old}"), false));
    let again = crash.fake.slash(&alice(), "akon", "board", vec![]).await;
    let copy = crash.fake.response(&again).await;
    wait_stalled(&crash.fake).await;
    assert_eq!(
        live_boards(&crash.fake).len(),
        2,
        "both copies show buttons before the restart"
    );
    let bot = crash.restart(bot).await;
    let live = assert_one_live_board_for_the_current_ply(&crash.fake, &bot, &crash.db.url, 1).await;
    assert_eq!(
        fake::message_id(&live),
        fake::message_id(&copy),
        "the newest copy is the one that plays"
    );
    kill(&crash.fake, bot).await;
}

/// Resigns by button, killed at `stall`: after the restart the result is
/// announced exactly once and no board keeps move buttons.
async fn a_resignation_killed_at(stall: Stall) {
    let (crash, bot) = Crash::new().await;
    let board = game_in_progress(&crash.fake, 1).await;
    let mover = user_to_move(&board, &[alice(), bob()]);
    let resign = button_with_label(&board, "Resign");
    let ask = crash.fake.click(&mover, fake::message_id(&board), &resign).await;
    let confirm = crash.fake.response(&ask).await;
    crash.fake.stall(stall);
    crash
        .fake
        .click(
            &mover,
            fake::message_id(&confirm),
            &button_with_label(&confirm, "Yes, resign"),
        )
        .await;
    wait_stalled(&crash.fake).await;
    let bot = crash.restart(bot).await;
    let winner = if mover == alice() { bob() } else { alice() };
    let wins = format!("{} wins", winner.mention());
    crash
        .fake
        .wait_until("the result", |v| {
            v.channel_messages(CHANNEL_ID)
                .iter()
                .any(|m| fake::content(m).contains(&wins))
        })
        .await;
    // The result may have reached the channel before the crash; the
    // restarted process still owes the superseded board's buttons (a board
    // posted just before the resignation may not have been recorded then).
    // A change made in the second the process started is settled after the
    // delivery grace, so this waits rather than sleeping a fixed time.
    crash
        .fake
        .wait_until("no board keeps move buttons", |v| {
            v.channel_messages(CHANNEL_ID)
                .iter()
                .all(|m| hole_buttons(m).is_empty())
        })
        .await;
    bot.wait_quiet(&crash.fake).await;
    let results: Vec<Value> = crash
        .fake
        .channel_messages(CHANNEL_ID)
        .into_iter()
        .filter(|m| fake::content(m).contains(&wins))
        .collect();
    assert_eq!(results.len(), 1, "announced once: {results:#?}");
    assert!(fake::content(&results[0]).contains("resigned"));
    assert!(live_boards(&crash.fake).is_empty(), "no board keeps move buttons");
    assert!(stored_game(&crash.db.url, 1).await.finished.is_some());
    kill(&crash.fake, bot).await;
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_resignation_killed_before_its_result_is_posted_is_announced_after_the_restart);
async fn a_resignation_killed_before_its_result_is_posted_is_announced_after_the_restart() {
    a_resignation_killed_at(stall("POST", &format!("/channels/{CHANNEL_ID}/messages"), false)).await;
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_resignation_killed_after_its_result_is_posted_is_not_announced_twice);
async fn a_resignation_killed_after_its_result_is_posted_is_not_announced_twice() {
    a_resignation_killed_at(stall("POST", &format!("/channels/{CHANNEL_ID}/messages"), true)).await;
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_resign_command_killed_after_its_answer_is_not_announced_twice);
/// `/akon resign` answers with the final board itself: an interaction's
/// answer, which carries no nonce. Killed after that answer, before the
/// board is recorded as shown, the restarted process must find that answer
/// in the channel rather than post the final board again.
async fn a_resign_command_killed_after_its_answer_is_not_announced_twice() {
    let (crash, bot) = Crash::new().await;
    let board = game_in_progress(&crash.fake, 1).await;
    let mover = user_to_move(&board, &[alice(), bob()]);
    crash.fake.stall(stall("GET", "/messages/@original", false));
    crash.fake.slash(&mover, "akon", "resign", vec![]).await;
    wait_stalled(&crash.fake).await;
    let winner = if mover == alice() { bob() } else { alice() };
    let wins = format!("{} wins", winner.mention());
    let results = |fake: &FakeDiscord| {
        fake.channel_messages(CHANNEL_ID)
            .into_iter()
            .filter(|m| fake::content(m).contains(&wins))
            .count()
    };
    assert_eq!(results(&crash.fake), 1, "answered with the final board before the kill");
    assert!(
        !stored_game(&crash.db.url, 1).await.result_shown,
        "not recorded before the kill"
    );
    let bot = crash.restart(bot).await;
    // Recorded as shown once the restarted process settled the game: any
    // second post would have come before.
    crate::support::eventually(
        "the final board recorded as shown",
        Duration::from_secs(30),
        async || stored_game(&crash.db.url, 1).await.result_shown,
    )
    .await;
    assert_eq!(results(&crash.fake), 1, "announced once");
    crash
        .fake
        .wait_until("no board keeps move buttons", |v| {
            v.channel_messages(CHANNEL_ID)
                .iter()
                .all(|m| hole_buttons(m).is_empty())
        })
        .await;
    kill(&crash.fake, bot).await;
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_move_whose_answer_fails_still_gets_its_board);
/// An answer Discord refuses (too late, say): the move stands, the board
/// is posted all the same and the pressed board loses its buttons.
async fn a_move_whose_answer_fails_still_gets_its_board() {
    let (crash, bot) = Crash::new().await;
    let board = game_in_progress(&crash.fake, 1).await;
    crash.fake.stall(failing("POST", "/callback", 404));
    press_a_hole(&crash.fake, &board).await;
    // The answer comes after the move's commit.
    wait_stalled(&crash.fake).await;
    let live = assert_one_live_board_for_the_current_ply(&crash.fake, &bot, &crash.db.url, 1).await;
    assert_eq!(ply_of(&live), ply_of(&board) + 1);
    kill(&crash.fake, bot).await;
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_press_on_a_superseded_board_reposts_the_board_a_game_waits_for);
/// A board that could not be posted (an outage) is posted again by the
/// next press on the superseded board, at once.
async fn a_press_on_a_superseded_board_reposts_the_board_a_game_waits_for() {
    let (crash, bot) = Crash::new().await;
    let board = game_in_progress(&crash.fake, 1).await;
    crash
        .fake
        .stall(failing("POST", &format!("/channels/{CHANNEL_ID}/messages"), 503));
    press_a_hole(&crash.fake, &board).await;
    wait_stalled(&crash.fake).await;
    assert!(live_boards(&crash.fake).is_empty(), "no board shows the game now");
    // A player presses another hole of the old board (a stale client; the
    // same hole again would be the move itself, answered as played). The
    // handler whose post failed may still hold the game for a moment (the
    // press then leaves it to that handler), so the player presses until
    // the board shows, as a player would.
    let mover = user_to_move(&board, &[alice(), bob()]);
    let (id, _, _) = hole_buttons(&board)
        .into_iter()
        .filter(|(_, _, on)| *on)
        .nth(1)
        .unwrap();
    for _ in 0..10 {
        let again = crash.fake.click_unchecked(&mover, fake::message_id(&board), &id).await;
        let answer = crash.fake.response(&again).await;
        assert!(
            fake::is_ephemeral(&answer) && fake::content(&answer).contains("earlier move"),
            "{answer}"
        );
        let shown = tokio::time::Instant::now() + Duration::from_millis(500);
        while live_boards(&crash.fake).is_empty() && tokio::time::Instant::now() < shown {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        if !live_boards(&crash.fake).is_empty() {
            break;
        }
    }
    let live = assert_one_live_board_for_the_current_ply(&crash.fake, &bot, &crash.db.url, 1).await;
    assert_eq!(ply_of(&live), ply_of(&board) + 1);
    kill(&crash.fake, bot).await;
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_challenge_killed_before_its_message_is_shown_after_the_restart);
/// `/akon challenge` killed before its answer: the challenge is stored,
/// so after the restart its message is posted, and it can be accepted.
async fn a_challenge_killed_before_its_message_is_shown_after_the_restart() {
    let (crash, bot) = Crash::new().await;
    crash.fake.stall(stall("POST", "/callback", false));
    crash
        .fake
        .slash(
            &alice(),
            "akon",
            "challenge",
            vec![("opponent", 6, json!(bob().id.to_string()))],
        )
        .await;
    wait_stalled(&crash.fake).await;
    let bot = crash.restart(bot).await;
    let challenge = crash
        .fake
        .wait_for("the challenge", |v| {
            v.channel_messages(CHANNEL_ID)
                .into_iter()
                .find(|m| fake::content(m).contains("challenges you"))
                .cloned()
        })
        .await;
    bot.wait_quiet(&crash.fake).await;
    let shown = crash
        .fake
        .channel_messages(CHANNEL_ID)
        .into_iter()
        .filter(|m| fake::content(m).contains("challenges you"))
        .count();
    assert_eq!(shown, 1, "shown once");
    let accept = button_with_label(&challenge, "Accept");
    crash.fake.click(&bob(), fake::message_id(&challenge), &accept).await;
    crash
        .fake
        .wait_until("the first board", |v| {
            v.channel_messages(CHANNEL_ID)
                .iter()
                .any(|m| !hole_buttons(m).is_empty())
        })
        .await;
    kill(&crash.fake, bot).await;
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_game_ending_move_killed_before_the_result_is_announced_once_after_the_restart);
/// The move that ends a game, killed before its final board is posted:
/// after the restart the result is announced exactly once.
async fn a_game_ending_move_killed_before_the_result_is_announced_once_after_the_restart() {
    let (crash, bot) = Crash::new().await;
    let mut board = game_in_progress(&crash.fake, 0).await;
    loop {
        let view = stored_game(&crash.db.url, 1).await;
        let (_, hole, _) = hole_buttons(&board).into_iter().find(|(_, _, on)| *on).unwrap();
        let mut next = view.game.clone();
        next.play(akon::engine::Hole::new(i64::from(hole)).unwrap()).unwrap();
        if next.is_over() {
            break;
        }
        board = play_a_hole(&crash.fake, &board).await;
    }
    crash
        .fake
        .stall(stall("POST", &format!("/channels/{CHANNEL_ID}/messages"), false));
    press_a_hole(&crash.fake, &board).await;
    wait_stalled(&crash.fake).await;
    let bot = crash.restart(bot).await;
    let is_result = |m: &Value| fake::content(m).contains("finished after");
    crash
        .fake
        .wait_until("the result", |v| {
            v.channel_messages(CHANNEL_ID).iter().any(|m| is_result(m))
        })
        .await;
    bot.wait_quiet(&crash.fake).await;
    let results = crash
        .fake
        .channel_messages(CHANNEL_ID)
        .into_iter()
        .filter(is_result)
        .count();
    assert_eq!(results, 1, "announced once");
    let live = live_boards(&crash.fake);
    if !live.is_empty() {
        let reqs: Vec<String> = crash
            .fake
            .requests()
            .iter()
            .map(|r| {
                format!(
                    "{} {} {} {}",
                    r.method,
                    r.path,
                    r.status,
                    r.body.to_string().chars().take(120).collect::<String>()
                )
            })
            .collect();
        let ids: Vec<String> = live
            .iter()
            .map(|m| format!("{} {}", fake::message_id(m), fake::content(m)))
            .collect();
        panic!("no board keeps move buttons: live {ids:#?}\nrequests {reqs:#?}");
    }
    assert!(stored_game(&crash.db.url, 1).await.finished.is_some());
    kill(&crash.fake, bot).await;
}

/// The boards of `channel_id` that still carry move buttons.
fn live_in(fake: &FakeDiscord, channel_id: u64) -> Vec<Value> {
    fake.channel_messages(channel_id)
        .into_iter()
        .filter(|m| !hole_buttons(m).is_empty())
        .collect()
}

/// Likewise, as `view` shows it (inside a wait).
fn live_in_view(view: &fake::FakeView<'_>, channel_id: u64) -> Vec<Value> {
    view.channel_messages(channel_id)
        .into_iter()
        .filter(|m| !hole_buttons(m).is_empty())
        .cloned()
        .collect()
}

/// Waits until the game's one thread shows exactly one live board, for
/// the stored game's current ply, and nothing more comes; that board.
async fn one_live_board_in_the_thread(crash: &Crash, bot: &Run) -> Value {
    let ply = stored_game(&crash.db.url, 1).await.ply();
    crash
        .fake
        .wait_until("one live board in the game's thread, for the current ply", |v| {
            let threads = v.threads();
            let live = threads.first().map(|t| live_in_view(v, t.id)).unwrap_or_default();
            threads.len() == 1 && live.len() == 1 && ply_of(&live[0]) == ply
        })
        .await;
    bot.wait_quiet(&crash.fake).await;
    let threads = crash.fake.threads();
    assert_eq!(threads.len(), 1, "one thread: {threads:#?}");
    let live = live_in(&crash.fake, threads[0].id);
    assert_eq!(live.len(), 1, "one live board: {live:#?}");
    let in_the_channel = live_in(&crash.fake, CHANNEL_ID);
    assert!(
        in_the_channel.is_empty(),
        "no board in the channel: {in_the_channel:#?}"
    );
    let boards = crash
        .fake
        .channel_messages(threads[0].id)
        .into_iter()
        .filter(is_board)
        .count();
    assert_eq!(boards as i64, ply + 1, "each board once, in the thread");
    live[0].clone()
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn killed_while_a_games_thread_opens_and_while_its_board_is_shown_there);
/// With a thread per game: killed after Discord opened the game's thread
/// but before the bot heard of it, then after a move's board reached the
/// thread but before its id was saved. After each restart the one thread
/// shows one live board, for the current ply, and play goes on there.
async fn killed_while_a_games_thread_opens_and_while_its_board_is_shown_there() {
    let (crash, bot) = Crash::new().await;
    let manage_server = (fake::APP_PERMISSIONS.parse::<u64>().unwrap() | 0x20).to_string();
    crash.fake.set_member_permissions(&alice(), &manage_server);
    let on = vec![("game_threads", 3, json!("on"))];
    let settings = crash.fake.slash(&alice(), "akon", "settings", on).await;
    crash.fake.response(&settings).await;
    crash.fake.stall(stall("POST", "/threads", true));
    let challenge = crash
        .fake
        .slash(
            &alice(),
            "akon",
            "challenge",
            vec![("opponent", 6, json!(bob().id.to_string()))],
        )
        .await;
    let challenge = crash.fake.response(&challenge).await;
    let accept = button_with_label(&challenge, "Accept");
    crash.fake.click(&bob(), fake::message_id(&challenge), &accept).await;
    wait_stalled(&crash.fake).await;
    let bot = crash.restart(bot).await;
    let board = one_live_board_in_the_thread(&crash, &bot).await;
    assert_eq!(ply_of(&board), 0);

    let thread = crash.fake.threads()[0].id;
    crash
        .fake
        .stall(stall("POST", &format!("/channels/{thread}/messages"), true));
    press_a_hole(&crash.fake, &board).await;
    crash
        .fake
        .wait_until("the board's post held", |v| v.stalls_hit() == 2)
        .await;
    let bot = crash.restart(bot).await;
    let board = one_live_board_in_the_thread(&crash, &bot).await;
    assert_eq!(ply_of(&board), 1, "the committed move stands");
    press_a_hole(&crash.fake, &board).await;
    crash
        .fake
        .wait_until("the next board in the thread", |v| {
            live_in_view(v, thread).first().is_some_and(|b| ply_of(b) == 2)
        })
        .await;
    kill(&crash.fake, bot).await;
}
on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn killed_mid_game_in_a_dm);
/// In a DM between two people, where every board is an answer: a move is
/// killed after its commit, before its answer. After the restart the board
/// still shows the move before; the next press (Refresh) shows the game as
/// stored, with the move, and play goes on from it.
async fn killed_mid_game_in_a_dm() {
    let (crash, bot) = Crash::new().await;
    let players = [alice(), bob()];
    let channel = crash.fake.add_private_channel(&[&players[0], &players[1]]);
    let opponent = json!(players[1].id.to_string());
    let ix = crash
        .fake
        .slash_elsewhere(
            &players[0],
            channel,
            "akon",
            "challenge",
            vec![("opponent", 6, opponent)],
        )
        .await;
    let challenge = crash.fake.response(&ix).await;
    let message = fake::message_id(&challenge);
    let accept = button_with_label(&challenge, "Accept");
    let accepted = crash.fake.click(&players[1], message, &accept).await;
    let mut board = crash.fake.response(&accepted).await;
    for _ in 0..2 {
        let press = press_in_place(&crash.fake, &board, &players).await;
        board = crash.fake.response(&press).await;
    }
    let ply_before = ply_of(&board);
    crash.fake.stall(stall("POST", "/callback", false));
    press_in_place(&crash.fake, &board, &players).await;
    wait_stalled(&crash.fake).await;
    let bot = crash.restart(bot).await;
    assert_eq!(
        ply_of(&crash.fake.message(message).unwrap()),
        ply_before,
        "the answer never came"
    );
    let refresh = button_with_label(&crash.fake.message(message).unwrap(), "Refresh");
    let shown = crash.fake.click(&players[0], message, &refresh).await;
    let shown = crash.fake.response(&shown).await;
    assert_eq!(ply_of(&shown), ply_before + 1, "the committed move stands: {shown}");
    let stored = stored_game(&crash.db.url, 1).await;
    assert_eq!(stored.ply(), ply_before + 1);
    let press = press_in_place(&crash.fake, &shown, &players).await;
    let after = crash.fake.response(&press).await;
    assert_eq!(ply_of(&after), ply_before + 2, "play goes on: {after}");
    let posted = crash
        .fake
        .requests()
        .into_iter()
        .filter(|r| r.path.contains(&format!("/channels/{channel}/")))
        .count();
    assert_eq!(posted, 0, "nothing is posted where the bot is no member");
    kill(&crash.fake, bot).await;
}

/// The player to move presses their first enabled hole on `board`, a
/// board shown in place; the press.
async fn press_in_place(fake: &FakeDiscord, board: &Value, players: &[fake::TestUser; 2]) -> fake::Interaction {
    let mover = user_to_move(board, players);
    let (id, _, _) = hole_buttons(board).into_iter().find(|(_, _, on)| *on).unwrap();
    fake.click(&mover, fake::message_id(board), &id).await
}
