//! The registration as Discord sees it: its outline pinned, every word
//! given in every locale, and refusals naming options as the user saw them.

use super::*;

/// A refusal names an option as the user typed it: every option of the
/// registered command has its localised name there.
#[test]
fn refusals_name_options_by_their_localised_names() {
    let command = serde_json::to_value(akon_command()).unwrap();
    let mut checked = 0;
    // A group's subcommands' options, beside the subcommands' own.
    let subs: Vec<&serde_json::Value> = command["options"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|sub| match sub["type"].as_u64() {
            Some(2) => sub["options"].as_array().unwrap().iter().collect(),
            _ => vec![sub],
        })
        .collect();
    for sub in subs {
        for option in sub["options"].as_array().into_iter().flatten() {
            let name = option["name"].as_str().unwrap();
            for language in [Language::French, Language::Spanish, Language::Portuguese] {
                let locale = language.discord_locales()[0];
                assert_eq!(
                    option_name(language, name),
                    option["name_localizations"][locale].as_str().unwrap(),
                    "{language} {name}"
                );
            }
            assert_eq!(option_name(Language::English, name), name);
            checked += 1;
        }
    }
    assert!(checked >= 10, "{checked}");
    let refusal = CommandError::BadOption("time_per_move".into()).sentence(Language::French);
    assert_eq!(
        CommandError::BadOption("starts_at".into()).sentence(Language::English),
        "The option `starts_at` is malformed."
    );
    assert_eq!(refusal, "L'option `temps-par-coup` est mal formée.");
}

/// Options of one name share their localised name, which refusals use.
#[test]
fn options_of_one_name_have_one_localised_name() {
    let options = AkonCommand::options_all();
    for a in &options {
        for b in &options {
            if a.name() == b.name() {
                assert_eq!(a.name_key(), b.name_key(), "{}", a.name());
            }
        }
    }
}

/// Each option as `path type [required] [min=] [max=] [max_length=]
/// [choices=]`, in registration order.
fn skeleton(options: &serde_json::Value, prefix: &str, lines: &mut Vec<String>) {
    for option in options.as_array().into_iter().flatten() {
        let path = format!("{prefix}{}", option["name"].as_str().unwrap());
        let mut line = vec![path.clone(), option["type"].to_string()];
        if option["required"] == true {
            line.push("required".into());
        }
        for bound in ["min_value", "max_value", "max_length"] {
            if !option[bound].is_null() {
                line.push(format!("{}={}", bound.trim_end_matches("_value"), option[bound]));
            }
        }
        let choices: Vec<&str> = option["choices"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|choice| choice["value"].as_str().unwrap())
            .collect();
        if !choices.is_empty() {
            line.push(format!("choices={}", choices.join(",")));
        }
        lines.push(line.join(" "));
        skeleton(&option["options"], &format!("{path} "), lines);
    }
}

/// What Discord is told: the names, types, bounds, choices and order
/// of every option. Only the words come from the translations.
#[test]
fn the_registration_declares_every_option_in_order() {
    let command = serde_json::to_value(akon_command()).unwrap();
    let mut lines = Vec::new();
    skeleton(&command["options"], "", &mut lines);
    assert_eq!(lines.join("\n"), EXPECTED_SKELETON.trim_end());
}

/// Every name and description, of the command, its options and their
/// choices, is given in every locale the bot speaks.
#[test]
fn the_registration_is_worded_in_every_locale() {
    fn check(item: &serde_json::Value, what: &str, counted: &mut usize) {
        for field in ["name", "description"] {
            let Some(english) = item[field].as_str() else { continue };
            assert!(!english.is_empty(), "{what} {field}");
            if field == "name" && what == "akon" {
                continue;
            }
            for (_, locale) in other_languages() {
                let words = item[format!("{field}_localizations")][locale].as_str();
                assert!(words.is_some_and(|w| !w.is_empty()), "{what} {field} {locale}");
                *counted += 1;
            }
        }
        for child in ["options", "choices"] {
            for inner in item[child].as_array().into_iter().flatten() {
                check(inner, &format!("{what} {}", inner["name"]), counted);
            }
        }
    }
    let mut counted = 0;
    check(&serde_json::to_value(akon_command()).unwrap(), "akon", &mut counted);
    assert!(counted > 400, "{counted}");
}

const EXPECTED_SKELETON: &str = "\
challenge 1
challenge opponent 6 required
challenge level 3 choices=easy,medium,hard,master
challenge time_per_move 3 choices=10m,1h,1d,3d,7d
challenge time_control 3 choices=1+0,3+2,5+3,10+5,15+10,30+20
challenge rated 5
games 1
follow 1
follow game 4 required min=1
follow every_move 5
follow stop 5
board 1
board game 4 min=1
resign 1
resign game 4 min=1
abort 1
abort game 4 min=1
leaderboard 1
leaderboard scope 3 choices=server,global
leaderboard season 3 choices=this_month,last_month,all_time
stats 1
stats player 6
history 1
history player 6
game 1
game id 4 required min=1
settings 1
settings dm_reminders 5
settings reminders 3 choices=none,once,hour,daily
settings time_per_move 3 choices=10m,1h,1d,3d,7d
settings language 3 choices=discord,en,fr,es,pt
settings server_language 3 choices=discord,en,fr,es,pt
settings tournament_role 8
settings board_style 3 choices=text,picture,both
settings server_board_style 3 choices=text,picture,both
settings web_games 3 choices=on,off
settings web_leaderboard 3 choices=on,off
settings leaderboard_inactive_days 4 min=0 max=3650
settings season_channel 7
settings daily_puzzle_channel 7
settings daily_puzzle_hour 4 min=0 max=23
settings daily_puzzle 3 choices=on,off
settings game_threads 3 choices=on,off
vacation 1
vacation state 3 required choices=on,off
rules 1
review 1
review game 4 required min=1
puzzle 1
tournament 2
tournament create 1
tournament create name 3 required max_length=100
tournament create format 3 required choices=round_robin,double_round_robin,swiss,knockout,knockout_third_place
tournament create rounds 4 min=1 max=511
tournament create time_per_move 3 choices=10m,1h,1d,3d,7d
tournament create max_players 4 min=2 max=512
tournament create rated 5
tournament create starts_at 3 max_length=40
tournament create vacations 3 choices=on,off
tournament start 1
tournament start tournament 4 min=1
tournament cancel 1
tournament cancel tournament 4 min=1
tournament withdraw 1
tournament withdraw tournament 4 min=1
tournament standings 1
tournament standings tournament 4 min=1
tournament add_computer 1
tournament add_computer level 3 required choices=easy,medium,hard,master
tournament add_computer tournament 4 min=1
";
