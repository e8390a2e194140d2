//! Three real `akon` processes in HTTP mode on one PostgreSQL database,
//! behind the real HAProxy on the deployed configuration: presses are
//! posted at the balancer, signed as Discord signs them, while the
//! processes are killed with SIGKILL one after another and started again.
//! Every press is answered (200, within Discord's 3 s), a copy of a press
//! gets the first answer byte for byte, and the moves table holds exactly
//! the moves acknowledged. A process killed between a move's commit and
//! its answer leaves the retry the answer the move deserved: the new
//! board. And a process in HTTP mode says it is healthy on its metrics
//! port too, where no gateway is waited for.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use akon::engine::{Game, Seat};
use akon::store::Backend;
use serde_json::{json, Value};

use crate::support::balancer::Balancer;
use crate::support::db::{self, TestDb};
use crate::support::fake_discord::{self as fake, FakeDiscord, TestUser, CHANNEL_ID};
use crate::support::scene::{button_with_label, greedy, hole_button_id, hole_buttons, ply_of, user_to_move};
use crate::support::{free_port, KilledOnDrop};

/// Games played at once.
const GAMES: usize = 4;
/// Moves played in each game.
const MOVES_PER_GAME: usize = 14;
/// After how many acknowledged presses each kill comes (one process each).
const KILLS_AT: [usize; 3] = [8, 24, 40];
/// Discord shows "This interaction failed" after this.
const ANSWER_LIMIT: Duration = Duration::from_secs(3);
/// A board owed by a process killed before posting it is posted by
/// another once the dead process's delivery lease (30 s) has run out.
const BOARD_LIMIT: Duration = Duration::from_secs(60);

fn player(i: usize) -> TestUser {
    TestUser::new(300_000_000_000_000_500 + i as u64, &format!("player{i}"))
}

/// One `akon bot` in HTTP mode, listening on `port`.
fn start_process(fake: &FakeDiscord, dir: &Path, url: &str, port: u16) -> KilledOnDrop {
    let addr = format!("127.0.0.1:{port}");
    let key = fake::public_key_hex();
    crate::support::spawn_bot_with(
        fake,
        dir,
        url,
        None,
        Some(&port.to_string()),
        &[
            ("AKON_INTERACTIONS_ADDR", addr.as_str()),
            ("DISCORD_PUBLIC_KEY", key.as_str()),
            ("AKON_SCHEDULER_SECONDS", "1"),
        ],
    )
}

