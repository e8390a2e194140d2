//! Following a game: the Follow and Unfollow buttons (privately answered),
//! and the scheduler's DMs to followers.

use serenity::all::{ComponentInteraction, CreateInteractionResponse};

use super::asker::Asker;
use super::context::Context;
use super::render::{self, Reply};
use super::{logged_by_the_store, response, Answered, Bot, Call};
use crate::service::{FollowNews, ServiceError};

/// The most news one scheduler pass sends; the rest wait for the next.
const NEWS_PER_PASS: i64 = 200;

impl Bot {
    /// Follow under a board: answered privately, with Unfollow.
    pub(super) async fn follow_button(&self, call: Call<'_, ComponentInteraction>, game: i64) -> Answered {
        let mine = call.languages.private;
        let followed = self.service.follow(game, call.user, call.place, false).await;
        self.answer_privately(
            call,
            followed.map(|followed| render::follows::followed(mine, &followed)),
            "follow",
        )
        .await
    }

    /// Unfollow, under the answer to a follow.
    pub(super) async fn unfollow_button(&self, call: Call<'_, ComponentInteraction>, game: i64) -> Answered {
        let (ctx, press, mine) = (call.ctx, call.interaction, call.languages.private);
        match self.service.unfollow(game, call.user).await {
            Ok(_) => {
                let update = response(&render::follows::unfollowed(mine, game));
                Asker::Button(press)
                    .respond(ctx, CreateInteractionResponse::UpdateMessage(update))
                    .await
            }
            Err(error) => self.refuse(ctx, Asker::Button(press), mine, &error, "unfollow").await,
        }
    }

    /// `reply` to the presser alone, or the refusal.
    async fn answer_privately(
        &self,
        call: Call<'_, ComponentInteraction>,
        reply: Result<Reply, ServiceError>,
        action: &str,
    ) -> Answered {
        let (ctx, press, mine) = (call.ctx, call.interaction, call.languages.private);
        match reply {
            Ok(reply) => {
                let message = response(&reply).ephemeral(true);
                Asker::Button(press)
                    .respond(ctx, CreateInteractionResponse::Message(message))
                    .await
            }
            Err(error) => self.refuse(ctx, Asker::Button(press), mine, &error, action).await,
        }
    }

    /// Every scheduler tick: the DMs followers are owed, each marked told
    /// once sent, or once Discord refuses it for good (DMs closed). Sent
    /// with a nonce of the game, follower and move, so that two processes
    /// sending the same news show it once.
    pub(super) async fn send_follow_news(&self, ctx: &Context) {
        let owed = match self.service.follow_news(NEWS_PER_PASS).await {
            Ok(owed) => owed,
            Err(error) => {
                if !logged_by_the_store(&error) {
                    tracing::error!(%error, "cannot list what followers are owed");
                }
                return;
            }
        };
        for news in owed {
            match self.send_news(ctx, &news).await {
                Ok(()) => {}
                Err(error) if super::posting::RequestFailure::of(&error).is_for_good() => {
                    tracing::warn!(%error, game_id = news.view.id, user_id = news.follower, "a follower's DM is refused for good; giving it up");
                }
                Err(error) => {
                    tracing::warn!(%error, game_id = news.view.id, user_id = news.follower, "could not tell a follower; trying again later");
                    continue;
                }
            }
            if let Err(error) = self.service.follow_news_told(&news).await {
                tracing::error!(%error, game_id = news.view.id, "could not record a follower told");
            }
        }
    }

    async fn send_news(&self, ctx: &Context, news: &FollowNews) -> Answered {
        let language = self.user_language(news.follower).await;
        let ended = u8::from(news.view.finished.is_some());
        let nonce = format!(
            "f{}.{}.{}{}",
            news.view.id,
            news.follower % 1_000_000,
            news.view.ply(),
            ended
        );
        let message = render::follows::news(language, news).owed_message(nonce);
        self.direct_message(ctx, news.follower, message).await
    }
}
