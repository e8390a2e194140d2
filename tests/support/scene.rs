//! The bot under test, running on a fake Discord, a database (a SQLite file
//! or a PostgreSQL database: see `db.rs`) and a clock the tests move: what
//! every end-to-end test file drives.

use std::sync::Arc;
use std::time::Duration;

use akon::discord::{
    client_builder, serve_interactions, BotHandle, DiscordSettings, InteractionsServer, InteractionsSettings,
};
use akon::engine::{Game, Hole, Seat};
use akon::service::{ManualClock, Service, ServiceConfig};
use akon::store::Store;
use serde_json::{json, Value};
use serenity::gateway::ShardManager;

use super::db::TestDb;
use super::fake_discord::{self as fake, FakeDiscord, Interaction, TestUser, CHANNEL_ID};

/// The seed of the bot's random draws (who moves first), so that every run
/// of a test plays the same games.
pub const SEED: u64 = 13;

/// The clock's start: any fixed time.
pub const T0: i64 = 1_800_000_000;

pub fn alice() -> TestUser {
    TestUser::new(300_000_000_000_000_001, "alice")
}
pub fn bob() -> TestUser {
    TestUser::new(300_000_000_000_000_002, "bob")
}
pub fn carol() -> TestUser {
    TestUser::new(300_000_000_000_000_003, "carol")
}

pub fn dave() -> TestUser {
    TestUser::new(300_000_000_000_000_004, "dave")
}

pub struct RunningBot {
    /// The store the bot runs on (the same connections).
    store: Store,
    mode: Mode,
    handle: BotHandle,
}

/// How the bot under test takes interactions.
enum Mode {
    Gateway {
        shards: Arc<ShardManager>,
        task: tokio::task::JoinHandle<()>,
        trap: fake::UnknownEventTrap,
    },
    Http(InteractionsServer),
}

/// A fake Discord, a database and a clock, with the bot running on them.
pub struct Scene {
    pub fake: FakeDiscord,
    pub db: TestDb,
    _dir: tempfile::TempDir,
    pub clock: ManualClock,
    pub config: ServiceConfig,
    /// Register the commands in the test server (as with DISCORD_GUILD_ID) rather than globally.
    pub guild_commands: bool,
    /// The web pages' public address (as with AKON_WEB_BASE_URL): boards link their pages.
    pub web_base_url: Option<String>,
    /// The Discord Activity is on (as with AKON_ACTIVITY=on): Play live buttons, the Entry Point command.
    pub activity: bool,
    /// Interactions come over HTTP (AKON_INTERACTIONS_ADDR), not the gateway.
    pub over_http: bool,
    bot: Option<RunningBot>,
}

impl Scene {
    pub async fn new() -> Scene {
        Scene::with_config(ServiceConfig::default()).await
    }

    /// A scene whose bot takes interactions over HTTP, signed by the fake.
    pub async fn over_http() -> Scene {
        Scene::starting(ServiceConfig::default(), true).await
    }

    pub async fn with_config(config: ServiceConfig) -> Scene {
        Scene::starting(config, false).await
    }

    /// [`Scene::over_http`] with this configuration.
    pub async fn over_http_with_config(config: ServiceConfig) -> Scene {
        Scene::starting(config, true).await
    }

    async fn starting(config: ServiceConfig, over_http: bool) -> Scene {
        let fake = FakeDiscord::start().await;
        for user in [alice(), bob(), carol(), dave()] {
            fake.add_user(&user);
        }
        let dir = tempfile::tempdir().unwrap();
        let db = TestDb::create(dir.path(), "akon.db").await;
        let mut scene = Scene {
            fake,
            db,
            _dir: dir,
            clock: ManualClock::starting_at(T0),
            config,
            guild_commands: false,
            web_base_url: None,
            activity: false,
            over_http,
            bot: None,
        };
        scene.start_bot().await;
        scene
    }

    pub async fn start_bot(&mut self) {
        let guild = self.guild_commands.then_some(fake::GUILD_ID);
        let web = (self.web_base_url.clone(), self.activity);
        let how = (guild, web, self.over_http);
        self.bot = Some(start_bot(&self.fake, &self.db.url, &self.clock, &self.config, how).await);
    }

