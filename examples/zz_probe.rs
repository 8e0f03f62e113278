use std::time::Instant;
fn main() {
    let path = std::env::args().nth(1).unwrap();
    let t = Instant::now();
    let bytes = std::fs::read(&path).unwrap();
    let t1 = t.elapsed();
    let v: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
    let t2 = t.elapsed();
    let loaded = lockwork::format::from_value(&v).unwrap();
    let t3 = t.elapsed();
    let level = loaded.level;
    let _ = lockwork::validate::errors(&level);
    let t4 = t.elapsed();
    let _ = lockwork::model::LevelIndex::new(&level);
    let t5 = t.elapsed();
    let a = lockwork::solver::analyze(&level, &Default::default()).unwrap();
    let t6 = t.elapsed();
    drop(v);
    let t7 = t.elapsed();
    println!(
        "read {:?} json {:?} from_value {:?} errors {:?} index {:?} analyze {:?} dropvalue {:?} {:?}",
        t1,
        t2 - t1,
        t3 - t2,
        t4 - t3,
        t5 - t4,
        t6 - t5,
        t7 - t6,
        a.plan.map(|p| p.cost)
    );
}
