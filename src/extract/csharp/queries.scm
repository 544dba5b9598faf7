; C# facts for src/extract/csharp/extractor.ts.
;
; Every pattern carries exactly one role capture (the names collect.ts dispatches on:
; using, toplevel, namespace*, definition.*, member.scope, local.*, call*); its other captures
; are the parts the role handler reads. Part names never double as role names.
; Attributes, base lists and modifiers are read from the declaration node by the
; extractor: they are small, and reading them there keeps one match per declaration.

(using_directive) @using

; Top-level statements put the file in the global namespace.
(global_statement) @toplevel

; ---------------------------------------------------------------------------------
; Containers: namespaces, types and members. Their spans tell every later capture
; which namespace, type and member it sits in.

(namespace_declaration name: (_) @name) @namespace
(file_scoped_namespace_declaration name: (_) @name) @namespace.file

(class_declaration name: (identifier) @name) @definition.class
(struct_declaration name: (identifier) @name) @definition.struct
(record_declaration name: (identifier) @name) @definition.record
(interface_declaration name: (identifier) @name) @definition.interface
(enum_declaration name: (identifier) @name) @definition.enum
(delegate_declaration name: (identifier) @name) @definition.delegate

(method_declaration
  name: (identifier) @name
  parameters: (parameter_list) @parameters
  body: (_)? @body) @definition.method

(constructor_declaration
  name: (identifier) @name
  parameters: (parameter_list) @parameters
  body: (_)? @body) @definition.constructor

(local_function_statement
  name: (identifier) @name
  parameters: (parameter_list) @parameters
  body: (_)? @body) @definition.function

(field_declaration
  (variable_declaration
    type: (_) @type
    (variable_declarator name: (identifier) @name))) @definition.field

(property_declaration type: (_) @type name: (identifier) @name) @definition.property

; Members that declare no symbol but hold locals of their own.
[
  (indexer_declaration)
  (operator_declaration)
  (conversion_operator_declaration)
  (destructor_declaration)
  (event_declaration)
  (event_field_declaration)
] @member.scope

; ---------------------------------------------------------------------------------
; Local names: their types when the declaration shows them, so `x.M()` knows the type
; of x; names declared with no visible type still hide a field of the same name.

(parameter type: (_)? @type name: (identifier) @local.declared)
; `params T[] rest` sits in the parameter list itself, with no parameter node.
(parameter_list type: (_) @type name: (identifier) @local.declared)
(implicit_parameter) @local.untyped
(variable_declaration type: (_) @type (variable_declarator name: (identifier) @local.declared) @declarator)
(foreach_statement type: (_) @type left: (identifier) @local.declared)
(declaration_expression type: (_) @type name: (identifier) @local.declared)
(declaration_pattern type: (_) @type name: (identifier) @local.declared)
(catch_declaration type: (_) @type name: (identifier) @local.declared)
(from_clause name: (identifier) @local.untyped)
(tuple_pattern name: (identifier) @local.untyped)

; ---------------------------------------------------------------------------------
; Calls: invocations, `new T(...)` and target-typed `new(...)`.

(invocation_expression
  function: (_) @function
  arguments: (argument_list) @arguments) @call

(object_creation_expression
  type: (_) @type
  arguments: (argument_list)? @arguments) @call.new

(implicit_object_creation_expression (argument_list) @arguments) @call.implicit
