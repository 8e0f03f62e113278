//! Why a level file could not be read or written.

use std::io;
use std::path::PathBuf;

use crate::validate::Problem;

/// Why a level could not be loaded. Each variant says what is wrong and where.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The file could not be read at all.
    #[error("cannot read {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        #[source]
        source: io::Error,
    },
    /// The input holds nothing but white space.
    #[error("the file is empty; a level file holds a JSON object")]
    Empty,
    /// The input is larger than any level should be.
    #[error("the file is {size} bytes, more than the {limit} bytes a level file may have")]
    TooLarge {
        /// Size of the input in bytes.
        size: u64,
        /// The limit in bytes.
        limit: u64,
    },
    /// The input is not UTF-8 text.
    #[error("the file is not UTF-8 text: invalid byte at offset {offset}")]
    NotUtf8 {
        /// Byte offset of the first invalid byte.
        offset: usize,
    },
    /// The input is not well-formed JSON.
    #[error("not valid JSON: {message} (line {line}, column {column})")]
    Json {
        /// What the JSON parser said.
        message: String,
        /// 1-based line of the problem.
        line: usize,
        /// 1-based column of the problem.
        column: usize,
    },
    /// An object in the file names one field twice. JSON leaves such a file
    /// to whoever reads it (`serde_json` keeps the last, other readers the
    /// first), so it is refused rather than read with one of the two lost.
    #[error(
        "\"{field}\" is given twice in one object (line {line}, column {column}): \
         a level file gives each field once; keep the one you mean"
    )]
    RepeatedField {
        /// The field's name.
        field: String,
        /// 1-based line of its second mention.
        line: usize,
        /// 1-based column of its second mention.
        column: usize,
    },
    /// The file says it was made by a newer Lockwork.
    #[error(
        "version {found} was made by a newer Lockwork: a file made by a newer version \
         cannot be read by this one, which reads version {}",
        super::VERSION
    )]
    NewerVersion {
        /// The version the file states.
        found: u64,
    },
    /// Well-formed JSON that breaks the format's rules; every problem found is listed.
    #[error("{}", summary(.0))]
    Invalid(Vec<Problem>),
}

fn summary(problems: &[Problem]) -> String {
    match problems {
        [] => "the level is not valid".to_owned(),
        [one] => one.to_string(),
        [first, rest @ ..] => {
            let more = rest.len();
            format!(
                "{first} (and {more} more problem{})",
                if more == 1 { "" } else { "s" }
            )
        }
    }
}

impl LoadError {
    /// Every problem this error stands for, one per line when printed.
    pub fn problems(&self) -> Vec<String> {
        match self {
            Self::Invalid(problems) => problems.iter().map(ToString::to_string).collect(),
            other => vec![other.to_string()],
        }
    }
}

/// Why a level could not be saved. A failed save leaves the old file as it was.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// Writing the temporary file, or renaming it over the target, failed.
    #[error("cannot save {path}: {source}")]
    Io {
        /// The file being saved.
        path: PathBuf,
        /// What the system said.
        #[source]
        source: io::Error,
    },
}
