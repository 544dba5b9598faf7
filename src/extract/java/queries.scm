; Java facts, one query pass. Capture names follow the shared scheme (@definition.*,
; @name, @body, @call, @callee.*, @import); the Java-only ones (@annotation*, @bind.*,
; @rebind, @new.*, @ctor.*) feed annotations (tests, routes) and local type inference.
; The extractor interprets captures; it never re-queries.

(package_declaration [(identifier) (scoped_identifier)] @package.name)

(import_declaration) @import

; ---- Type declarations ----------------------------------------------------------

(class_declaration
  (modifiers)? @modifiers
  name: (identifier) @name
  type_parameters: (type_parameters)? @type_params
  superclass: (superclass)? @superclass
  interfaces: (super_interfaces)? @interfaces
  body: (class_body) @body) @definition.class

(interface_declaration
  (modifiers)? @modifiers
  name: (identifier) @name
  type_parameters: (type_parameters)? @type_params
  (extends_interfaces)? @interfaces
  body: (interface_body) @body) @definition.interface

(enum_declaration
  (modifiers)? @modifiers
  name: (identifier) @name
  interfaces: (super_interfaces)? @interfaces
  body: (enum_body) @body) @definition.enum

(record_declaration
  (modifiers)? @modifiers
  name: (identifier) @name
  type_parameters: (type_parameters)? @type_params
  parameters: (formal_parameters) @params
  interfaces: (super_interfaces)? @interfaces
  body: (class_body) @body) @definition.record

(annotation_type_declaration
  (modifiers)? @modifiers
  name: (identifier) @name
  body: (annotation_type_body) @body) @definition.annotation

; Anonymous classes and enum constants with bodies: scopes, but no symbols.
(object_creation_expression (class_body) @definition.anonymous)
(enum_constant body: (class_body) @definition.anonymous)

; ---- Members ------------------------------------------------------------------

(method_declaration
  (modifiers)? @modifiers
  type_parameters: (type_parameters)? @type_params
  type: (_) @result
  name: (identifier) @name
  parameters: (formal_parameters) @params
  body: (block)? @body) @definition.method

(constructor_declaration
  (modifiers)? @modifiers
  type_parameters: (type_parameters)? @type_params
  name: (identifier) @name
  parameters: (formal_parameters) @params
  body: (constructor_body) @body) @definition.constructor

(compact_constructor_declaration
  (modifiers)? @modifiers
  name: (identifier) @name
  body: (block) @body) @definition.constructor

(annotation_type_element_declaration
  (modifiers)? @modifiers
  name: (identifier) @name) @definition.element

; One match per declarator: `int a, b;` declares two fields.
(field_declaration
  (modifiers)? @modifiers
  type: (_) @field.type
  declarator: (variable_declarator name: (identifier) @name value: (_)? @field.value)) @definition.field

(constant_declaration
  (modifiers)? @modifiers
  type: (_) @field.type
  declarator: (variable_declarator name: (identifier) @name value: (_)? @field.value)) @definition.constant

(enum_constant name: (identifier) @name) @definition.enum_constant

; Annotations of types and methods, one match each: tests, routes, controllers.
(class_declaration (modifiers [(annotation) (marker_annotation)] @annotation)) @annotated
(interface_declaration (modifiers [(annotation) (marker_annotation)] @annotation)) @annotated
(method_declaration (modifiers [(annotation) (marker_annotation)] @annotation)) @annotated

; ---- Calls --------------------------------------------------------------------

(method_invocation
  object: (_)? @callee.object
  name: (identifier) @callee.name
  arguments: (argument_list) @callee.arguments) @call

(object_creation_expression
  type: (_) @new.type
  arguments: (argument_list) @new.arguments) @new

(explicit_constructor_invocation
  constructor: [(this) (super)] @ctor.keyword
  arguments: (argument_list) @ctor.arguments) @ctor

; ---- Local names, for local type inference ----------------------------------------

(local_variable_declaration
  type: (_) @bind.type
  declarator: (variable_declarator name: (identifier) @bind.name value: (_)? @bind.value))

(formal_parameter type: (_) @bind.type name: (identifier) @bind.name)
(catch_formal_parameter (catch_type) @bind.type name: (identifier) @bind.name)
(enhanced_for_statement type: (_) @bind.type name: (identifier) @bind.name value: (_) @bind.iterated)
(resource type: (_) @bind.type name: (identifier) @bind.name value: (_)? @bind.value)
(instanceof_expression right: (_) @bind.type name: (identifier) @bind.name)
(type_pattern . (_) @bind.type (identifier) @bind.name .)
(record_pattern_component . (_) @bind.type (identifier) @bind.name .)

; Names bound to something whose type the syntax does not show.
(spread_parameter (variable_declarator name: (identifier) @rebind))
(lambda_expression parameters: (identifier) @rebind)
(inferred_parameters (identifier) @rebind)