    /// Where the bot takes interactions over HTTP.
    pub fn endpoint_url(&self) -> String {
        match self.bot.as_ref().map(|bot| &bot.mode) {
            Some(Mode::Http(server)) => format!("http://{}/interactions", server.addr()),
            _ => panic!("the bot does not take interactions over HTTP"),
        }
    }

    /// Stops the bot as a restart would: the client shuts down, the
    /// database stays.
    pub async fn stop_bot(&mut self) {
        let bot = self.bot.take().expect("the bot is running");
        bot.handle.stop_scheduler();
        match bot.mode {
            Mode::Gateway { shards, task, trap } => {
                shards.shutdown_all().await;
                bot.handle.wait_idle(Duration::from_secs(5)).await;
                let _ = tokio::time::timeout(Duration::from_secs(10), task).await;
                self.fake.wait_disconnected().await;
                trap.assert_none();
            }
            Mode::Http(server) => {
                server.stop().await;
                bot.handle.wait_idle(Duration::from_secs(5)).await;
            }
        }
    }

    pub async fn finish(mut self) {
        if self.bot.is_some() {
            self.stop_bot().await;
        }
        let failed: Vec<_> = self.fake.unhandled_requests();
        assert!(
            failed.is_empty(),
            "the bot made requests the fake has no route for: {failed:#?}"
        );
    }

    pub async fn slash(&self, user: &TestUser, sub: &str, options: Vec<(&str, u8, Value)>) -> Value {
        let sent = std::time::Instant::now();
        let ix = self.fake.slash(user, "akon", sub, options).await;
        self.answered_in_time(&ix, sent).await;
        let response = self.fake.response(&ix).await;
        self.settle().await;
        response
    }

    pub async fn click(&self, user: &TestUser, message_id: u64, custom_id: &str) -> (Interaction, Value) {
        let sent = std::time::Instant::now();
        let ix = self.fake.click(user, message_id, custom_id).await;
        self.answered_in_time(&ix, sent).await;
        let response = self.fake.response(&ix).await;
        self.settle().await;
        (ix, response)
    }

    /// A press of a button the message no longer shows, or never did: a
    /// stale client or a forged request.
    pub async fn click_unchecked(&self, user: &TestUser, message_id: u64, custom_id: &str) -> Value {
        let ix = self.fake.click_unchecked(user, message_id, custom_id).await;
        self.fake.response(&ix).await
    }

    /// Presses a button that updates its own message, and returns it.
    pub async fn click_updating(&self, user: &TestUser, message_id: u64, custom_id: &str) -> Value {
        let (ix, response) = self.click(user, message_id, custom_id).await;
        assert_eq!(self.fake.callback_type(&ix).await, 7, "expected an update: {response}");
        assert_eq!(fake::message_id(&response), message_id);
        response
    }

    /// Presses a button that updates its own message and makes the bot
    /// post a new board (a channel message); returns that board.
    pub async fn click_expecting_board(&self, user: &TestUser, message_id: u64, custom_id: &str) -> Value {
        let before = self.newest_message_id();
        let (ix, response) = self.click(user, message_id, custom_id).await;
        assert_eq!(
            self.fake.callback_type(&ix).await,
            7,
            "expected an update of the pressed message: {response}"
        );
        self.boards_since(before, 1).await.remove(0)
    }

    /// The id of the newest message the fake holds (0 if none).
    pub fn newest_message_id(&self) -> u64 {
        self.fake.all_messages().iter().map(fake::message_id).max().unwrap_or(0)
    }

    /// Waits until the scheduler has marked the challenge shown in message
    /// `message_id` expired and taken its buttons off.
    pub async fn challenge_marked_expired(&self, message_id: u64) {
        self.fake
            .wait_until("the challenge marked expired", |v| {
                v.message(message_id)
                    .is_some_and(|m| fake::content(m).contains("expired") && fake::buttons(m).is_empty())
            })
            .await;
    }

