import type { SyntaxNode } from '../extractor';

/**
 * Overloads: `function f(a: string): A; function f(a: number): B; function f(a) {…}`, and
 * the same of a method. A caller sees only the signatures: the implementation's own
 * parameters and result are not a way to call it. One symbol stands for the run, made at
 * the implementation (whose body is the symbol's), or at the first of signatures alone
 * (vendored typings), with the signatures' ways to call it.
 */

/** Declarations that may be one of a run, by the family of nodes a run is made of. */
const FAMILY: Readonly<Record<string, 'function' | 'method'>> = {
  function_declaration: 'function',
  generator_function_declaration: 'function',
  function_signature: 'function',
  method_definition: 'method',
  method_signature: 'method',
  abstract_method_signature: 'method',
};

/** The declarations of one name that make a run, and the one the symbol stands at. */
export interface OverloadRun {
  /** The implementation, or the first signature of a run of signatures alone (`declare class`). */
  readonly symbolAt: SyntaxNode;
  /** The ways to call it: the run's signatures; empty for a declaration that stands alone. */
  readonly signatures: readonly SyntaxNode[];
}

/** The run a function or method declaration is part of; `hasBody` when it is an implementation (a run's last). */
export function overloadRun(declaration: SyntaxNode, hasBody = !isSignature(declaration)): OverloadRun {
  const run = [declaration];
  for (let at = neighbour(declaration, 'previous'); at && sameRun(at, run[0]!); at = neighbour(at, 'previous')) run.unshift(at);
  if (!hasBody) {
    for (let at = neighbour(declaration, 'next'); at && sameRun(run[run.length - 1]!, at); at = neighbour(at, 'next')) run.push(at);
  }
  if (run.length === 1) return { symbolAt: declaration, signatures: [] };
  const last = run[run.length - 1]!;
  return isSignature(last) ? { symbolAt: run[0]!, signatures: run } : { symbolAt: last, signatures: run.slice(0, -1) };
}

function isSignature(declaration: SyntaxNode): boolean {
  return declaration.childForFieldName('body') === null;
}

/** Whether `later`, the declaration after `earlier`, continues its run: only signatures come before another. */
function sameRun(earlier: SyntaxNode, later: SyntaxNode): boolean {
  const family = FAMILY[earlier.type];
  if (family === undefined || FAMILY[later.type] !== family || !isSignature(earlier)) return false;
  return earlier.childForFieldName('name')?.text === later.childForFieldName('name')?.text && isStatic(earlier) === isStatic(later);
}

function isStatic(declaration: SyntaxNode): boolean {
  return declaration.children.some((c) => c?.type === 'static');
}

/**
 * The declaration next to this one among its statements or class members: comments and
 * decorators are passed over, `export` and `declare` statements unwrapped.
 */
function neighbour(declaration: SyntaxNode, side: 'next' | 'previous'): SyntaxNode | undefined {
  const wrapper = declaration.parent?.type === 'export_statement' || declaration.parent?.type === 'ambient_declaration' ? declaration.parent : undefined;
  let at = side === 'next' ? (wrapper ?? declaration).nextNamedSibling : (wrapper ?? declaration).previousNamedSibling;
  while (at?.type === 'comment' || at?.type === 'decorator') at = side === 'next' ? at.nextNamedSibling : at.previousNamedSibling;
  if (at?.type === 'export_statement') return at.childForFieldName('declaration') ?? undefined;
  if (at?.type === 'ambient_declaration') return at.firstNamedChild ?? undefined;
  return at ?? undefined;
}
