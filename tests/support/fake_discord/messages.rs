//! Readers of the message JSON the fake stores and returns.

use super::*;

/// A snowflake from JSON (string or number).
pub fn snowflake(v: &Value) -> Option<u64> {
    match v {
        Value::String(s) => s.parse().ok(),
        Value::Number(n) => n.as_u64(),
        _ => None,
    }
}

/// `message["id"]` as a number.
pub fn message_id(message: &Value) -> u64 {
    snowflake(&message["id"]).unwrap_or_else(|| panic!("not a message (no id): {message}"))
}

/// `message["content"]` (empty if missing).
pub fn content(message: &Value) -> &str {
    message["content"].as_str().unwrap_or("")
}

pub fn flags(message: &Value) -> u64 {
    message["flags"].as_u64().unwrap_or(0)
}

pub fn is_ephemeral(message: &Value) -> bool {
    flags(message) & FLAG_EPHEMERAL != 0
}

/// All components below the action rows (buttons, selects, ...), flattened, in order.
pub fn components(message: &Value) -> Vec<&Value> {
    fn walk<'a>(v: &'a Value, out: &mut Vec<&'a Value>) {
        if let Some(arr) = v.as_array() {
            for c in arr {
                if c["type"].as_u64() == Some(1) {
                    walk(&c["components"], out);
                } else {
                    out.push(c);
                    if c.get("components").is_some() {
                        walk(&c["components"], out);
                    }
                }
            }
        }
    }
    let mut out = Vec::new();
    walk(&message["components"], &mut out);
    out
}

/// All buttons (component type 2) of a message, in order.
pub fn buttons(message: &Value) -> Vec<&Value> {
    components(message)
        .into_iter()
        .filter(|c| c["type"].as_u64() == Some(2))
        .collect()
}

/// The custom ids of all components of a message, in order.
pub fn custom_ids(message: &Value) -> Vec<String> {
    components(message)
        .into_iter()
        .filter_map(|c| c["custom_id"].as_str().map(str::to_string))
        .collect()
}

/// The component with this custom id, if any.
pub fn find_component<'a>(message: &'a Value, custom_id: &str) -> Option<&'a Value> {
    components(message)
        .into_iter()
        .find(|c| c["custom_id"].as_str() == Some(custom_id))
}

pub(super) fn msg_channel(m: &Value) -> u64 {
    snowflake(&m["channel_id"]).unwrap_or(0)
}
