//! End-to-end tests of Discord behaviour against the fake Discord in `tests/support`.

use std::sync::Arc;
use std::time::Duration;

use crate::support::fake_discord::{
    buttons, content, custom_ids, is_ephemeral, message_id, serenity_http, FakeDiscord, TestUser, UnknownEventTrap,
    CHANNEL_ID, GUILD_ID,
};
use serde_json::json;
use serenity::all::{
    ButtonStyle, Channel, ChannelId, ClientBuilder, Command, CommandInteraction, CommandOptionType,
    ComponentInteraction, Context, CreateActionRow, CreateAttachment, CreateButton, CreateCommand, CreateCommandOption,
    CreateInteractionResponse, CreateInteractionResponseFollowup, CreateInteractionResponseMessage, CreateMessage,
    EditInteractionResponse, EditMessage, EventHandler, GatewayIntents, GuildId, Http, HttpError, Interaction,
    InteractionId, Ready, ResolvedValue, ShardManager, UserId,
};

/// A minimal bot. `/ping go who:@user` answers (type 4) with two buttons; `ping:again` updates
/// the message (type 7), `ping:slow` acknowledges (type 6), then edits the message through
/// `PATCH @original` and sends an ephemeral followup. `/ping later` defers (type 5), fills the
/// placeholder and sends a followup.
struct PingBot {
    tag: &'static str,
}

fn buttons_row() -> Vec<CreateActionRow> {
    vec![CreateActionRow::Buttons(vec![
        CreateButton::new("ping:again")
            .label("Again")
            .style(ButtonStyle::Primary),
        CreateButton::new("ping:slow")
            .label("Slowly")
            .style(ButtonStyle::Secondary),
    ])]
}

impl PingBot {
    async fn on_command(&self, ctx: &Context, cmd: &CommandInteraction) -> serenity::Result<()> {
        let options = cmd.data.options();
        let Some(sub) = options.first() else {
            return Ok(());
        };
        if sub.name == "later" {
            cmd.defer(&ctx.http).await?;
            cmd.edit_response(
                &ctx.http,
                EditInteractionResponse::new().content(format!("{}: done later", self.tag)),
            )
            .await?;
            cmd.create_followup(
                &ctx.http,
                CreateInteractionResponseFollowup::new().content("and a followup"),
            )
            .await?;
            return Ok(());
        }
        let mut who = None;
        if let ResolvedValue::SubCommand(subs) = &sub.value {
            for opt in subs {
                if let ResolvedValue::User(user, member) = opt.value {
                    who = Some((user.id, user.name.clone(), member.is_some()));
                }
            }
        }
        let text = match who {
            Some((id, name, member)) => {
                format!(
                    "{}: pong <@{id}> name={name} member={member} by={}",
                    self.tag, cmd.user.id
                )
            }
            None => format!("{}: the user option was not resolved", self.tag),
        };
        let msg = CreateInteractionResponseMessage::new()
            .content(text)
            .components(buttons_row());
        cmd.create_response(&ctx.http, CreateInteractionResponse::Message(msg))
            .await
    }

    async fn on_click(&self, ctx: &Context, click: &ComponentInteraction) -> serenity::Result<()> {
        let text = format!("{}: {} pressed by {}", self.tag, click.data.custom_id, click.user.id);
        if click.data.custom_id == "ping:slow" {
            click.defer(&ctx.http).await?;
            click
                .edit_response(&ctx.http, EditInteractionResponse::new().content(text))
                .await?;
            let followup = CreateInteractionResponseFollowup::new()
                .content("only you see this")
                .ephemeral(true);
            click.create_followup(&ctx.http, followup).await?;
            return Ok(());
        }
        let msg = CreateInteractionResponseMessage::new()
            .content(text)
            .components(buttons_row());
        click
            .create_response(&ctx.http, CreateInteractionResponse::UpdateMessage(msg))
            .await
    }
}

#[serenity::async_trait]
impl EventHandler for PingBot {
    async fn ready(&self, ctx: Context, _ready: Ready) {
        let ping = CreateCommand::new("ping")
            .description("Ping someone")
            .add_option(
                CreateCommandOption::new(CommandOptionType::SubCommand, "go", "Ping a user").add_sub_option(
                    CreateCommandOption::new(CommandOptionType::User, "who", "Who to ping").required(true),
                ),
            )
            .add_option(CreateCommandOption::new(
                CommandOptionType::SubCommand,
                "later",
                "Answer later",
            ));
        if let Err(e) = Command::set_global_commands(&ctx.http, vec![ping]).await {
            eprintln!("{}: registering commands failed: {e:?}", self.tag);
        }
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        let result = match &interaction {
            Interaction::Command(cmd) => self.on_command(&ctx, cmd).await,
            Interaction::Component(click) => self.on_click(&ctx, click).await,
            _ => Ok(()),
        };
        if let Err(e) = result {
            eprintln!("{}: handling {:?} failed: {e:?}", self.tag, interaction.id());
        }
    }
}

