// A primary op declared outside a category module.

use ivy::{Array, Result};

#[ivy::primary]
pub fn double(x: &Array) -> Result<Array>;

fn main() {}
