use super::*;

/// What the recorder renders after `record` ran with it installed (for
/// this thread only, so tests do not share counts).
fn rendered(record: impl FnOnce()) -> String {
    let recorder = recorder();
    let handle = recorder.handle();
    metrics::with_local_recorder(&recorder, || {
        describe();
        record();
    });
    handle.render()
}

fn line<'a>(text: &'a str, start: &str) -> Option<&'a str> {
    text.lines().find(|l| l.starts_with(start))
}

fn value(text: &str, series: &str) -> f64 {
    let found = line(text, &format!("{series} ")).unwrap_or_else(|| panic!("no `{series}` in:\n{text}"));
    found[series.len()..].trim().parse().unwrap()
}

#[test]
fn every_unlabelled_metric_is_shown_from_the_start_with_its_help_and_type() {
    let text = rendered(|| {});
    for (name, kind) in [
        (OWED_PENDING, "gauge"),
        (OWED_DELIVERED, "counter"),
        (SCHEDULER_LAG, "gauge"),
        (SEARCHES_RUNNING, "gauge"),
    ] {
        assert!(line(&text, &format!("# HELP {name} ")).is_some(), "{name}:\n{text}");
        assert!(
            line(&text, &format!("# TYPE {name} {kind}")).is_some(),
            "{name}:\n{text}"
        );
        assert_eq!(value(&text, name), 0.0, "{name}");
    }
    assert_eq!(value(&text, &format!("{MOVES_APPLIED}{{by=\"player\"}}")), 0.0);
    assert_eq!(value(&text, &format!("{MOVES_APPLIED}{{by=\"computer\"}}")), 0.0);
    for what in OwedMessage::ALL {
        for name in [OWED_GIVEN_UP, OWED_RETRIED] {
            let series = format!("{name}{{what=\"{}\"}}", what.label());
            assert_eq!(value(&text, &series), 0.0, "{series}:\n{text}");
        }
    }
}

#[test]
fn given_up_and_retried_deliveries_count_by_kind() {
    let text = rendered(|| {
        owed_given_up(OwedMessage::Board);
        owed_given_up(OwedMessage::Board);
        owed_retried(OwedMessage::Notice);
    });
    assert_eq!(value(&text, &format!("{OWED_GIVEN_UP}{{what=\"board\"}}")), 2.0);
    assert_eq!(value(&text, &format!("{OWED_GIVEN_UP}{{what=\"notice\"}}")), 0.0);
    assert_eq!(value(&text, &format!("{OWED_RETRIED}{{what=\"notice\"}}")), 1.0);
}

#[test]
fn an_interaction_counts_by_kind_name_and_outcome_and_its_latency_lands_in_a_bucket() {
    let text = rendered(|| {
        record_interaction(
            InteractionKind::Button,
            "move",
            Outcome::Answered,
            Duration::from_millis(30),
        );
        record_interaction(
            InteractionKind::Button,
            "move",
            Outcome::Refused,
            Duration::from_millis(3),
        );
        record_interaction(
            InteractionKind::Command,
            "challenge",
            Outcome::Failed,
            Duration::from_secs(4),
        );
    });
    let count = |kind: &str, name: &str, outcome: &str| {
        value(
            &text,
            &format!("{INTERACTIONS}{{kind=\"{kind}\",name=\"{name}\",outcome=\"{outcome}\"}}"),
        )
    };
    assert_eq!(count("button", "move", "answered"), 1.0);
    assert_eq!(count("button", "move", "refused"), 1.0);
    assert_eq!(count("command", "challenge", "failed"), 1.0);
    assert!(
        line(&text, &format!("# TYPE {ANSWER_SECONDS} histogram")).is_some(),
        "{text}"
    );
    let bucket = |name: &str, le: &str| {
        value(
            &text,
            &format!("{ANSWER_SECONDS}_bucket{{kind=\"button\",name=\"{name}\",le=\"{le}\"}}"),
        )
    };
    assert_eq!(bucket("move", "0.005"), 1.0, "3 ms is under 5 ms");
    assert_eq!(bucket("move", "0.025"), 1.0, "30 ms is over 25 ms");
    assert_eq!(bucket("move", "0.05"), 2.0);
    assert_eq!(bucket("move", "+Inf"), 2.0);
    assert_eq!(
        value(
            &text,
            &format!("{ANSWER_SECONDS}_count{{kind=\"command\",name=\"challenge\"}}")
        ),
        1.0
    );
    let sum = value(&text, &format!("{ANSWER_SECONDS}_sum{{kind=\"button\",name=\"move\"}}"));
    assert!((sum - 0.033).abs() < 1e-9, "{sum}");
}