    /// Waits for at least `count` boards posted after message `after`, and
    /// returns every such board, oldest first.
    pub async fn boards_since(&self, after: u64, count: usize) -> Vec<Value> {
        let boards = boards_after(&self.fake, after, count).await;
        self.settle().await;
        boards
    }

    /// Discord shows "This interaction failed" when the first answer takes
    /// more than 3 seconds.
    pub async fn answered_in_time(&self, ix: &Interaction, sent: std::time::Instant) {
        self.fake.callback_type(ix).await;
        let took = sent.elapsed();
        assert!(took < Duration::from_secs(3), "`{}` answered after {took:?}", ix.label);
    }

    /// Waits until the bot has finished handling every interaction sent.
    pub async fn settle(&self) {
        self.bot
            .as_ref()
            .expect("the bot is running")
            .handle
            .wait_idle(Duration::from_secs(10))
            .await;
    }

    /// Waits until the bot's scheduler has made `count` more passes (one
    /// every 50 ms here): what those passes would send or retry has been
    /// sent or retried, so a check that nothing more came can follow.
    pub async fn scheduler_passes(&self, count: u64) {
        let done = self
            .bot
            .as_ref()
            .expect("the bot is running")
            .handle
            .wait_scheduler_passes(count, Duration::from_secs(10))
            .await;
        assert!(done, "the scheduler did not make {count} passes in 10 s");
    }

    /// The database, as `DATABASE_URL` would name it.
    pub fn store_url(&self) -> &str {
        &self.db.url
    }

    /// The store the running bot uses: its very connections, so that a
    /// drill on it ([`Store::limit_writes`]) holds the bot back.
    pub fn bot_store(&self) -> &Store {
        &self.bot.as_ref().expect("the bot is running").store
    }

    /// Another store on the bot's database, as a second process would open.
    pub async fn store(&self) -> Store {
        Store::open(&self.db.url).await.unwrap()
    }

    /// `/akon challenge opponent:@opponent` from `challenger`; the answer.
    pub async fn challenge(&self, challenger: &TestUser, opponent: &TestUser) -> Value {
        self.slash(
            challenger,
            "challenge",
            vec![("opponent", 6, json!(opponent.id.to_string()))],
        )
        .await
    }

    pub async fn challenge_accepted(&self, challenger: &TestUser, opponent: &TestUser) -> Value {
        let challenge = self.challenge(challenger, opponent).await;
        let accept = button_with_label(&challenge, "Accept");
        self.click_expecting_board(opponent, fake::message_id(&challenge), &accept)
            .await
    }
    /// A game `winner` wins because `loser` resigns by command; the final board.
    pub async fn resigned(&self, winner: &TestUser, loser: &TestUser) -> Value {
        self.challenge_accepted(winner, loser).await;
        let board = self.slash(loser, "resign", vec![]).await;
        assert!(
            fake::content(&board).contains(&format!("{} wins", winner.mention())),
            "{board}"
        );
        board
    }

    /// The service on the same database, as a second process would use it.
    /// Plays `moves` moves (or to the end, with `None`) from `board` by
    /// pressing the hole buttons greedy play picks; the last board and the
    /// game as replayed here.
    pub async fn play_greedily(
        &self,
        mut board: Value,
        players: &[TestUser; 2],
        moves: Option<usize>,
    ) -> (Value, Game) {
        let first = if user_to_move(&board, players) == players[0] {
            Seat::A
        } else {
            Seat::B
        };
        let mut game = Game::opening(first);
        let mut played = 0;
        while !game.is_over() && moves.is_none_or(|m| played < m) {
            let mover = user_to_move(&board, players);
            let hole = greedy(&game);
            let custom_id = hole_button_id(&board, hole);
            board = self
                .click_expecting_board(&mover, fake::message_id(&board), &custom_id)
                .await;
            game.play(hole).unwrap();
            played += 1;
            assert!(played < 1000, "the game should have ended");
        }
        (board, game)
    }

