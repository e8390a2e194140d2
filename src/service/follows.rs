//! Following a game one does not play in: told by DM when it ends (and at
//! every move if asked), from a press of **Follow** under a board or
//! `/akon follow`. A follow is asked where the game is played: a game of
//! another server or conversation cannot be followed from here.

use super::{GameView, Place, Player, Result, Service, ServiceError};
use crate::store::FollowerOwed;

/// A follow as it now stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Followed {
    pub game_id: i64,
    pub every_move: bool,
    /// How many follow the game now.
    pub followers: i64,
}

/// News a follower is owed: the game as it is, and whether it ended.
#[derive(Debug, Clone)]
pub struct FollowNews {
    pub follower: u64,
    pub view: GameView,
    /// The moves they had been told of.
    pub told_ply: i64,
}

impl Service {
    /// `user` follows `game_id`, asked in `place`: told of its end, and of
    /// every move if `every_move`.
    pub async fn follow(&self, game_id: i64, user: &Player, place: Place, every_move: bool) -> Result<Followed> {
        let view = self.game(game_id).await?;
        if view.seat_of(user.id).is_some() {
            return Err(ServiceError::FollowOwnGame);
        }
        if view.channel_id != place.channel_id && Some(view.guild_id) != place.guild_id {
            return Err(ServiceError::GameElsewhere);
        }
        if view.finished.is_some() {
            return Err(ServiceError::GameOver);
        }
        self.remember(user).await?;
        let followers = self
            .store
            .follow(game_id, user.id, every_move, view.ply(), self.now())
            .await?;
        Ok(Followed {
            game_id,
            every_move,
            followers,
        })
    }

    /// `user` stops following `game_id`; how many follow it after.
    pub async fn unfollow(&self, game_id: i64, user: &Player) -> Result<i64> {
        match self.store.unfollow(game_id, user.id).await? {
            (true, followers) => Ok(followers),
            (false, _) => Err(ServiceError::NotFollowing),
        }
    }

    /// The games `user_id` follows, newest first.
    pub async fn followed_games(&self, user_id: u64) -> Result<Vec<GameView>> {
        let mut games = Vec::new();
        for game_id in self.store.followed_games(user_id).await? {
            games.push(self.game(game_id).await?);
        }
        Ok(games)
    }

    /// Up to `limit` pieces of news followers are owed.
    pub async fn follow_news(&self, limit: i64) -> Result<Vec<FollowNews>> {
        let mut news = Vec::new();
        for FollowerOwed {
            game_id,
            user_id,
            told_ply,
            ..
        } in self.store.followers_owed(limit).await?
        {
            news.push(FollowNews {
                follower: user_id,
                view: self.game(game_id).await?,
                told_ply,
            });
        }
        Ok(news)
    }

    /// `news` was told (or refused for good): not owed again.
    pub async fn follow_news_told(&self, news: &FollowNews) -> Result<()> {
        let view = &news.view;
        Ok(self
            .store
            .follower_told(view.id, news.follower, view.ply(), view.finished.is_some())
            .await?)
    }
}
