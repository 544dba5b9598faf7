; C# facts for src/extract/csharp/extractor.ts.
;
; Every pattern carries exactly one role capture (the names collect.ts dispatches on:
; using, toplevel, namespace*, definition.*, header.*, member.scope, local.*, call*,
; route); its other captures
; are the parts the role handler reads. Part names never double as role names.

; `using A.B;`, `using static A.B.C;`, `using X = A.B.C;`: the target is the last name.
(using_directive "static"? @static name: (identifier)? @alias (_) @target .) @using

; Top-level statements put the file in the global namespace.
(global_statement) @toplevel

; ---------------------------------------------------------------------------------
; Containers: namespaces, types and members. Their spans tell every later capture
; which namespace, type and member it sits in.

(namespace_declaration name: (_) @name) @namespace
(file_scoped_namespace_declaration name: (_) @name) @namespace.file

(class_declaration name: (identifier) @name (type_parameter_list)? @type_params body: (_)? @body) @definition.class
(struct_declaration name: (identifier) @name (type_parameter_list)? @type_params body: (_)? @body) @definition.struct
(record_declaration name: (identifier) @name (type_parameter_list)? @type_params body: (_)? @body) @definition.record
(interface_declaration name: (identifier) @name (type_parameter_list)? @type_params body: (_)? @body) @definition.interface
(enum_declaration name: (identifier) @name body: (_)? @body) @definition.enum
(delegate_declaration name: (identifier) @name) @definition.delegate

(method_declaration
  returns: (_) @returns
  name: (identifier) @name
  type_parameters: (type_parameter_list)? @type_params
  parameters: (parameter_list) @parameters
  body: (_)? @body) @definition.method

(constructor_declaration
  name: (identifier) @name
  parameters: (parameter_list) @parameters
  body: (_)? @body) @definition.constructor

(local_function_statement
  type: (_) @returns
  name: (identifier) @name
  type_parameters: (type_parameter_list)? @type_params
  parameters: (parameter_list) @parameters
  body: (_)? @body) @definition.function

(field_declaration
  (variable_declaration
    type: (_) @type
    (variable_declarator name: (identifier) @name))) @definition.field

(property_declaration type: (_) @type name: (identifier) @name) @definition.property

; Declaration headers: each belongs to the innermost declaration whose name follows it
; (parameter attributes and local functions' modifiers come after their member's name).
(modifier) @header.modifier
; A routing attribute's template is its first positional string.
(attribute
  name: (_) @name
  (attribute_argument_list . (attribute_argument . [(string_literal) (verbatim_string_literal) (raw_string_literal)] @template))?) @header.attribute
(explicit_interface_specifier) @header.explicit
(base_list) @header.bases

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

; Parameters also give their member's arity: `= default` makes one optional, and a
; `params T[] rest`, which sits in the parameter list itself, takes any number.
(parameter type: (_)? @type name: (identifier) @local.parameter "="? @default)
(parameter_list type: (_) @type name: (identifier) @local.variadic)
(implicit_parameter) @local.untyped
(variable_declaration type: (_) @type (variable_declarator name: (identifier) @local.declared) @declarator)
; `var x = new T(...)`: the one initializer that shows the type (this match wins over the one above).
(variable_declaration
  type: (implicit_type)
  (variable_declarator name: (identifier) @local.inferred (object_creation_expression type: (_) @created)?) @declarator)
(foreach_statement type: (_) @type left: (identifier) @local.declared right: (_) @iterated)
(declaration_expression type: (_) @type name: (identifier) @local.declared)
(declaration_pattern type: (_) @type name: (identifier) @local.declared)
(catch_declaration type: (_) @type name: (identifier) @local.declared)
(from_clause name: (identifier) @local.untyped)
(tuple_pattern name: (identifier) @local.untyped)

; ---------------------------------------------------------------------------------
; Calls: invocations, `new T(...)` and target-typed `new(...)`. An invocation's callee
; is a name (`M()`, `M<T>()`) or a member of an object (`x.M()`, `x?.M()`); calling
; anything else (`f()()`) names no method.

(invocation_expression
  function: [
    (identifier) @name
    (generic_name . (identifier) @name)
    (member_access_expression
      expression: _ @object
      name: [(identifier) @property (generic_name . (identifier) @property)])
    (conditional_access_expression
      condition: _ @object
      (member_binding_expression name: [(identifier) @property (generic_name . (identifier) @property)]))
  ]
  arguments: (argument_list) @arguments) @call

(object_creation_expression
  type: (_) @type
  arguments: (argument_list)? @arguments) @call.new

(implicit_object_creation_expression (argument_list) @arguments) @call.implicit

; Minimal API registrations with a literal pattern: `x.MapGet("/users/{id}", handler)`.
(invocation_expression
  function: (member_access_expression
    expression: _ @object
    name: (identifier) @verb (#match? @verb "^Map(Get|Post|Put|Delete|Patch|Methods)$"))
  arguments: (argument_list
    . (argument [(string_literal) (verbatim_string_literal) (raw_string_literal)] @template .)) @arguments) @route