/// A running serenity client: what a test needs to stop it or make raw REST calls.
struct RunningBot {
    shard_manager: Arc<ShardManager>,
    http: Arc<Http>,
    task: tokio::task::JoinHandle<()>,
}

impl RunningBot {
    async fn start(fake: &FakeDiscord, tag: &'static str, trap: &UnknownEventTrap) -> RunningBot {
        // Exactly as the recipe says: Http with proxy + ratelimiter disabled, new_with_http,
        // no `.token()`, `start()` (not autosharded).
        let mut client = ClientBuilder::new_with_http(serenity_http(fake), GatewayIntents::GUILDS)
            .event_handler(PingBot { tag })
            .raw_event_handler(trap.clone())
            .await
            .expect("build serenity client");
        let shard_manager = client.shard_manager.clone();
        let http = client.http.clone();
        let task = tokio::spawn(async move {
            if let Err(e) = client.start().await {
                eprintln!("{tag}: client stopped with error: {e:?}");
            }
        });
        RunningBot {
            shard_manager,
            http,
            task,
        }
    }

    async fn stop(self) {
        self.shard_manager.shutdown_all().await;
        tokio::time::timeout(Duration::from_secs(10), self.task)
            .await
            .expect("client.start() did not return after shutdown_all")
            .expect("client task panicked");
    }
}

fn discord_error_code(err: serenity::Error) -> isize {
    match err {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) => r.error.code,
        other => panic!("expected a Discord error response, got {other:?}"),
    }
}

