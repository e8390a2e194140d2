//! Seasons on the store and the service over both backends: a month's
//! board by rating gained, its minimum of games, where the caller stands,
//! and the month before once a new one starts.

use akon::service::{Clock, Month, Player, Scope, Season, SeasonCaller, ServiceConfig};

use crate::support::service_fixture;

use service_fixture::{fixture_with, place, player, Fixture, GUILD};

const DAY: i64 = 24 * 3600;

async fn fixture() -> Fixture {
    fixture_with(ServiceConfig {
        leaderboard_min_games: 2,
        max_ongoing_games: 100,
        ..Default::default()
    })
    .await
}

async fn resigned(f: &Fixture, winner: &Player, loser: &Player) {
    let challenge = f.service.challenge(place(GUILD), winner, loser).await.unwrap();
    let game = f.service.accept(challenge.id, loser).await.unwrap().id;
    f.service.resign(game, loser).await.unwrap();
}

/// What `user`'s rating changes in `scope` sum to, read from their history.
async fn gained(f: &Fixture, user: &Player, scope: Scope) -> f64 {
    let changes = f.store.rating_changes(user.id, scope, 100).await.unwrap();
    changes.iter().map(|c| c.rating_after - c.rating_before).sum()
}

on_both_backends!(#[tokio::test] fn a_months_board_ranks_by_rating_gained_and_the_next_month_starts_empty);
async fn a_months_board_ranks_by_rating_gained_and_the_next_month_starts_empty() {
    let f = fixture().await;
    let (ada, bo, cy, dee) = (player(1, "ada"), player(2, "bo"), player(3, "cy"), player(4, "dee"));
    let month = Season::ThisMonth.month(f.clock.now()).unwrap();
    // Keep every game inside the month the fixture starts in.
    assert_eq!(Month::of(f.clock.now() + 3600), month);
    resigned(&f, &ada, &bo).await;
    resigned(&f, &ada, &dee).await;
    resigned(&f, &bo, &dee).await;
    resigned(&f, &cy, &bo).await;
    let board = f
        .service
        .season_board(Scope::Server(GUILD), month, cy.id)
        .await
        .unwrap();
    let names: Vec<&str> = board.rows.iter().map(|s| s.name.as_str()).collect();
    // cy has one game of the two needed; dee lost both, bo won one of three.
    assert_eq!(names, ["ada", "bo", "dee"], "{board:?}");
    assert_eq!(board.listed, 3);
    for row in &board.rows {
        let who = player(row.user_id, &row.name);
        assert!((row.rating_change - gained(&f, &who, Scope::Server(GUILD)).await).abs() < 1e-9);
    }
    let ada_row = &board.rows[0];
    assert_eq!(
        (ada_row.rank, ada_row.games, ada_row.wins, ada_row.losses),
        (1, 2, 2, 0)
    );
    assert!(ada_row.rating_change > 0.0 && board.rows[2].rating_change < 0.0);
    assert_eq!(board.caller, SeasonCaller::TooFewGames { games: 1, needed: 2 });
    let global = f.service.season_board(Scope::Global, month, dee.id).await.unwrap();
    assert_eq!(global.rows.len(), 3);
    assert_eq!(global.caller, SeasonCaller::OnPage);

    // The next month: last month's board is as it was, this one is empty.
    let mut days = 0;
    while Season::ThisMonth.month(f.clock.now()) == Some(month) {
        f.clock.advance(DAY);
        days += 1;
        assert!(days <= 31);
    }
    let last = Season::LastMonth.month(f.clock.now()).unwrap();
    assert_eq!(last, month);
    let again = f.service.season_board(Scope::Server(GUILD), last, cy.id).await.unwrap();
    assert_eq!(again, board);
    let now = Season::ThisMonth.month(f.clock.now()).unwrap();
    resigned(&f, &dee, &ada).await;
    let fresh = f.service.season_board(Scope::Server(GUILD), now, ada.id).await.unwrap();
    assert_eq!((fresh.listed, fresh.rows.len()), (0, 0));
    assert_eq!(fresh.caller, SeasonCaller::TooFewGames { games: 1, needed: 2 });
    let unplayed = f.service.season_board(Scope::Server(GUILD), now, cy.id).await.unwrap();
    assert_eq!(unplayed.caller, SeasonCaller::Unplayed);
    // A listed player beyond the top ten is told their place.
    let others: Vec<Player> = (10..22).map(|i| player(i, &format!("p{i}"))).collect();
    for pair in others.chunks(2) {
        resigned(&f, &pair[0], &pair[1]).await;
        resigned(&f, &pair[0], &pair[1]).await;
    }
    resigned(&f, &ada, &dee).await;
    let board = f.service.season_board(Scope::Server(GUILD), now, ada.id).await.unwrap();
    assert_eq!(board.listed, 14);
    assert_eq!(board.rows.len(), 10);
    match &board.caller {
        SeasonCaller::OnPage => assert!(board.rows.iter().any(|s| s.user_id == ada.id)),
        SeasonCaller::Listed(me) => {
            assert!(me.rank > 10 && me.rank <= 14 && me.games == 2, "{me:?}");
        }
        other => panic!("{other:?}"),
    }
}

/// The statement of the migration that brought seasons which filled them
/// from the rating history already there, as `backend`'s twin writes it.
fn backfill_statement(backend: akon::store::Backend) -> String {
    let dir = match backend {
        akon::store::Backend::Sqlite => "sqlite",
        akon::store::Backend::Postgres => "postgres",
    };
    let path = format!(
        "{}/migrations/{dir}/20261210000001_ratings_seasons.sql",
        env!("CARGO_MANIFEST_DIR")
    );
    let migration = std::fs::read_to_string(&path).unwrap();
    let start = migration.find("INSERT INTO season_ratings").expect("the backfill");
    let end = start + migration[start..].find(';').expect("its end");
    migration[start..=end].to_string()
}

/// Every row of `season_ratings`, in a fixed order.
async fn season_rows(f: &Fixture) -> Vec<(i64, i64, i64, f64, i64, i64, i64, i64)> {
    let mut db = f.db.connect().await;
    sqlx::query_as(
        "SELECT scope, month, user_id, rating_change, games, wins, losses, draws \
         FROM season_ratings ORDER BY scope, month, user_id",
    )
    .fetch_all(&mut db)
    .await
    .unwrap()
}

// A database that had rated games before seasons existed got its seasons
// from the migration: its statement, run on the history that games over
// two months and two scopes wrote, gives back the rows those games wrote.
on_both_backends!(#[tokio::test] fn the_migrations_backfill_of_seasons_gives_the_rows_the_games_wrote);
async fn the_migrations_backfill_of_seasons_gives_the_rows_the_games_wrote() {
    let f = fixture().await;
    let (ada, bo, cy) = (player(1, "ada"), player(2, "bo"), player(3, "cy"));
    resigned(&f, &ada, &bo).await;
    resigned(&f, &bo, &cy).await;
    f.clock.advance(40 * DAY);
    resigned(&f, &cy, &ada).await;
    resigned(&f, &ada, &bo).await;
    let written = season_rows(&f).await;
    let months: std::collections::BTreeSet<i64> = written.iter().map(|row| row.1).collect();
    let scopes: std::collections::BTreeSet<i64> = written.iter().map(|row| row.0).collect();
    assert!(months.len() == 2 && scopes.len() == 2, "{written:?}");

    let mut db = f.db.connect().await;
    sqlx::query("DELETE FROM season_ratings")
        .execute(&mut db)
        .await
        .unwrap();
    sqlx::raw_sql(&backfill_statement(crate::support::db::backend()))
        .execute(&mut db)
        .await
        .unwrap();
    let backfilled = season_rows(&f).await;
    assert_eq!(backfilled.len(), written.len(), "{backfilled:?}\n{written:?}");
    for (back, live) in backfilled.iter().zip(&written) {
        assert_eq!(
            (back.0, back.1, back.2, back.4, back.5, back.6, back.7),
            (live.0, live.1, live.2, live.4, live.5, live.6, live.7)
        );
        assert!((back.3 - live.3).abs() < 1e-9, "{back:?} {live:?}");
    }
}
