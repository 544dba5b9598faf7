import type { SyntaxNode } from '../extractor';

/**
 * The address a traversal names, when it names a block of the module: `var.region`,
 * `local.a`, `module.vpc` (of `module.vpc.id`), `data.aws_ami.ubuntu` (of
 * `data.aws_ami.ubuntu.id`), `aws_sqs_queue.orders` (of `aws_sqs_queue.orders.arn`).
 * Iterator and meta names (`each.value`, `count.index`, `self.id`, a `for` variable)
 * are no addresses; a root that names no block simply matches no key later.
 */

const ONE_STEP_ROOTS = new Set(['var', 'local', 'module']);
const TWO_STEP_ROOTS = new Set(['data', 'ephemeral']);

export function addressOf(variableExpr: SyntaxNode, root: string): string | undefined {
  // Resource types are `<provider>_<type>`; the meta roots (`each`, `count`, `self`,
  // `path`, `terraform`) and most iterator names have no `_`.
  const isRoot = ONE_STEP_ROOTS.has(root) || TWO_STEP_ROOTS.has(root) || root.includes('_');
  if (!isRoot) return undefined;
  const steps = TWO_STEP_ROOTS.has(root) ? 2 : 1;
  const attributes = followingAttributes(variableExpr, steps);
  return attributes.length < steps ? undefined : [root, ...attributes].join('.');
}

/** The names of up to `count` `.name` steps directly after the traversal's head. */
function followingAttributes(head: SyntaxNode, count: number): string[] {
  const names: string[] = [];
  for (let step = head.nextSibling; step && names.length < count; step = step.nextSibling) {
    if (step.type !== 'get_attr') break;
    const name = step.namedChild(0);
    if (!name || name.type !== 'identifier') break;
    names.push(name.text);
  }
  return names;
}