// Once, on SQLite: it checks the fake Discord and the gateway, whatever the backend.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fake_discord_drives_a_real_serenity_client() {
    // 1 s heartbeats so the op 1 -> op 11 path is exercised within the test.
    let fake = FakeDiscord::start_with_heartbeat(1000).await;
    let trap = UnknownEventTrap::default();
    let alice = TestUser::new(300000000000000001, "alice");
    let bob = TestUser::new(300000000000000002, "bob");
    fake.add_user(&alice);
    fake.add_user(&bob);

    // --- first client -------------------------------------------------------------------
    let bot = RunningBot::start(&fake, "client-1", &trap).await;
    fake.wait_ready().await;
    let commands = fake.registered_commands();
    assert_eq!(commands.len(), 1, "{commands:?}");
    assert_eq!(commands[0]["name"], "ping");
    let identify = &fake.identify_payloads()[0];
    assert_eq!(
        identify["token"],
        format!("Bot {}", crate::support::fake_discord::TOKEN)
    );

    // slash command in the guild, with a resolved user option
    let ix = fake
        .slash(&alice, "ping", "go", vec![("who", 6, json!(bob.id.to_string()))])
        .await;
    let reply = fake.response(&ix).await;
    assert_eq!(fake.callback_type(&ix).await, 4);
    assert_eq!(
        content(&reply),
        format!("client-1: pong <@{}> name=bob member=true by={}", bob.id, alice.id)
    );
    assert_eq!(custom_ids(&reply), vec!["ping:again", "ping:slow"]);
    assert_eq!(buttons(&reply)[0]["label"], "Again");
    assert_eq!(reply["type"], 20);
    assert_eq!(reply["mentions"][0]["id"], bob.id.to_string());
    let reply_id = message_id(&reply);

    // a second callback for the same interaction is refused like on Discord (40060),
    // an unknown interaction gets 10062
    let again = bot
        .http
        .create_interaction_response(
            InteractionId::new(ix.id),
            &ix.token,
            &CreateInteractionResponse::Acknowledge,
            vec![],
        )
        .await
        .expect_err("double ack must fail");
    assert_eq!(discord_error_code(again), 40060);
    let unknown = bot
        .http
        .create_interaction_response(
            InteractionId::new(ix.id + 12345),
            &ix.token,
            &CreateInteractionResponse::Acknowledge,
            vec![],
        )
        .await
        .expect_err("unknown interaction must fail");
    assert_eq!(discord_error_code(unknown), 10062);

    // button press -> UPDATE_MESSAGE (type 7) edits the message in place
    let click = fake.click(&bob, reply_id, "ping:again").await;
    let updated = fake.response(&click).await;
    assert_eq!(fake.callback_type(&click).await, 7);
    assert_eq!(message_id(&updated), reply_id);
    assert_eq!(content(&updated), format!("client-1: ping:again pressed by {}", bob.id));
    assert_eq!(fake.channel_messages(CHANNEL_ID).len(), 1);

    // type 6 (DEFERRED_UPDATE) + PATCH @original edits the clicked message; ephemeral followup
    let slow = fake.click(&alice, reply_id, "ping:slow").await;
    let slowly = fake.response(&slow).await;
    assert_eq!(fake.callback_type(&slow).await, 6);
    assert_eq!(message_id(&slowly), reply_id);
    assert_eq!(content(&slowly), format!("client-1: ping:slow pressed by {}", alice.id));
    fake.wait_until("the ephemeral followup", |v| v.followups(&slow).len() == 1)
        .await;
    assert!(is_ephemeral(&fake.followups(&slow)[0]));
    assert_eq!(
        fake.channel_messages(CHANNEL_ID).len(),
        1,
        "ephemeral messages are not visible"
    );

    // type 5 (defer) -> PATCH @original fills the placeholder -> followup
    let later = fake.slash(&alice, "ping", "later", vec![]).await;
    let done = fake.response(&later).await;
    assert_eq!(fake.callback_type(&later).await, 5);
    assert_eq!(content(&done), "client-1: done later");
    fake.wait_until("the followup", |v| v.followups(&later).len() == 1)
        .await;
    assert_eq!(content(&fake.followups(&later)[0]), "and a followup");
    let visible: Vec<String> = fake
        .channel_messages(CHANNEL_ID)
        .iter()
        .map(|m| content(m).to_string())
        .collect();
    assert_eq!(visible.len(), 3, "{visible:?}");
    assert_eq!(visible[2], "and a followup");

    // the same command in a DM: top-level user, no member
    let dm = fake
        .slash_in_dm(&bob, "ping", "go", vec![("who", 6, json!(alice.id))])
        .await;
    let dm_reply = fake.response(&dm).await;
    assert!(
        content(&dm_reply).ends_with(&format!("member=false by={}", bob.id)),
        "{dm_reply}"
    );
    assert_eq!(fake.channel_messages(fake.dm_channel_id(&bob)).len(), 1);

    // plain REST calls round-trip through serenity's models
    let http = &bot.http;
    let channel = http.get_channel(ChannelId::new(CHANNEL_ID)).await.expect("GET channel");
    assert!(matches!(channel, Channel::Guild(_)), "{channel:?}");
    let dm_channel = UserId::new(bob.id)
        .create_dm_channel(http)
        .await
        .expect("create DM channel");
    assert_eq!(dm_channel.id.get(), fake.dm_channel_id(&bob));
    dm_channel.id.say(http, "psst").await.expect("send DM");
    assert_eq!(fake.channel_messages(fake.dm_channel_id(&bob)).len(), 2);
    let with_file = CreateMessage::new()
        .content(format!("board for <@{}>", alice.id))
        .add_file(CreateAttachment::bytes(b"not really a png".to_vec(), "board.png"));
    let sent = ChannelId::new(CHANNEL_ID)
        .send_message(http, with_file)
        .await
        .expect("send with file (multipart)");
    assert_eq!(sent.attachments[0].filename, "board.png");
    assert_eq!(
        fake.attachment_bytes(sent.attachments[0].id.get()).as_deref(),
        Some(&b"not really a png"[..])
    );
    assert_eq!(sent.mentions[0].id.get(), alice.id);
    let edited = ChannelId::new(CHANNEL_ID)
        .edit_message(http, sent.id, EditMessage::new().content("edited"))
        .await
        .expect("edit channel message");
    assert_eq!((edited.content.as_str(), edited.attachments.len()), ("edited", 1));
    ChannelId::new(CHANNEL_ID)
        .delete_message(http, sent.id)
        .await
        .expect("delete channel message");
    assert!(fake.message(sent.id.get()).is_none());
    http.get_current_application_info().await.expect("application info");
    assert_eq!(http.get_user(UserId::new(bob.id)).await.expect("GET user").name, "bob");
    let member = http
        .get_member(GuildId::new(GUILD_ID), UserId::new(bob.id))
        .await
        .expect("GET member");
    assert_eq!(member.user.id.get(), bob.id);

    // heartbeats are answered (otherwise the shard would reconnect: a second session)
    fake.wait_until("a heartbeat", |v| v.heartbeats() >= 1).await;
    assert_eq!(fake.sessions_opened(), 1);

    // --- restart: same fake, new client ---------------------------------------------------
    bot.stop().await;
    let bot2 = RunningBot::start(&fake, "client-2", &trap).await;
    fake.wait_ready().await;
    assert_eq!(fake.sessions_opened(), 2);

    // the old button still works and is handled by the new client
    let click2 = fake.click(&alice, reply_id, "ping:again").await;
    let updated2 = fake.response(&click2).await;
    assert_eq!(fake.callback_type(&click2).await, 7);
    assert_eq!(
        content(&updated2),
        format!("client-2: ping:again pressed by {}", alice.id)
    );
    assert_eq!(
        fake.message(reply_id).map(|m| content(&m).to_string()),
        Some(content(&updated2).to_string())
    );

    bot2.stop().await;
    fake.wait_disconnected().await;

    trap.assert_none();
    assert!(fake.unhandled_requests().is_empty(), "{:#?}", fake.unhandled_requests());
    // only the two deliberate errors above
    assert_eq!(fake.failed_requests().len(), 2, "{}", fake.dump());
}
