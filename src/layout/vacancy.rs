//! Free cells counted per block of the board, so that a search for the
//! free cell nearest a spot skips full blocks whole. On a large board whose
//! rooms pile up in one place, looking at every cell of every ring made
//! placing 200,000 rooms take most of a minute.

/// Cells on a side of a block.
const BLOCK: i32 = 8;

/// How many free cells each block of [`BLOCK`] × [`BLOCK`] cells holds.
pub(crate) struct Vacancies {
    block_cols: i32,
    free: Vec<u16>,
}

impl Vacancies {
    /// Every cell of a `cols` × `rows` board free.
    pub fn new(cols: i32, rows: i32) -> Self {
        let blocks = |cells: i32| (cells + BLOCK - 1) / BLOCK;
        let (block_cols, block_rows) = (blocks(cols), blocks(rows));
        let span = |b: i32, cells: i32| (cells - b * BLOCK).min(BLOCK);
        let free = (0..block_rows)
            .flat_map(|br| (0..block_cols).map(move |bc| (bc, br)))
            .map(|(bc, br)| (span(bc, cols) * span(br, rows)) as u16)
            .collect();
        Self { block_cols, free }
    }

    fn block(&self, (c, r): (i32, i32)) -> Option<usize> {
        let at = (r / BLOCK) * self.block_cols + c / BLOCK;
        usize::try_from(at).ok().filter(|&b| b < self.free.len())
    }

    /// A free cell (on the board) is taken.
    pub fn take(&mut self, cell: (i32, i32)) {
        if let Some(b) = self.block(cell) {
            self.free[b] = self.free[b].saturating_sub(1);
        }
    }

    /// A taken cell (on the board) is free again.
    pub fn give(&mut self, cell: (i32, i32)) {
        if let Some(b) = self.block(cell) {
            self.free[b] = self.free[b].saturating_add(1);
        }
    }

    /// Is the block of `cell` full, so that no cell of it is free?
    pub fn full(&self, cell: (i32, i32)) -> bool {
        self.block(cell).is_some_and(|b| self.free[b] == 0)
    }

    /// Where a walk along the row (or column) from `at` goes next when
    /// `at` lies in a full block: the first cell past that block.
    pub fn past_block(at: i32) -> i32 {
        (at / BLOCK + 1) * BLOCK
    }
}

/// A walk over `lo..=hi` (one coordinate of a row or column of cells),
/// calling `visit` on each position whose block is not full.
pub(crate) fn each_open(lo: i32, hi: i32, full: impl Fn(i32) -> bool, mut visit: impl FnMut(i32)) {
    let mut at = lo;
    while at <= hi {
        if full(at) {
            at = Vacancies::past_block(at);
        } else {
            visit(at);
            at += 1;
        }
    }
}
