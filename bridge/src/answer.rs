//! The JSON the bridge answers with: `{"ok": ...}` or `{"error": ...}`.

use std::ffi::{CString, c_char};

use lockwork::format::LoadError;
use lockwork::play::{Hint, NotKnown, RestoreError, Session, StepError, Stuck};
use lockwork::rules::InvalidLevel;
use serde_json::{Map, Value, json};

/// What a function of the bridge answers before it is made text.
pub(crate) type Answer = Result<Value, Failure>;

/// Why a call failed: `{"kind": ..., "message": ..., ...fields}` in the
/// answer's `error`.
///
/// # Examples
///
/// ```
/// use lockwork_bridge::Failure;
/// let failure = Failure::new("bad_json", "the step is not valid");
/// assert_eq!(failure.to_json()["kind"], "bad_json");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Failure {
    fields: Map<String, Value>,
}

impl Failure {
    /// A failure of `kind` (snake case, for a game to branch on) with an
    /// English `message`.
    pub fn new(kind: &str, message: &str) -> Self {
        let mut fields = Map::new();
        fields.insert("kind".into(), kind.into());
        fields.insert("message".into(), message.into());
        Self { fields }
    }

    /// The same, with one more field.
    #[must_use]
    pub fn with(mut self, field: &str, value: Value) -> Self {
        self.fields.insert(field.into(), value);
        self
    }

    /// The failure as the JSON object of an answer's `error`.
    pub fn to_json(&self) -> Value {
        Value::Object(self.fields.clone())
    }
}

impl From<LoadError> for Failure {
    fn from(e: LoadError) -> Self {
        Self::new("load", &e.to_string())
    }
}

impl From<InvalidLevel> for Failure {
    fn from(e: InvalidLevel) -> Self {
        Self::new("invalid_level", &e.to_string())
    }
}

impl From<StepError> for Failure {
    fn from(e: StepError) -> Self {
        match &e {
            StepError::Illegal(why) => {
                Self::new("illegal", &e.to_string()).with("reason", json!(why))
            }
            StepError::Solved => Self::new("solved", &e.to_string()),
        }
    }
}

impl From<NotKnown> for Failure {
    fn from(e: NotKnown) -> Self {
        Self::new("not_known", &e.to_string()).with("states", json!(e.states))
    }
}

impl From<RestoreError> for Failure {
    fn from(e: RestoreError) -> Self {
        let kind = match e {
            RestoreError::OtherLevel { .. } => "other_level",
            _ => "restore",
        };
        Self::new(kind, &e.to_string())
    }
}

/// `result` as a C string for the caller to free.
pub(crate) fn to_c(result: Answer) -> *mut c_char {
    let value = match result {
        Ok(ok) => json!({ "ok": ok }),
        Err(failure) => json!({ "error": failure.to_json() }),
    };
    // JSON text escapes NUL inside strings, so it holds none.
    let text = CString::new(value.to_string()).unwrap_or_default();
    text.into_raw()
}

/// The state of play of `session` by id (`lockwork::play::PlayView`),
/// with whether the player is stuck.
pub(crate) fn state_json(session: &Session) -> Value {
    let mut state = json!(session.view());
    let stuck = match session.is_stuck() {
        Ok(stuck) => stuck.map_or(Value::Null, stuck_json),
        Err(_) => Value::Null,
    };
    if let Value::Object(fields) = &mut state {
        fields.insert("stuck".into(), stuck);
    }
    state
}

/// A dead end: the step that lost the goal and why.
/// A dead end as the core gives it: the step after which the goal was out
/// of reach, the structured finding (`why`: rooms, point of no return,
/// what was spent, the doors in the way with what each needs against
/// what is held) and a default sentence.
pub(crate) fn stuck_json(stuck: &Stuck) -> Value {
    serde_json::to_value(stuck).unwrap_or_else(|e| json!({ "reason": e.to_string() }))
}

/// The next step, solved, stuck or not known, as one value.
pub(crate) fn hint_json(session: &Session) -> Value {
    match session.hint() {
        Hint::Step(step) => {
            let words = session.guide().level().step_title(&step);
            json!({ "hint": "step", "step": step, "words": words })
        }
        Hint::Solved => json!({ "hint": "solved" }),
        Hint::Stuck(stuck) => json!({ "hint": "stuck", "stuck": stuck_json(&stuck) }),
        Hint::NotKnown(e) => json!({ "hint": "not_known", "states": e.states }),
    }
}
