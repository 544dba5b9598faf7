; TypeScript, TSX and JavaScript (JavaScript is parsed with the TSX grammar), so every
; pattern here must compile against both grammars.
;
; Each pattern has one primary capture that names what it found (@definition.function,
; @call, @import ...); its other captures (@name, @body, @type, @value, @source ...) are
; the parts the extractor reads. The extractor sorts matches by position and replays
; them against a scope stack, so patterns never need to say where they sit.

; ---------------------------------------------------------------- declarations

(function_declaration
  name: (identifier) @name
  body: (statement_block) @body) @definition.function

(generator_function_declaration
  name: (identifier) @name
  body: (statement_block) @body) @definition.function

; `declare function f(): T;` declares a function implemented elsewhere (a global, a test
; helper); `function f(a: string): T;` before its implementation is one of its overloads
; (overloads.ts makes one symbol of them).
(function_signature
  name: (identifier) @name) @definition.function

(class_declaration
  name: (type_identifier) @name
  body: (class_body) @body) @definition.class

(abstract_class_declaration
  name: (type_identifier) @name
  body: (class_body) @body) @definition.class

; Class expressions: `export default class {}`, `const A = class {}`.
(class
  name: (type_identifier)? @name
  body: (class_body) @body) @definition.class

(class_body
  (method_definition
    name: (_) @name
    body: (statement_block) @body) @definition.method)

(class_body
  (abstract_method_signature
    name: (_) @name) @definition.method)

; `declare class C { m(): T }` declares methods implemented elsewhere (vendored typings); in
; a class, `m(a: string): T;` before its implementation is one of its overloads.
(class_body
  (method_signature
    name: (_) @name) @definition.method)

(class_body
  (public_field_definition
    name: (_) @name
    type: (type_annotation (_) @type)?
    value: (_)? @value) @definition.field)

; `constructor(private store: Store)` declares a field as well as a parameter.
(required_parameter
  [(accessibility_modifier) (override_modifier) "readonly"]
  pattern: (identifier) @name
  type: (type_annotation (_) @type)?) @definition.parameter_field

(interface_declaration
  name: (type_identifier) @name
  body: (interface_body) @body) @definition.interface

(interface_body
  (method_signature
    name: (_) @name) @interface.method)

(interface_body
  (property_signature
    name: (_) @name
    type: (type_annotation (function_type))) @interface.method)

; Other properties are fields: `store: Store` types `x.store` for a value x of the interface.
(interface_body
  (property_signature
    name: (_) @name
    type: (type_annotation (_) @type)) @interface.property)

; `(req: Req): Res` makes a value of the interface callable.
(interface_body (call_signature) @interface.call)

(type_alias_declaration
  name: (type_identifier) @name) @definition.type

(enum_declaration
  name: (identifier) @name
  body: (enum_body) @body) @definition.type

(class_heritage (extends_clause value: (_) @base.extends))
(class_heritage (implements_clause (_) @base.implements))
(extends_type_clause type: (_) @base.extends)

; One pattern for every declarator: it may be a function, a constant, a require(), a
; typed local that later member calls look up, or just a name that shadows one.
(variable_declarator
  name: (_) @name
  type: (type_annotation (_) @type)?
  value: (_)? @value) @declarator

; ---------------------------------------------------------------- scopes without a name

[(function_expression) (generator_function)] @scope.function

; Object literals bound to a name (`const api = {...}`, `api.users = {...}` inside one):
; their methods and function-valued properties are methods `api.get`.
(variable_declarator value: (object) @definition.object)
(variable_declarator value: (as_expression (object) @definition.object))
(variable_declarator value: (satisfies_expression (object) @definition.object))
(variable_declarator value: (parenthesized_expression (object) @definition.object))
(pair value: (object) @definition.object)

(object
  (method_definition
    name: (_) @name
    body: (statement_block) @body) @definition.object_method)

(object
  (pair
    key: (_) @name
    value: [(arrow_function) (function_expression) (generator_function)] @value) @definition.object_property)

