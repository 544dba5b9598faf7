; Python facts, one query pass. Capture names follow the shared scheme
; (@definition.*, @name, @body, @call, @callee.*, @import*); the python-only ones
; (@bind.*, @param.*, @self.*, @flow.*, @route.*, @django.*) feed local type inference and
; framework routes. The extractor interprets captures; it never re-queries.

; ---- Definitions --------------------------------------------------------------

(function_definition
  name: (identifier) @name
  parameters: (parameters) @params
  body: (block) @body) @definition.function

(class_definition
  name: (identifier) @name
  superclasses: (argument_list)? @bases
  body: (block) @body) @definition.class

; Module-level UPPER_CASE assignments are constants.
(module
  (expression_statement
    (assignment
      left: (identifier) @name
      right: (_)? @constant.value) @constant.assignment) @definition.constant
  (#match? @name "^_*[A-Z][A-Z0-9_]*$"))

(module
  (expression_statement
    (assignment
      left: (identifier) @all.target
      right: [(list) (tuple)] @all.names))
  (#eq? @all.target "__all__"))

; One match per decorator: @decorated is the wrapper, @decorated.definition what it wraps.
(decorated_definition
  (decorator) @decorator
  definition: (_) @decorated.definition) @decorated

; ---- Imports ------------------------------------------------------------------

(import_statement) @import
(import_from_statement) @import.from

; ---- Calls --------------------------------------------------------------------

(call function: (identifier) @callee.name) @call

(call
  function: (attribute
    object: (_) @callee.object
    attribute: (identifier) @callee.property)) @call

; ---- Name bindings, for local type inference -----------------------------------

(assignment
  left: (identifier) @bind.name
  type: (type)? @bind.type
  right: (_)? @bind.value)

; `if tags := ETags.from_header(h):` binds tags as an assignment does (PEP 572).
(named_expression
  name: (identifier) @bind.name
  value: (_) @bind.value)

(assignment
  left: (attribute
    object: (identifier) @self.object
    attribute: (identifier) @self.attribute)
  type: (type)? @self.type
  right: (_)? @self.value
  (#eq? @self.object "self"))

(parameters (identifier) @param.name)
(parameters (default_parameter name: (identifier) @param.name))
(parameters (typed_parameter . (identifier) @param.name type: (type) @param.type))
(parameters (typed_default_parameter name: (identifier) @param.name type: (type) @param.type))
(parameters (list_splat_pattern (identifier) @param.name))
(parameters (dictionary_splat_pattern (identifier) @param.name))
(typed_parameter (list_splat_pattern (identifier) @param.name))
(typed_parameter (dictionary_splat_pattern (identifier) @param.name))

; Blocks and loops: which binding of a local reaches a use (reachingBindings.ts).
(block) @flow.block

; What an unannotated function returns (returns.ts): its return statements, and whether it yields.
(return_statement) @flow.return
(yield) @flow.yield
[
  (for_statement)
  (while_statement)
  (list_comprehension)
  (set_comprehension)
  (dictionary_comprehension)
  (generator_expression)
] @flow.loop

; Every other way a name gets rebound: its type is then unknown.
(pattern_list (identifier) @rebind)
(tuple_pattern (identifier) @rebind)
(list_pattern (identifier) @rebind)
(augmented_assignment left: (identifier) @rebind)
(for_statement left: (identifier) @bind.iterated right: (_) @bind.iterable)
(for_in_clause left: (identifier) @bind.comprehended right: (_) @bind.iterable)
(as_pattern_target (identifier) @rebind)
(with_item value: (as_pattern (_) @bind.manager alias: (as_pattern_target (identifier) @bind.entered)))
(as_pattern_target (tuple (identifier) @rebind))
(named_expression name: (identifier) @rebind)
(lambda_parameters (identifier) @rebind)
(nonlocal_statement (identifier) @rebind)
(global_statement (identifier) @rebind.global)

; ---- Routes -------------------------------------------------------------------

; Flask `@app.route(...)`, `@bp.get(...)`; FastAPI `@router.post(...)`.
(decorated_definition
  (decorator
    (call
      function: (attribute
        object: (identifier) @route.router
        attribute: (identifier) @route.verb)
      arguments: (argument_list) @route.arguments) @route.registration)
  definition: (_) @route.handler
  (#any-of? @route.verb "route" "api_route" "get" "post" "put" "patch" "delete" "head" "options"))

; The same decorators applied by a call: `app.post("/p")(handler)`, `self.app.get("/p")(self.h)`.
(call
  function: (call
    function: (attribute
      object: (_) @routecall.router
      attribute: (identifier) @routecall.verb)
    arguments: (argument_list) @routecall.arguments) @routecall.registration
  arguments: (argument_list . (_) @routecall.handler .)
  (#any-of? @routecall.verb "route" "api_route" "get" "post" "put" "patch" "delete" "head" "options"))

; Django `urlpatterns = [path(...), re_path(...)]`, also `+=` and `[...] + other`.
(assignment
  left: (identifier) @django.target
  right: [
    (list (call function: (identifier) @django.function arguments: (argument_list) @django.arguments) @django.registration)
    (binary_operator left: (list (call function: (identifier) @django.function arguments: (argument_list) @django.arguments) @django.registration))
  ]
  (#eq? @django.target "urlpatterns")
  (#any-of? @django.function "path" "re_path" "url"))

(augmented_assignment
  left: (identifier) @django.target
  right: (list (call function: (identifier) @django.function arguments: (argument_list) @django.arguments) @django.registration)
  (#eq? @django.target "urlpatterns")
  (#any-of? @django.function "path" "re_path" "url"))
