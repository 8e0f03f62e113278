//! What the lists' tables share: the sort a click on a heading picks, the
//! rows' order made once per level revision and sort (a frame lays out
//! the rows in view and nothing else, so 10,000 keys stay smooth), and
//! the table itself on `egui_extras`.

use std::cmp::Ordering;
use std::sync::Arc;

use egui::{Button, Id, RichText, Sense, Ui};
use egui_extras::{Column, TableBuilder};

/// Height of the tallest a list grows before it scrolls on its own.
pub const LIST_HEIGHT: f32 = 280.0;

/// The problems list's: its rows wrap to several lines each, and four dead
/// ends of a small level did not fit in [`LIST_HEIGHT`] (the fourth hid
/// behind a scroll bar shown only on hover).
pub const PROBLEMS_HEIGHT: f32 = 480.0;

/// How a table is sorted: by one of its columns, either way, or in the
/// level's own order (`column` `None`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Sort {
    /// The column sorted by.
    pub column: Option<usize>,
    /// Largest first.
    pub descending: bool,
}

impl Sort {
    /// The sort after a click on `column`'s heading: by it, then the other
    /// way round.
    fn clicked(self, column: usize) -> Self {
        if self.column == Some(column) {
            Self {
                column: Some(column),
                descending: !self.descending,
            }
        } else {
            Self {
                column: Some(column),
                descending: false,
            }
        }
    }

    /// `ordering` the way this sort runs.
    pub fn apply(self, ordering: Ordering) -> Ordering {
        if self.descending {
            ordering.reverse()
        } else {
            ordering
        }
    }
}

/// The sort of the table `id`, as its headings last set it.
pub fn sort_of(ui: &Ui, id: Id) -> Sort {
    ui.data(|d| d.get_temp::<Sort>(id.with("sort")))
        .unwrap_or_default()
}

/// Table `id`'s sort, `natural` when no heading was clicked yet: a table
/// already in the order of one of its columns (the solution, by step) says
/// so, and its heading's first click turns the order round instead of
/// doing nothing to be seen.
pub fn sort_or(ui: &Ui, id: Id, natural: Sort) -> Sort {
    let sort = sort_of(ui, id);
    if sort.column.is_some() {
        return sort;
    }
    set_sort(ui, id, natural);
    natural
}

fn set_sort(ui: &Ui, id: Id, sort: Sort) {
    ui.data_mut(|d| d.insert_temp(id.with("sort"), sort));
}

/// Rows in the order shown, for the data and the sort they were made for.
struct Cached<T> {
    stamp: u64,
    sort: Sort,
    rows: Arc<T>,
}

impl<T> Clone for Cached<T> {
    fn clone(&self) -> Self {
        Self {
            stamp: self.stamp,
            sort: self.sort,
            rows: self.rows.clone(),
        }
    }
}

/// The rows of table `id` for `stamp` (what they were made from: the
/// level's revision, the solver's answer) and `sort`: made by `make` when
/// either changed, else the ones made before. Sorting 10,000 rows every
/// frame is what this saves.
pub fn cached<T: Send + Sync + 'static>(
    ui: &Ui,
    id: Id,
    stamp: u64,
    sort: Sort,
    make: impl FnOnce() -> T,
) -> Arc<T> {
    let key = id.with("rows");
    let old = ui.data(|d| d.get_temp::<Cached<T>>(key));
    if let Some(old) = old.filter(|c| c.stamp == stamp && c.sort == sort) {
        return old.rows;
    }
    let rows = Arc::new(make());
    let new = Cached {
        stamp,
        sort,
        rows: rows.clone(),
    };
    ui.data_mut(|d| d.insert_temp(key, new));
    rows
}

/// One heading of a table: a click sorts by it when it is `sortable`,
/// again the other way round; an arrow says which way.
fn heading(ui: &mut Ui, id: Id, sort: Sort, column: usize, (name, sortable): (&str, bool)) {
    if !sortable {
        ui.label(RichText::new(name).strong());
        return;
    }
    let arrow = match (sort.column == Some(column), sort.descending) {
        (true, false) => " ⏶",
        (true, true) => " ⏷",
        (false, _) => "",
    };
    let text = RichText::new(format!("{name}{arrow}")).strong();
    let button = Button::new(text).frame(false).truncate();
    if ui
        .add(button)
        .on_hover_text(format!("Sort by {}", name.to_lowercase()))
        .clicked()
    {
        set_sort(ui, id, sort.clicked(column));
    }
}

