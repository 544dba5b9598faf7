; Terraform facts for src/extract/terraform/extractor.ts (HCL grammar).
;
; Every pattern carries exactly one role capture (block, attribute, reference); the
; others are the parts the role handler reads, and follow it in the capture order.
; Patterns match at any depth: the extractor keeps the blocks that no other block
; encloses and the attributes of `locals` and `module` blocks, so a broken file (blocks
; wrapped in ERROR nodes) still yields what it declares.

; `resource "aws_sqs_queue" "orders" { ... }`, `variable "region" { ... }`, `locals { ... }`,
; and nested blocks (dynamic, lifecycle, provisioner), which the extractor skips.
(block
  (identifier) @block.type
  . [(string_lit) (identifier)]* @block.label
  . (block_start) @block.start) @block

; `name = expression`: local values and a module's `source`.
(attribute
  (identifier) @attribute.name
  (expression) @attribute.value) @attribute

; The head of a traversal: `var` in `var.region`, `aws_sqs_queue` in
; `aws_sqs_queue.orders.arn`. The extractor reads the `.attr` steps that follow it.
(variable_expr) @reference
