; Go facts for src/extract/go/extractor.ts.
;
; Every pattern carries exactly one role capture (the names the extractor dispatches
; on: package.name, import, definition.*, scope.literal, scope.block, local.*, call, reference.*,
; struct.*, interface.*, route.methods, exclude); its other captures are the parts the role
; handler reads. Part names never double as role names.

(package_clause (package_identifier) @package.name)

(import_spec
  name: (_)? @import.alias
  path: (_) @import.source) @import

; ---------------------------------------------------------------------------------
; Declarations (symbols). Functions and methods are also scopes.

(function_declaration
  name: (identifier) @name
  body: (block)? @body) @definition.function

(method_declaration
  receiver: (parameter_list (parameter_declaration type: (_) @receiver.type))
  name: (field_identifier) @name
  body: (block)? @body) @definition.method

; Types, constants and variables match at any depth; the extractor keeps those
; declared at package level. (Patterns rooted at source_file would stay in progress
; for the whole file and make the capture pass buffer everything.)
(type_declaration
  (type_spec
    name: (type_identifier) @name
    type: (_) @type) @definition.type) @declaration

(type_declaration
  (type_alias
    name: (type_identifier) @name
    type: (_) @type) @definition.type) @declaration

; The grammar puts the `name` field on the commas of `const A, B = ...` too, which
; makes `name:` match only the first name; a const_spec's direct identifiers are all names.
(const_declaration
  (const_spec (identifier) @name) @definition.constant) @declaration

(var_declaration
  (var_spec name: (identifier) @name) @definition.variable) @declaration

(var_declaration
  (var_spec_list
    (var_spec name: (identifier) @name) @definition.variable)) @declaration

; Struct fields: embedded ones are bases, named ones let `s.store.Get()` find the
; type of `s.store`. Interfaces: their methods and embedded interfaces.
(type_spec
  name: (type_identifier) @owner
  type: (struct_type
    (field_declaration_list
      (field_declaration
        name: (field_identifier) @field.name
        type: (_) @field.type) @struct.field)))

(type_spec
  name: (type_identifier) @owner
  type: (struct_type
    (field_declaration_list
      (field_declaration
        !name
        type: (_) @struct.embedded))))

(type_spec
  name: (type_identifier) @owner
  type: (interface_type
    (method_elem name: (field_identifier) @interface.method)))

(type_spec
  name: (type_identifier) @owner
  type: (interface_type
    (type_elem . [(type_identifier) (qualified_type) (generic_type)] @interface.embedded .)))

; ---------------------------------------------------------------------------------
; Scopes and local names: what a use inside a function must not take for a
; package-level symbol, and the types local syntax shows.

(func_literal) @scope.literal

; Blocks scope what is declared in them (Go spec, "Declarations and scope"): a name
; declared in a `for`, `if` or `switch` statement's clause is the statement's, and each
; case of a switch or select is a block of its own. Two loops may each declare their p.
[
  (block)
  (for_statement)
  (if_statement)
  (expression_switch_statement)
  (type_switch_statement)
  (expression_case)
  (type_case)
  (default_case)
  (communication_case)
] @scope.block

; `switch v := x.(type)`: v has each case's type inside that case.
(type_switch_statement alias: (expression_list (identifier))) @scope.typeswitch

; Parameters, results and receivers of functions, methods and function literals. The
; names in a function type (`var f func(cmd *Command)`) or an interface's method declare
; nothing where they are written: they are only left out of the references.
(function_declaration parameters: (parameter_list (parameter_declaration name: (identifier) @local.param)))
(function_declaration result: (parameter_list (parameter_declaration name: (identifier) @local.param)))
(method_declaration receiver: (parameter_list (parameter_declaration name: (identifier) @local.param)))
(method_declaration parameters: (parameter_list (parameter_declaration name: (identifier) @local.param)))
(method_declaration result: (parameter_list (parameter_declaration name: (identifier) @local.param)))
(func_literal parameters: (parameter_list (parameter_declaration name: (identifier) @local.param)))
(func_literal result: (parameter_list (parameter_declaration name: (identifier) @local.param)))
(function_declaration parameters: (parameter_list (variadic_parameter_declaration name: (identifier) @local.name)))
(method_declaration parameters: (parameter_list (variadic_parameter_declaration name: (identifier) @local.name)))
(func_literal parameters: (parameter_list (variadic_parameter_declaration name: (identifier) @local.name)))
(function_type (parameter_list [
  (parameter_declaration name: (identifier) @exclude)
  (variadic_parameter_declaration name: (identifier) @exclude)
]))
(method_elem (parameter_list [
  (parameter_declaration name: (identifier) @exclude)
  (variadic_parameter_declaration name: (identifier) @exclude)
]))
(short_var_declaration left: (expression_list (identifier) @local.name))
(const_spec (identifier) @local.name)
(range_clause left: (expression_list (identifier) @local.name))
(type_switch_statement alias: (expression_list (identifier) @local.name))
(receive_statement left: (expression_list (identifier) @local.name))
(type_parameter_declaration name: (identifier) @local.typeparam)
(type_spec name: (type_identifier) @local.typename)
(type_alias name: (type_identifier) @local.typename)