/// Waits until the process on `port` answers its `/healthz`.
async fn wait_healthy(port: u16) {
    let deadline = Instant::now() + Duration::from_secs(60);
    let url = format!("http://127.0.0.1:{port}/healthz");
    while !reqwest::get(&url).await.is_ok_and(|r| r.status().is_success()) {
        assert!(Instant::now() < deadline, "the process on {port} never came up");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Waits up to `limit` for a live board of `game` at `ply`.
async fn board_at(fake: &FakeDiscord, game: i64, ply: i64, limit: Duration) -> Value {
    let deadline = Instant::now() + limit;
    loop {
        let found = fake.channel_messages(CHANNEL_ID).into_iter().find(|m| {
            let buttons = hole_buttons(m);
            !buttons.is_empty() && game_of(m) == game && ply_of(m) == ply
        });
        if let Some(board) = found {
            return board;
        }
        assert!(
            Instant::now() < deadline,
            "no board of game {game} at ply {ply} within {limit:?}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

fn game_of(board: &Value) -> i64 {
    let (id, _, _) = &hole_buttons(board)[0];
    id.split(':').nth(2).unwrap().parse().unwrap()
}

/// Waits for the answer to `ix`, and checks it came within the limit.
async fn answered(fake: &FakeDiscord, ix: &fake::Interaction, sent: Instant) -> fake::EndpointAnswer {
    let answer = fake.endpoint_answer(ix).await;
    let took = sent.elapsed();
    assert_eq!(
        answer.status,
        200,
        "`{}` got {}: {}",
        ix.label,
        answer.status,
        String::from_utf8_lossy(&answer.body)
    );
    assert!(took < ANSWER_LIMIT, "`{}` answered after {took:?}", ix.label);
    answer
}

/// A game between `players` challenged and accepted through the
/// balancer; its first board.
async fn new_game(fake: &FakeDiscord, players: &[TestUser; 2]) -> Value {
    let options = vec![("opponent", 6, json!(players[1].id.to_string()))];
    let sent = Instant::now();
    let ix = fake.slash(&players[0], "akon", "challenge", options).await;
    answered(fake, &ix, sent).await;
    let challenge = fake.response(&ix).await;
    let accept = button_with_label(&challenge, "Accept");
    let sent = Instant::now();
    let ix = fake.click(&players[1], fake::message_id(&challenge), &accept).await;
    answered(fake, &ix, sent).await;
    let deadline = Instant::now() + BOARD_LIMIT;
    loop {
        let board = fake.channel_messages(CHANNEL_ID).into_iter().find(|m| {
            !hole_buttons(m).is_empty()
                && ply_of(m) == 0
                && players.iter().all(|p| fake::content(m).contains(&p.mention()))
        });
        if let Some(board) = board {
            return board;
        }
        assert!(Instant::now() < deadline, "no first board for {players:?}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Plays `MOVES_PER_GAME` greedy moves on `board`, each press posted
/// through the balancer and then posted again (a copy, as a retry is);
/// the moves acknowledged, as the moves table numbers them (ply from 1,
/// hole).
async fn play(
    fake: FakeDiscord,
    players: [TestUser; 2],
    mut board: Value,
    acknowledged: Arc<AtomicUsize>,
) -> (i64, Vec<(i64, u8)>) {
    let first = match user_to_move(&board, &players) == players[0] {
        true => Seat::A,
        false => Seat::B,
    };
    let game_id = game_of(&board);
    let mut game = Game::opening(first);
    let mut moves = Vec::new();
    for ply in 0..MOVES_PER_GAME as i64 {
        let mover = user_to_move(&board, &players);
        let hole = greedy(&game);
        let custom_id = hole_button_id(&board, hole);
        let sent = Instant::now();
        let ix = fake.click(&mover, fake::message_id(&board), &custom_id).await;
        let first = answered(&fake, &ix, sent).await;
        moves.push((ply + 1, hole.number()));
        acknowledged.fetch_add(1, Ordering::SeqCst);
        let sent = Instant::now();
        let copy = fake.post_again(&ix, None).await;
        assert!(
            sent.elapsed() < ANSWER_LIMIT,
            "a copy answered after {:?}",
            sent.elapsed()
        );
        assert_eq!(copy.status, 200, "{}", String::from_utf8_lossy(&copy.body));
        assert_eq!(copy.body, first.body, "a copy of `{}` got another answer", ix.label);
        game.play(hole).unwrap();
        if game.is_over() {
            break;
        }
        board = board_at(&fake, game_id, ply + 1, BOARD_LIMIT).await;
    }
    (game_id, moves)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL and HAProxy: apt-get install haproxy; AKON_TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres cargo test -- --include-ignored"]
async fn presses_through_the_balancer_survive_processes_killed_mid_stream() {
    db::run(Backend::Postgres, killed_mid_stream()).await
}

async fn killed_mid_stream() {
    let fake = FakeDiscord::start().await;
    let players: Vec<TestUser> = (0..GAMES * 2).map(player).collect();
    for user in &players {
        fake.add_user(user);
    }
    let dir = tempfile::tempdir().unwrap();
    let db = TestDb::create(dir.path(), "unused").await;
    // Fixed ports: HAProxy's configuration names them, and each process
    // killed is started again on its own.
    let ports: Vec<u16> = (0..3).map(|_| free_port()).collect();
    let mut processes: Vec<KilledOnDrop> = ports
        .iter()
        .map(|&port| start_process(&fake, dir.path(), &db.url, port))
        .collect();
    for &port in &ports {
        wait_healthy(port).await;
    }
    let front = free_port();
    let balancer = Balancer::start(front, &ports);
    balancer.wait_up(Duration::from_secs(10)).await;
    fake.set_interactions_endpoint(&balancer.interactions_url());

    let mut boards = Vec::new();
    for pair in players.chunks(2) {
        let pair = [pair[0].clone(), pair[1].clone()];
        let board = new_game(&fake, &pair).await;
        boards.push((pair, board));
    }
    let acknowledged = Arc::new(AtomicUsize::new(0));
    let games: Vec<_> = boards
        .into_iter()
        .map(|(pair, board)| tokio::spawn(play(fake.clone(), pair, board, acknowledged.clone())))
        .collect();
    // Each process in turn is killed in the middle of the stream of
    // presses and started again on its port.
    for (victim, at) in KILLS_AT.into_iter().enumerate() {
        let deadline = Instant::now() + Duration::from_secs(120);
        while acknowledged.load(Ordering::SeqCst) < at {
            assert!(Instant::now() < deadline, "the presses stopped before {at}");
            assert!(
                !games.iter().all(|g| g.is_finished()),
                "the games ended before {at} presses"
            );
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        processes[victim].kill().expect("SIGKILL");
        processes[victim].wait().unwrap();
        processes[victim] = start_process(&fake, dir.path(), &db.url, ports[victim]);
    }
    let mut played = BTreeMap::new();
    for game in games {
        let (id, moves) = game.await.expect("a game's presses were all answered");
        played.insert(id, moves);
    }
    assert!(
        acknowledged.load(Ordering::SeqCst) > KILLS_AT[2],
        "the last kill came mid-stream"
    );

    // The moves stored are exactly those acknowledged, once each.
    let mut connection = db.connect().await;
    let stored: Vec<(i64, i64, i64)> = sqlx::query_as("SELECT game_id, ply, hole FROM moves ORDER BY game_id, ply")
        .fetch_all(&mut connection)
        .await
        .unwrap();
    let mut stored_by_game: BTreeMap<i64, Vec<(i64, u8)>> = BTreeMap::new();
    for (game, ply, hole) in stored {
        stored_by_game.entry(game).or_default().push((ply, hole as u8));
    }
    assert_eq!(
        stored_by_game, played,
        "the moves table against the acknowledged presses"
    );
    // Every first answer went back in an HTTP response: none by REST, so
    // none was given twice.
    let by_rest: Vec<_> = fake
        .requests()
        .into_iter()
        .filter(|r| r.path.ends_with("/callback"))
        .collect();
    assert!(by_rest.is_empty(), "answered by REST too: {by_rest:#?}");
    drop(balancer);
    for mut process in processes {
        process.kill().unwrap();
        process.wait().unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_process_in_http_mode_is_healthy_on_its_metrics_port_without_a_gateway() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let key = fake::public_key_hex();
    let mut process = crate::support::spawn_bot_with(
        &fake,
        dir.path(),
        "sqlite:bot.db",
        None,
        Some("metrics"),
        &[
            ("AKON_INTERACTIONS_ADDR", "127.0.0.1:0"),
            ("DISCORD_PUBLIC_KEY", key.as_str()),
            ("AKON_METRICS_ADDR", "127.0.0.1:0"),
        ],
    );
    let log = dir.path().join("bot-metrics.log");
    let limit = Duration::from_secs(60);
    let metrics_addr = crate::support::wait_logged_address(&log, "serving /healthz and /metrics", limit).await;
    let addr = crate::support::wait_logged_address(&log, "taking interactions over HTTP", limit).await;
    wait_healthy(addr.port()).await;
    let answer = reqwest::get(format!("http://{metrics_addr}/healthz")).await.unwrap();
    let status = answer.status().as_u16();
    let body = answer.text().await.unwrap();
    process.kill().unwrap();
    process.wait().unwrap();
    assert_eq!((status, body.as_str()), (200, "ok\n"));
}

/// The advisory lock a held press waits for (see [`hold_presses`]).
const HOLD: i64 = 4242;

/// Makes each press wait, as its answer is kept for copies (the last step
/// before its commit), until `holder` lets go of the advisory lock
/// [`HOLD`]: the press then has claimed and moved, and committed nothing.
async fn hold_presses(db: &TestDb, holder: &mut sqlx::AnyConnection) {
    let mut connection = db.connect().await;
    for statement in [
        format!(
            "CREATE FUNCTION hold_answer() RETURNS trigger LANGUAGE plpgsql AS
             $$ BEGIN PERFORM pg_advisory_xact_lock({HOLD}); RETURN NEW; END $$"
        ),
        "CREATE TRIGGER hold_answer BEFORE UPDATE ON interaction_answers FOR EACH ROW
         WHEN (OLD.answer IS NULL AND NEW.answer IS NOT NULL) EXECUTE FUNCTION hold_answer()"
            .to_string(),
    ] {
        sqlx::raw_sql(&statement).execute(&mut connection).await.unwrap();
    }
    sqlx::raw_sql(&format!("SELECT pg_advisory_lock({HOLD})"))
        .execute(holder)
        .await
        .unwrap();
}

/// Waits until `count` connections of the database wait for a lock of
/// kind `event` (`advisory`: a held press; `transactionid`: a statement
/// waiting for another transaction to end).
async fn waiting_on(db: &TestDb, event: &str, count: i64) {
    let mut connection = db.connect().await;
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let waiting: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM pg_stat_activity
             WHERE datname = current_database() AND wait_event_type = 'Lock' AND wait_event = $1",
        )
        .bind(event)
        .fetch_one(&mut connection)
        .await
        .unwrap();
        if waiting >= count {
            return;
        }
        assert!(Instant::now() < deadline, "never {count} waiting on {event}");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// Two processes in HTTP mode on one PostgreSQL database, the fake
/// Discord posting interactions to the first, and a game begun between
/// two players through it.
struct TwoProcesses {
    fake: FakeDiscord,
    players: [TestUser; 2],
    dir: tempfile::TempDir,
    db: TestDb,
    ports: [u16; 2],
    processes: Vec<KilledOnDrop>,
    /// The game's first board.
    board: Value,
}

impl TwoProcesses {
    async fn with_a_game() -> TwoProcesses {
        let fake = FakeDiscord::start().await;
        let players = [player(0), player(1)];
        for user in &players {
            fake.add_user(user);
        }
        let dir = tempfile::tempdir().unwrap();
        let db = TestDb::create(dir.path(), "unused").await;
        let ports = [free_port(), free_port()];
        let processes: Vec<KilledOnDrop> = ports
            .iter()
            .map(|&port| start_process(&fake, dir.path(), &db.url, port))
            .collect();
        for &port in &ports {
            wait_healthy(port).await;
        }
        fake.set_interactions_endpoint(&format!("http://127.0.0.1:{}/interactions", ports[0]));
        let board = new_game(&fake, &players).await;
        TwoProcesses {
            fake,
            players,
            dir,
            db,
            ports,
            processes,
            board,
        }
    }
}

/// Answers kept for copies, as committed.
async fn answers_kept(db: &TestDb) -> i64 {
    let mut connection = db.connect().await;
    sqlx::query_scalar("SELECT COUNT(*) FROM interaction_answers WHERE answer IS NOT NULL")
        .fetch_one(&mut connection)
        .await
        .unwrap()
}

/// A proxy in front of the process on `target` that passes requests on
/// and swallows what comes back: a network that loses the answer on its
/// way to Discord. Its port.
async fn answer_swallowing_proxy(target: u16) -> u16 {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(async move {
        while let Ok((client, _)) = listener.accept().await {
            tokio::spawn(async move {
                let Ok(server) = tokio::net::TcpStream::connect(("127.0.0.1", target)).await else {
                    return;
                };
                let (mut from_client, _to_client) = client.into_split();
                let (mut from_server, mut to_server) = server.into_split();
                let swallowed =
                    tokio::spawn(async move { tokio::io::copy(&mut from_server, &mut tokio::io::sink()).await });
                let _ = tokio::io::copy(&mut from_client, &mut to_server).await;
                let _ = swallowed.await;
            });
        }
    });
    port
}

async fn moves_stored(db: &TestDb) -> i64 {
    let mut connection = db.connect().await;
    sqlx::query_scalar("SELECT COUNT(*) FROM moves")
        .fetch_one(&mut connection)
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: AKON_TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres cargo test -- --include-ignored"]
async fn a_move_killed_between_its_commit_and_its_answer_gets_the_new_board_on_retry() {
    db::run(Backend::Postgres, killed_between_commit_and_answer()).await
}

async fn killed_between_commit_and_answer() {
    let TwoProcesses {
        fake,
        players,
        dir: _dir,
        db,
        ports,
        mut processes,
        board,
    } = TwoProcesses::with_a_game().await;
    let endpoint = |port: u16| format!("http://127.0.0.1:{port}/interactions");
    let game_id = game_of(&board);
    let mover = user_to_move(&board, &players);
    let (hole, _, _) = hole_buttons(&board).into_iter().find(|(_, _, on)| *on).unwrap();

    // The first process commits the move with its answer, which is lost
    // on its way back; then the process is killed (SIGKILL).
    let lossy = answer_swallowing_proxy(ports[0]).await;
    fake.set_interactions_endpoint(&endpoint(lossy));
    // The challenge's and the acceptance's answers are kept too.
    let answers_before = answers_kept(&db).await;
    let ix = fake.click(&mover, fake::message_id(&board), &hole).await;
    let deadline = Instant::now() + Duration::from_secs(30);
    while answers_kept(&db).await == answers_before {
        assert!(Instant::now() < deadline, "the answer was never kept");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(moves_stored(&db).await, 1, "the move is committed with its answer");
    processes[0].kill().expect("SIGKILL");
    processes[0].wait().unwrap();

    // Discord's retry reaches the other process: the answer kept with the
    // move, in time.
    fake.set_interactions_endpoint(&endpoint(ports[1]));
    let sent = Instant::now();
    let retried = fake.post_again(&ix, None).await;
    let took = sent.elapsed();
    assert_eq!(retried.status, 200, "{}", String::from_utf8_lossy(&retried.body));
    assert!(took < ANSWER_LIMIT, "answered after {took:?}");
    let answer: Value = serde_json::from_slice(&retried.body).unwrap();
    assert!(
        !fake::content(&answer["data"]).contains("earlier move"),
        "refused as stale: {answer}"
    );
    assert_eq!(answer["type"], 7, "the pressed board is updated: {answer}");
    assert_eq!(
        answer["data"]["components"],
        json!([]),
        "its buttons are gone: {answer}"
    );
    let new_board = board_at(&fake, game_id, 1, BOARD_LIMIT).await;
    assert_eq!(moves_stored(&db).await, 1, "applied once");
    let boards_at_one = fake
        .channel_messages(CHANNEL_ID)
        .into_iter()
        .filter(|m| !hole_buttons(m).is_empty() && ply_of(m) == 1)
        .count();
    assert_eq!(boards_at_one, 1, "the new board is posted once");

    // Play goes on from it.
    let next = user_to_move(&new_board, &players);
    let (hole, _, _) = hole_buttons(&new_board).into_iter().find(|(_, _, on)| *on).unwrap();
    let sent = Instant::now();
    let ix = fake.click(&next, fake::message_id(&new_board), &hole).await;
    answered(&fake, &ix, sent).await;
    board_at(&fake, game_id, 2, BOARD_LIMIT).await;
    assert_eq!(moves_stored(&db).await, 2);
    processes[1].kill().unwrap();
    processes[1].wait().unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: AKON_TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres cargo test -- --include-ignored"]
async fn a_press_commits_once_with_its_answer_and_a_copy_meanwhile_gets_the_same_bytes() {
    db::run(Backend::Postgres, commits_once_with_its_answer()).await
}

async fn commits_once_with_its_answer() {
    let TwoProcesses {
        fake,
        players,
        dir: _dir,
        db,
        ports,
        mut processes,
        board,
    } = TwoProcesses::with_a_game().await;
    let endpoint = |port: u16| format!("http://127.0.0.1:{port}/interactions");
    let game_id = game_of(&board);
    let mover = user_to_move(&board, &players);
    let (hole, _, _) = hole_buttons(&board).into_iter().find(|(_, _, on)| *on).unwrap();
    let moves_before = moves_stored(&db).await;
    let answers_before = answers_kept(&db).await;

    // The press is held just before its commit: it has claimed the
    // interaction, moved and rendered its answer, and none of it shows.
    let mut holder = db.connect().await;
    hold_presses(&db, &mut holder).await;
    let sent = Instant::now();
    let ix = fake.click(&mover, fake::message_id(&board), &hole).await;
    waiting_on(&db, "advisory", 1).await;
    assert_eq!(
        moves_stored(&db).await,
        moves_before,
        "nothing is committed before the answer"
    );
    assert_eq!(answers_kept(&db).await, answers_before);

    // A copy reaches the other process meanwhile: its claim waits for the
    // first press's transaction.
    let copy = {
        let fake = fake.clone();
        let ix = ix.clone();
        let url = endpoint(ports[1]);
        tokio::spawn(async move { fake.post_again(&ix, Some(&url)).await })
    };
    waiting_on(&db, "transactionid", 1).await;
    sqlx::raw_sql(&format!("SELECT pg_advisory_unlock({HOLD})"))
        .execute(&mut holder)
        .await
        .unwrap();

    let first = answered(&fake, &ix, sent).await;
    let copy = copy.await.unwrap();
    assert_eq!(copy.status, 200, "{}", String::from_utf8_lossy(&copy.body));
    assert_eq!(copy.body, first.body, "the copy gets the first answer, byte for byte");
    let answer: Value = serde_json::from_slice(&first.body).unwrap();
    assert_eq!(answer["type"], 7, "the pressed board is updated: {answer}");
    assert_eq!(moves_stored(&db).await, moves_before + 1, "one move");
    assert_eq!(answers_kept(&db).await, answers_before + 1);
    board_at(&fake, game_id, 1, BOARD_LIMIT).await;
    for process in &mut processes {
        process.kill().unwrap();
        process.wait().unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: AKON_TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres cargo test -- --include-ignored"]
async fn a_copy_reaching_a_process_whose_presses_are_all_held_gets_the_first_answer() {
    db::run(Backend::Postgres, copy_while_every_slot_is_held()).await
}

/// How many presses a process handles at once on PostgreSQL, each holding
/// one of its 8 pooled connections for its transaction, 2 left over.
const PRESSES_AT_ONCE: i64 = 6;

async fn copy_while_every_slot_is_held() {
    let TwoProcesses {
        fake,
        players,
        dir: _dir,
        db,
        ports,
        mut processes,
        board,
    } = TwoProcesses::with_a_game().await;
    let endpoint = |port: u16| format!("http://127.0.0.1:{port}/interactions");
    let mover = user_to_move(&board, &players);
    let (hole, _, _) = hole_buttons(&board).into_iter().find(|(_, _, on)| *on).unwrap();
    let sent = Instant::now();
    let ix = fake.click(&mover, fake::message_id(&board), &hole).await;
    let first = answered(&fake, &ix, sent).await;
    let moves_after = moves_stored(&db).await;

    // The other process gets presses of the old board, each refused and
    // held before its answer is kept, until it has no slot left.
    let mut holder = db.connect().await;
    hold_presses(&db, &mut holder).await;
    fake.set_interactions_endpoint(&endpoint(ports[1]));
    for _ in 0..PRESSES_AT_ONCE {
        fake.click_unchecked(&mover, fake::message_id(&board), &hole).await;
    }
    waiting_on(&db, "advisory", PRESSES_AT_ONCE).await;

    let copy = fake.post_again(&ix, Some(&endpoint(ports[1]))).await;
    let still_held = waiting_count(&db, "advisory").await;
    assert_eq!(
        still_held, PRESSES_AT_ONCE,
        "no press let its slot go while the copy was answered, so the copy had none"
    );
    assert_eq!(copy.status, 200, "{}", String::from_utf8_lossy(&copy.body));
    assert_eq!(copy.body, first.body, "the copy gets the first answer, byte for byte");
    sqlx::raw_sql(&format!("SELECT pg_advisory_unlock({HOLD})"))
        .execute(&mut holder)
        .await
        .unwrap();
    assert_eq!(moves_stored(&db).await, moves_after, "nothing applied twice");
    for process in &mut processes {
        process.kill().unwrap();
        process.wait().unwrap();
    }
}

/// How many connections of the database wait for a lock of kind `event`.
async fn waiting_count(db: &TestDb, event: &str) -> i64 {
    let mut connection = db.connect().await;
    sqlx::query_scalar(
        "SELECT COUNT(*) FROM pg_stat_activity
         WHERE datname = current_database() AND wait_event_type = 'Lock' AND wait_event = $1",
    )
    .bind(event)
    .fetch_one(&mut connection)
    .await
    .unwrap()
}