    /// Over HTTP: `mover` presses `hole` (a move's `custom_id`) on `board`,
    /// and the press reaches a process that claims it, stores the move and
    /// dies before answering: its claim and its move stay in the database.
    /// The interaction, for the test to deliver again.
    pub async fn press_played_by_a_process_that_died(
        &self,
        mover: &TestUser,
        board: &Value,
        hole: &str,
    ) -> Interaction {
        let dead = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let dead_url = format!("http://{}/interactions", dead.local_addr().unwrap());
        drop(dead);
        self.fake.set_interactions_endpoint(&dead_url);
        let ix = self.fake.click(mover, fake::message_id(board), hole).await;
        assert_eq!(self.fake.endpoint_answer(&ix).await.status, 0, "nobody answered");
        let dead_process = self.service().await;
        assert_eq!(
            dead_process.claim_interaction(ix.id).await.unwrap(),
            akon::service::InteractionClaim::Claimed
        );
        let Ok(akon::discord::ButtonId::Move { game, ply, hole }) = hole.parse() else {
            panic!("{hole} is a move's button");
        };
        let player = akon::service::Player {
            id: mover.id,
            name: mover.name.clone(),
            is_bot: false,
        };
        dead_process
            .play(akon::service::MovePress {
                message_id: Some(fake::message_id(board)),
                ..akon::service::MovePress::new(game, ply, hole, &player)
            })
            .await
            .unwrap();
        ix
    }

    pub async fn service(&self) -> Service {
        let store = self.store().await;
        Service::new(store, self.config.clone(), Arc::new(self.clock.clone())).seeded(SEED)
    }
}

async fn start_bot(
    fake: &FakeDiscord,
    db: &str,
    clock: &ManualClock,
    config: &ServiceConfig,
    (guild_id, (web_base_url, activity), over_http): (Option<u64>, (Option<String>, bool), bool),
) -> RunningBot {
    let store = Store::open(db).await.unwrap();
    let service = Service::new(store.clone(), config.clone(), Arc::new(clock.clone())).seeded(SEED);
    let settings = DiscordSettings {
        token: fake::TOKEN.to_string(),
        guild_id,
        proxy_url: Some(fake.api_base()),
        scheduler_every: Duration::from_millis(50),
        shards: akon::discord::ShardPlan::Recommended,
        web_base_url,
        activity,
    };
    if over_http {
        let (server, handle) = start_endpoint(fake, &settings, service).await;
        return RunningBot {
            store,
            mode: Mode::Http(server),
            handle,
        };
    }
    let trap = fake::UnknownEventTrap::default();
    let (builder, handle) = client_builder(&settings, service);
    let mut client = builder.raw_event_handler(trap.clone()).await.unwrap();
    let shards = client.shard_manager.clone();
    let task = tokio::spawn(async move {
        client.start().await.unwrap();
    });
    fake.wait_ready().await;
    RunningBot {
        store,
        mode: Mode::Gateway { shards, task, trap },
        handle,
    }
}

/// Starts taking interactions over HTTP on a port of 127.0.0.1, tells the
/// fake to post them there, and waits for the command to be registered.
pub async fn start_endpoint(
    fake: &FakeDiscord,
    settings: &DiscordSettings,
    service: Service,
) -> (InteractionsServer, BotHandle) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let key = fake::public_key_hex();
    let verifier = serenity::interactions_endpoint::Verifier::new(&key);
    let interactions = InteractionsSettings { verifier };
    let (server, handle) = serve_interactions(settings, &interactions, service, listener)
        .await
        .unwrap();
    fake.set_interactions_endpoint(&format!("http://{}/interactions", server.addr()));
    fake.wait_for("the command registered", |v| v.commands_registered().then_some(()))
        .await;
    (server, handle)
}

/// Waits for at least `count` boards (messages whose text is a game's
/// board) posted after message `after`; returns them all, oldest first.
pub async fn boards_after(fake: &FakeDiscord, after: u64, count: usize) -> Vec<Value> {
    fake.wait_for(&format!("{count} board(s) after message {after}"), |v| {
        let boards: Vec<Value> = v
            .messages()
            .into_iter()
            .filter(|m| fake::message_id(m) > after && !fake::is_ephemeral(m) && is_board(m))
            .cloned()
            .collect();
        (boards.len() >= count).then_some(boards)
    })
    .await
}