; The same function in parentheses, or behind `satisfies T`, `as T` or `as unknown as T` (objects.ts reads the cast's type).
(object
  (pair
    key: (_) @name
    value: [
      (parenthesized_expression [(arrow_function) (function_expression)] @value)
      (satisfies_expression (parenthesized_expression [(arrow_function) (function_expression)] @value))
      (as_expression (parenthesized_expression [(arrow_function) (function_expression)] @value))
      (as_expression (as_expression (parenthesized_expression [(arrow_function) (function_expression)] @value)))
    ]) @definition.object_property)

(arrow_function) @scope.arrow

; Blocks inside functions scope their `let`, `const`, functions and classes (declarations.ts onBlock).
(statement_block) @scope.block

; `namespace N { ... }`: its declarations are symbols named `N.f`.
(internal_module
  name: (_) @name
  body: (statement_block) @body) @definition.namespace

; `declare module 'x' { ... }` augments another module: nothing in it is ours.
(module) @scope.namespace

; `declare global { ... }`
(ambient_declaration (statement_block) @scope.namespace)

; Parameters of types and signatures bind nothing at run time.
[(function_type) (constructor_type) (method_signature) (call_signature) (construct_signature)
 (function_signature)] @scope.type

; ---------------------------------------------------------------- local bindings

(required_parameter
  pattern: (identifier) @name
  type: (type_annotation (_) @type)?) @binding.parameter

(optional_parameter
  pattern: (identifier) @name
  type: (type_annotation (_) @type)?) @binding.parameter

(arrow_function parameter: (identifier) @binding.name)
(shorthand_property_identifier_pattern) @binding.name
(pair_pattern value: (identifier) @binding.name)
(array_pattern (identifier) @binding.name)
(rest_pattern (identifier) @binding.name)
(assignment_pattern left: (identifier) @binding.name)
(for_in_statement left: (identifier) @binding.name)
(catch_clause parameter: (identifier) @binding.name)

; `if (x instanceof C) { ... }`: x is a C in the consequence (narrowing.ts).
(if_statement
  condition: (parenthesized_expression
    (binary_expression
      left: (identifier) @narrow.name
      operator: "instanceof"
      right: [(identifier) (member_expression)] @narrow.type))
  consequence: (_) @narrow)

; ---------------------------------------------------------------- returns

; What a function returns (returns.ts): each return statement, and an arrow's expression body.
(return_statement) @return
(arrow_function body: (_) @value) @return

; ---------------------------------------------------------------- calls

(call_expression
  function: (identifier) @callee.name
  arguments: (arguments) @arguments) @call

; `super(...)` in a constructor: the base class's constructor.
(call_expression
  function: (super) @callee.super
  arguments: (arguments) @arguments) @call

(call_expression
  function: (member_expression
    object: (_) @callee.object
    property: (_) @callee.property)
  arguments: (arguments) @arguments) @call

; tree-sitter-typescript reads `await a.b<T>(x)` as `(await a.b)<T>(x)`: the call is a.b's
; all the same (expressionTypes.ts puts the await back at the top of the chain).
(call_expression
  function: (await_expression (identifier) @callee.name) @callee.await
  type_arguments: (type_arguments)
  arguments: (arguments) @arguments) @call

(call_expression
  function: (await_expression
    (member_expression
      object: (_) @callee.object
      property: (_) @callee.property)) @callee.await
  type_arguments: (type_arguments)
  arguments: (arguments) @arguments) @call

(new_expression
  constructor: (identifier) @callee.name) @call.new

(new_expression
  constructor: (member_expression
    object: (_) @callee.object
    property: (_) @callee.property)) @call.new

; ---------------------------------------------------------------- imports and exports

(import_statement
  source: (string) @source) @import

(import_statement
  (import_require_clause
    (identifier) @import.require_name
    source: (string) @source)) @import

(import_clause (identifier) @import.default)
(import_clause (namespace_import (identifier) @import.namespace))
(import_specifier
  name: (_) @import.name
  alias: (_)? @import.alias) @import.specifier

(call_expression
  function: (import)
  arguments: (arguments . (string) @source)) @import.dynamic

(export_statement
  "*"? @export.star
  "default"? @export.default
  declaration: (_)? @export.declaration
  value: (_)? @export.value
  source: (string)? @source) @export

(namespace_export (_) @export.namespace)
(export_specifier
  name: (_) @export.name
  alias: (_)? @export.alias) @export.specifier

; CommonJS: `module.exports = {...}`, `exports.a = ...`, `module.exports.a = ...`.
((assignment_expression
  left: (member_expression
    object: (identifier) @_module
    property: (property_identifier) @_exports)
  right: (_) @value) @export.commonjs
  (#eq? @_module "module")
  (#eq? @_exports "exports"))

((assignment_expression
  left: (member_expression
    object: (identifier) @_exports
    property: (property_identifier) @name)
  right: (_) @value) @export.commonjs_member
  (#eq? @_exports "exports"))

((assignment_expression
  left: (member_expression
    object: (member_expression
      object: (identifier) @_module
      property: (property_identifier) @_exports)
    property: (property_identifier) @name)
  right: (_) @value) @export.commonjs_member
  (#eq? @_module "module")
  (#eq? @_exports "exports"))

; ---------------------------------------------------------------- tests

; describe/it/test, with .only/.skip/.each, and `it.each(table)('title', fn)`.
((call_expression
  function: [
    (identifier) @test.function
    (member_expression
      object: (identifier) @test.function
      property: (property_identifier) @test.modifier)
    (call_expression
      function: (member_expression
        object: (identifier) @test.function
        property: (property_identifier) @test.modifier))
  ]
  arguments: (arguments . [(string) (template_string)] @test.title) @arguments) @test
  (#any-of? @test.function "describe" "it" "test"))

; ---------------------------------------------------------------- routes

; Express, Fastify, Hono and koa-router registrations, and `app.route('/p')` chains.
((call_expression
  function: (member_expression
    object: (_) @route.object
    property: (property_identifier) @route.verb)
  arguments: (arguments) @arguments) @route
  (#any-of? @route.verb "get" "post" "put" "patch" "delete" "head" "options" "all" "route" "addService"))

; NestJS: `@Controller('users')` on a class, `@Get(':id')` on a method.
((decorator
  (call_expression
    function: (identifier) @decorator.name
    arguments: (arguments) @arguments)) @decorator
  (#any-of? @decorator.name "Controller" "Get" "Post" "Put" "Patch" "Delete" "Head" "Options" "All"))