; A receiver `Pair[K, V]` declares K and V for the method.
(method_declaration
  receiver: (parameter_list
    (parameter_declaration
      type: [
        (generic_type type_arguments: (type_arguments (type_elem (type_identifier) @local.typeparam)))
        (pointer_type (generic_type type_arguments: (type_arguments (type_elem (type_identifier) @local.typeparam))))
      ])))

; Names assigned with `=`: a function value held in one may be replaced, so calling it
; names no single function.
(assignment_statement left: (expression_list (identifier) @assigned))

; var specs: inside a function they are locals, at package level their types serve
; member calls on package variables. Every local's type is read from its declaration
; (expressionTypes.ts), not captured here.
(var_spec name: (identifier) @local.var)

; Routers built in place: `mux := http.NewServeMux()`, `r := chi.NewRouter()`,
; `r := mux.NewRouter()` tell which framework a registration on them belongs to.
(short_var_declaration
  left: (expression_list . (identifier) @local.router .)
  right: (expression_list .
    (call_expression
      function: (selector_expression
        operand: (identifier) @router.package
        field: (field_identifier) @router.factory)) .))

; ---------------------------------------------------------------------------------
; Calls. `f()()`, `func(){}()` and conversions like `[]byte(x)` match neither form.

(call_expression
  function: (identifier) @call.name
  arguments: (argument_list) @call.arguments) @call

(call_expression
  function: (selector_expression
    operand: (_) @call.object
    field: (field_identifier) @call.property) @call.callee
  arguments: (argument_list) @call.arguments) @call

; `F[T](x)`, `pkg.F[T](x)`: a generic function's instance, or an element of a slice or map
; of functions called; the resolver tells them apart by what the name denotes.
(call_expression
  function: (index_expression
    operand: (identifier) @call.name) @call.instantiated
  arguments: (argument_list) @call.arguments) @call

(call_expression
  function: (index_expression
    operand: (selector_expression
      operand: (_) @call.object
      field: (field_identifier) @call.property) @call.callee) @call.instantiated
  arguments: (argument_list) @call.arguments) @call

; With one argument, or several type arguments, the grammar reads `F[T](x)` as a
; conversion to a generic type: a call when F is a function.
(type_conversion_expression
  type: (generic_type
    type: (type_identifier) @call.name) @call.instantiated
  operand: (_) @call.arguments) @call

(type_conversion_expression
  type: (generic_type
    type: (qualified_type
      package: (package_identifier) @call.object
      name: (type_identifier) @call.property) @call.callee) @call.instantiated
  operand: (_) @call.arguments) @call

; ---------------------------------------------------------------------------------
; Route helper: gorilla `r.HandleFunc(...).Methods("GET")`.

(call_expression
  function: (selector_expression
    operand: (call_expression) @route.registration
    field: (field_identifier) @_methods)
  arguments: (argument_list) @route.methods
  (#eq? @_methods "Methods"))

; ---------------------------------------------------------------------------------
; References: every identifier and type name; the extractor drops declarations,
; callees, locals and builtins.

(identifier) @reference.value
(type_identifier) @reference.type

(qualified_type
  package: (package_identifier) @reference.package
  name: (type_identifier) @reference.name) @reference.qualified

(selector_expression
  operand: (identifier) @reference.object
  field: (field_identifier) @reference.property) @reference.selector

; Names that are neither declarations nor references: struct literal keys and the
; receiver's own type.
(keyed_element key: (literal_element (identifier) @exclude))

(method_declaration
  receiver: (parameter_list
    (parameter_declaration
      type: [
        (type_identifier) @exclude
        (pointer_type (type_identifier) @exclude)
        (generic_type type: (type_identifier) @exclude)
        (pointer_type (generic_type type: (type_identifier) @exclude))
      ])))
