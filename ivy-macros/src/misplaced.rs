//! The helper attributes used outside their macro: an error at the attribute naming where it
//! belongs, plus the item unchanged (no cascade of errors).

use proc_macro2::{Span, TokenStream};
use quote::quote;

pub fn expand(name: &str, place: &str, _attr: TokenStream, item: TokenStream) -> TokenStream {
    let msg = format!("`#[{name}]` {place}");
    let err = syn::Error::new(Span::call_site(), msg).to_compile_error();
    quote!(#err #item)
}
