; Rust facts for src/extract/rust/extractor.ts.
;
; Every pattern carries exactly one role capture (the names the extractor dispatches
; on: definition.*, module.*, impl, use, extern_crate, attribute, local.*, field, call,
; route.*); its other captures are the parts the role handler reads. Items match at any
; depth: the extractor keeps those at module level (the file, inline modules, impl and
; trait bodies) and reads items inside function bodies as part of their function.

; ---------------------------------------------------------------------------------
; Declarations (symbols).

(function_item (visibility_modifier)? @visibility name: (identifier) @name body: (block) @body) @definition.function
(function_signature_item (visibility_modifier)? @visibility name: (identifier) @name) @definition.signature
(struct_item (visibility_modifier)? @visibility name: (type_identifier) @name body: (_)? @body) @definition.type
(enum_item (visibility_modifier)? @visibility name: (type_identifier) @name body: (_) @body) @definition.type
(union_item (visibility_modifier)? @visibility name: (type_identifier) @name body: (_) @body) @definition.type
(type_item (visibility_modifier)? @visibility name: (type_identifier) @name) @definition.type
(trait_item (visibility_modifier)? @visibility name: (type_identifier) @name body: (declaration_list) @body) @definition.trait
(const_item (visibility_modifier)? @visibility name: (identifier) @name) @definition.constant
(static_item (visibility_modifier)? @visibility name: (identifier) @name) @definition.constant

; `impl Type {}` and `impl Trait for Type {}`: methods are `Type.method`.
(impl_item trait: (_)? @impl.trait type: (_) @impl.type body: (declaration_list)) @impl

; `mod x { ... }` scopes its items; `mod x;` declares a module file.
(mod_item name: (identifier) @name body: (declaration_list)) @module.inline
(mod_item name: (identifier) @name !body) @module.declaration

; ---------------------------------------------------------------------------------
; Imports.

(use_declaration argument: (_) @use.tree) @use
(extern_crate_declaration name: (identifier) @name alias: (identifier)? @alias) @extern_crate

; Outer attributes: test markers and route macros; the item they precede is their
; next sibling that is no attribute or comment.
(attribute_item
  (attribute . [(identifier) (scoped_identifier)] @attribute.path arguments: (token_tree)? @attribute.arguments)) @attribute

; ---------------------------------------------------------------------------------
; Local names of function bodies: what a bare call must not take for an item, and the
; types local syntax shows for member calls.

(parameter pattern: (identifier) @local.name type: (_) @local.type) @local.typed
(let_declaration pattern: (identifier) @local.name type: (_) @local.type) @local.typed
(let_declaration pattern: (identifier) @local.name !type value: (_) @local.value) @local.typed
(for_expression pattern: (identifier) @local.name value: (_) @local.iterable) @local.typed
(let_condition
  pattern: (tuple_struct_pattern type: (identifier) @_wrapper . (identifier) @local.name .)
  value: (_) @local.unwrapped
  (#any-of? @_wrapper "Some" "Ok")) @local.typed

(let_declaration pattern: (identifier) @local)
(for_expression pattern: (identifier) @local)
(let_condition pattern: (identifier) @local)
(match_pattern (identifier) @local)
(closure_parameters (identifier) @local)
(closure_parameters (parameter pattern: (identifier) @local))
(tuple_pattern (identifier) @local)
(tuple_struct_pattern type: (_) (identifier) @local)
(slice_pattern (identifier) @local)
(ref_pattern (identifier) @local)
(mut_pattern (identifier) @local)
(reference_pattern (identifier) @local)
(captured_pattern . (identifier) @local)
(or_pattern (identifier) @local)
(field_pattern pattern: (identifier) @local)
(field_pattern name: (shorthand_field_identifier) @local)
; A function declared inside a body is a local name of the function around it.
(block (function_item name: (identifier) @local.name) @local.nested)

; Struct fields: `self.store.get()` takes the type of `store`.
(struct_item
  name: (type_identifier) @owner
  body: (field_declaration_list
    (field_declaration name: (field_identifier) @field.name type: (_) @field.type) @field)) @struct

; ---------------------------------------------------------------------------------
; Calls. Macro invocations are token trees, not calls: their contents are not read.

(call_expression function: (identifier) @call.name) @call
(call_expression function: (generic_function function: (identifier) @call.name)) @call
(call_expression function: (scoped_identifier name: (identifier) @call.property) @call.path) @call
(call_expression
  function: (generic_function function: (scoped_identifier name: (identifier) @call.property) @call.path)) @call
(call_expression function: (field_expression value: (_) @call.object field: (field_identifier) @call.property)) @call
(call_expression
  function: (generic_function function: (field_expression value: (_) @call.object field: (field_identifier) @call.property))) @call

; ---------------------------------------------------------------------------------
; Route registrations. axum and actix-web `.route("/path", <method router>)`; actix-web
; `web::resource("/path")` (its `.route(...)`/`.to(...)` chain gives methods and
; handlers) and `web::scope("/prefix")`; axum `.nest("/prefix", router)`, rocket
; `.mount("/base", routes![...])`; actix-web `.service(x)`/`.configure(f)` and axum
; `.merge(router)` carry the prefixes around them to what they register.

(call_expression
  function: (field_expression field: (field_identifier) @_route)
  arguments: (arguments . (string_literal) @route.path . (_) @route.target .)
  (#eq? @_route "route")) @route.registration

(call_expression
  function: [
    (scoped_identifier name: (identifier) @route.builder)
    (identifier) @route.builder
  ]
  arguments: (arguments . (string_literal) @route.path)
  (#any-of? @route.builder "resource" "scope")) @route.resource

(call_expression
  function: (field_expression field: (field_identifier) @route.kind)
  arguments: (arguments . (string_literal) @route.path . (_) @route.target .)
  (#any-of? @route.kind "nest" "mount")) @route.mount

(call_expression
  function: (field_expression field: (field_identifier) @route.kind)
  arguments: (arguments . (_) @route.target .)
  (#any-of? @route.kind "service" "configure" "merge")) @route.mount