#[test]
fn moves_owed_messages_lag_searches_and_database_errors_are_recorded() {
    let text = rendered(|| {
        move_applied(MovedBy::Player);
        move_applied(MovedBy::Player);
        move_applied(MovedBy::Computer);
        owed_pending(3);
        owed_delivered();
        scheduler_lag(Duration::from_millis(250));
        let _first = search_started();
        {
            let _second = search_started();
        }
        database_error("recording a move");
    });
    assert_eq!(value(&text, &format!("{MOVES_APPLIED}{{by=\"player\"}}")), 2.0);
    assert_eq!(value(&text, &format!("{MOVES_APPLIED}{{by=\"computer\"}}")), 1.0);
    assert_eq!(value(&text, OWED_PENDING), 3.0);
    assert_eq!(value(&text, OWED_DELIVERED), 1.0);
    assert_eq!(value(&text, SCHEDULER_LAG), 0.25);
    assert_eq!(value(&text, SEARCHES_RUNNING), 0.0, "both guards were dropped");
    assert_eq!(
        value(&text, &format!("{DATABASE_ERRORS}{{doing=\"recording a move\"}}")),
        1.0
    );
}

#[test]
fn a_running_search_counts_until_its_guard_is_dropped() {
    let recorder = recorder();
    let handle = recorder.handle();
    let guard = metrics::with_local_recorder(&recorder, search_started);
    assert_eq!(value(&handle.render(), SEARCHES_RUNNING), 1.0);
    metrics::with_local_recorder(&recorder, || drop(guard));
    assert_eq!(value(&handle.render(), SEARCHES_RUNNING), 0.0);
}

#[tokio::test]
async fn the_worst_outcome_marked_inside_the_handler_wins() {
    let timer = InteractionTimer::start(InteractionKind::Command, "board");
    assert_eq!(timer.outcome(), Outcome::Answered);
    timer
        .scope(async {
            interaction_outcome(Outcome::Failed);
            interaction_outcome(Outcome::Refused);
        })
        .await;
    assert_eq!(timer.outcome(), Outcome::Failed);
}

#[tokio::test]
async fn an_outcome_outside_any_interaction_changes_nothing() {
    let timer = InteractionTimer::start(InteractionKind::Button, "move");
    interaction_outcome(Outcome::Failed);
    timer.scope(async {}).await;
    assert_eq!(timer.outcome(), Outcome::Answered);
    timer.mark(Outcome::Refused);
    assert_eq!(timer.outcome(), Outcome::Refused);
}

#[tokio::test]
async fn health_names_every_part_that_is_not_ready() {
    let health = Health::new();
    let why = health.check().await.unwrap_err();
    assert!(why.contains("gateway: not connected yet"), "{why}");
    assert!(why.contains("database: not open yet"), "{why}");
    health.set_gateway(Check::new(|| async { Ok(()) }));
    health.set_database(Check::new(|| async { Err("disk I/O error".to_string()) }));
    assert_eq!(health.check().await.unwrap_err(), "database: disk I/O error");
    health.set_database(Check::new(|| async { Ok(()) }));
    assert_eq!(health.check().await, Ok(()));
}

#[tokio::test]
async fn a_check_that_hangs_counts_as_unhealthy() {
    let health = Health::new();
    health.set_gateway(Check::new(|| async { Ok(()) }));
    health.set_database(Check::new(std::future::pending));
    let why = health.check().await.unwrap_err();
    assert!(why.starts_with("database: no answer within"), "{why}");
}

#[tokio::test]
async fn a_port_in_use_is_refused_with_one_clear_line() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap();
    let error = serve(addr).await.unwrap_err();
    assert!(matches!(error, ServeError::AddressInUse { .. }), "{error:?}");
    let text = error.to_string();
    assert!(
        text.contains(&addr.to_string()) && text.contains("already in use"),
        "{text}"
    );
    assert!(text.contains("AKON_METRICS_ADDR"), "{text}");
    assert_eq!(text.lines().count(), 1);
}
