//! The helper attributes used outside their macro: an error at the attribute naming where it
//! belongs, plus the item (unchanged but for a placeholder body on a body-less fn), so that
//! this error is the only one.

use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::parse::{ParseStream, Parser};
use syn::{Attribute, Signature, Token, Visibility};

pub fn expand(name: &str, place: &str, _attr: TokenStream, item: TokenStream) -> TokenStream {
    let msg = format!("`#[{name}]` {place}");
    let err = syn::Error::new(Span::call_site(), msg).to_compile_error();
    // A body-less op declaration outside its category (`#[primary] fn tan(…) -> …;`) gets a
    // placeholder body: else rustc adds "free function without a body" to our error.
    let item = with_placeholder_body.parse2(item.clone()).unwrap_or(item);
    quote!(#err #item)
}

fn with_placeholder_body(input: ParseStream) -> syn::Result<TokenStream> {
    let attrs = input.call(Attribute::parse_outer)?;
    let vis: Visibility = input.parse()?;
    let sig: Signature = input.parse()?;
    input.parse::<Token![;]>()?;
    Ok(quote! {
        #(#attrs)*
        #[allow(unused_variables)]
        #vis #sig { ::core::unimplemented!() }
    })
}