/// Whether a message is a game's board (a live one, a past one or a final
/// one), in any language: its title, then the board's holes, in the text
/// or in the description of its picture.
pub fn is_board(message: &Value) -> bool {
    let content = fake::content(message);
    (content.starts_with("**Akon** · ") || content.contains("\n**Akon** · "))
        && (content.contains(" A1 A2 A3 A4 A5 A6 A7")
            || picture_description(message).is_some_and(|d| d.contains(" A1 A2 A3 A4 A5 A6 A7")))
}

/// The description of a message's one attachment, if it has exactly one.
pub fn picture_description(message: &Value) -> Option<&str> {
    match message["attachments"].as_array().map(Vec::as_slice) {
        Some([attachment]) => attachment["description"].as_str(),
        _ => None,
    }
}

pub fn button_with_label(message: &Value, label: &str) -> String {
    fake::buttons(message)
        .into_iter()
        .find(|b| b["label"] == label)
        .and_then(|b| b["custom_id"].as_str().map(String::from))
        .unwrap_or_else(|| panic!("no `{label}` button on {message}"))
}

/// The move buttons of a board: (custom_id, hole, enabled).
pub fn hole_buttons(message: &Value) -> Vec<(String, u8, bool)> {
    fake::buttons(message)
        .into_iter()
        .filter_map(|b| {
            let id = b["custom_id"].as_str()?;
            id.starts_with("akon:move:").then(|| {
                let hole = b["label"].as_str().unwrap().parse().unwrap();
                (id.to_string(), hole, !b["disabled"].as_bool().unwrap_or(false))
            })
        })
        .collect()
}

/// The board drawn in a message: rows A and B (hole 1 first) and captures,
/// read from the text alone.
pub fn button_enabled(message: &Value, label: &str) -> bool {
    let id = button_with_label(message, label);
    !fake::find_component(message, &id).unwrap()["disabled"]
        .as_bool()
        .unwrap_or(false)
}

pub fn has_button(message: &Value, label: &str) -> bool {
    fake::buttons(message).iter().any(|b| b["label"] == label)
}

pub fn user_to_move(message: &Value, players: &[TestUser]) -> TestUser {
    let content = fake::content(message);
    players
        .iter()
        .find(|p| content.contains(&format!("{}, your turn", p.mention())))
        .cloned()
        .unwrap_or_else(|| panic!("no player to move named in {content}"))
}

/// A quick opponent for scripted games: captures most now.
pub fn greedy(game: &Game) -> Hole {
    game.legal_moves()
        .iter()
        .max_by_key(|&h| {
            let mut p = *game.position();
            (p.play_unchecked(h).captured, std::cmp::Reverse(h))
        })
        .unwrap()
}

/// The `custom_id` of `hole`'s button on `board`.
pub fn hole_button_id(board: &Value, hole: Hole) -> String {
    hole_buttons(board)
        .into_iter()
        .find(|(_, h, _)| *h == hole.number())
        .map(|(custom_id, _, _)| custom_id)
        .unwrap_or_else(|| panic!("no button for hole {hole} on {board}"))
}

pub fn ephemeral_text(response: &Value) -> String {
    assert!(
        fake::is_ephemeral(response),
        "expected a private answer, got {response}"
    );
    fake::content(response).to_string()
}

/// Messages in the test channel that still carry move buttons.
pub fn live_boards(fake: &FakeDiscord) -> Vec<Value> {
    fake.channel_messages(CHANNEL_ID)
        .into_iter()
        .filter(|m| !hole_buttons(m).is_empty())
        .collect()
}

/// The ply a board's move buttons are for.
pub fn ply_of(board: &Value) -> i64 {
    let (id, _, _) = &hole_buttons(board)[0];
    id.split(':').nth(3).unwrap().parse().unwrap()
}