/// Height of a row of one line.
pub fn row_height(ui: &Ui) -> f32 {
    ui.spacing().interact_size.y + 2.0
}

/// A table `id` with these headings (name, sortable) over the width it is
/// given: a column per heading, `widths` wide at first (a share of the
/// width when under 1), the last one taking what is left, all
/// resizable; rows a click selects, scrolling of its own past
/// `max_height`, scrolled to row `scroll_to` when there is one.
pub fn table<'a>(
    ui: &'a mut Ui,
    id: Id,
    headings: &[(&str, bool)],
    widths: &[f32],
    max_height: f32,
    scroll_to: Option<usize>,
) -> egui_extras::Table<'a> {
    let sort = sort_of(ui, id);
    let height = row_height(ui);
    let available = ui.available_width();
    let mut builder = TableBuilder::new(ui)
        .id_salt(id)
        .striped(true)
        .resizable(true)
        .sense(Sense::click())
        .max_scroll_height(max_height)
        .auto_shrink([false, true]);
    if let Some(row) = scroll_to {
        builder = builder.scroll_to_row(row, Some(egui::Align::Center));
    }
    for (i, _) in headings.iter().enumerate() {
        builder = builder.column(match widths.get(i) {
            Some(&w) if i + 1 < headings.len() => {
                // A share of the width when under 1, else points.
                let w = if w < 1.0 { w * available } else { w };
                Column::initial(w).at_least(24.0).clip(true)
            }
            _ => Column::remainder().at_least(24.0).clip(true),
        });
    }
    builder.header(height, |mut header| {
        for (column, &head) in headings.iter().enumerate() {
            header.col(|ui| heading(ui, id, sort, column, head));
        }
    })
}

/// Compares two ids as a designer reads them: runs of digits by their
/// value, so that "k2" comes before "k10".
pub fn natural(a: &str, b: &str) -> Ordering {
    let (mut a, mut b) = (a.as_bytes(), b.as_bytes());
    loop {
        match (a.first(), b.first()) {
            (None, None) => return Ordering::Equal,
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(x), Some(y)) if x.is_ascii_digit() && y.is_ascii_digit() => {
                let (da, ra) = digits(a);
                let (db, rb) = digits(b);
                let (ta, tb) = (trim_zeros(da), trim_zeros(db));
                let by_value = ta.len().cmp(&tb.len()).then_with(|| ta.cmp(tb));
                if by_value != Ordering::Equal {
                    return by_value;
                }
                (a, b) = (ra, rb);
            }
            (Some(x), Some(y)) => {
                if x != y {
                    return x.cmp(y);
                }
                (a, b) = (&a[1..], &b[1..]);
            }
        }
    }
}

/// The leading digits of `s`, and the rest.
fn digits(s: &[u8]) -> (&[u8], &[u8]) {
    let n = s.iter().take_while(|c| c.is_ascii_digit()).count();
    s.split_at(n)
}

fn trim_zeros(s: &[u8]) -> &[u8] {
    let n = s.iter().take_while(|&&c| c == b'0').count();
    &s[n.min(s.len().saturating_sub(1))..]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_sort_by_the_value_of_their_numbers() {
        let mut ids = vec!["k10", "k2", "a", "k1", "k02x", "k2b", "b1"];
        ids.sort_by(|a, b| natural(a, b));
        assert_eq!(ids, ["a", "b1", "k1", "k2", "k2b", "k02x", "k10"]);
    }

    #[test]
    fn a_second_click_on_a_heading_turns_the_sort_round() {
        let by = Sort::default().clicked(1);
        assert_eq!((by.column, by.descending), (Some(1), false));
        assert!(by.clicked(1).descending);
        assert!(!by.clicked(1).clicked(2).descending);
    }
}
