import type { SyntaxNode } from '../extractor';
import type { ImportBinding, ImportFact } from '../facts';
import type { UsingMatch } from './collect';
import type { CSharpFile } from './context';
import { dottedName } from './syntax';

/** Roots of namespaces no repository declares itself. */
const EXTERNAL_ROOTS = new Set(['System', 'Microsoft']);

interface UsingDirective {
  readonly node: SyntaxNode;
  readonly target: string;
  readonly alias?: string;
  readonly isStatic: boolean;
}

/**
 * Using directives as imports. `using A.B;` imports the namespace, bound under its own
 * dotted name (so `A.B.Type` resolves); `using static A.B.C;` and `using X = A.B.C;`
 * import the type C from namespace A.B, as C or X. `global using` counts for this file
 * only.
 *
 * A namespace import brings all its types into scope, which the resolver's bindings
 * (one target per name) cannot say. So the type names this file uses and does not
 * declare are bound through one namespace import: the last one of the project's own
 * root namespace. A name that namespace does not declare then resolves to nothing,
 * never to a wrong symbol.
 */
export function importFacts(file: CSharpFile, usedTypeNames: ReadonlySet<string>): ImportFact[] {
  const directives = file.matches.usings.map((using) => readUsing(file, using));
  const carrier = bindingCarrier(file, directives);
  const aliases = new Set(directives.map((d) => d.alias).filter((a): a is string => a !== undefined));
  const bound = [...usedTypeNames].filter((name) => !aliases.has(name) && !file.typeNamed(name)).sort();
  return directives.map((directive) => {
    const fact = importOf(file, directive);
    if (directive !== carrier || bound.length === 0) return fact;
    return { ...fact, bindings: [...fact.bindings, ...bound.map((name) => ({ imported: name, local: name }))] };
  });
}

function readUsing(file: CSharpFile, using: UsingMatch): UsingDirective {
  const target = dottedName(using.target).replace(/<.*$/, '');
  return { node: using.target, target, alias: using.alias && file.name(using.alias), isStatic: using.isStatic };
}

function importOf(file: CSharpFile, directive: UsingDirective): ImportFact {
  const position = file.positionOf(directive.node);
  const { target } = directive;
  if (!directive.alias && !directive.isStatic) {
    return { ...position, source: target, bindings: [{ imported: '*', local: target }] };
  }
  const dot = target.lastIndexOf('.');
  const typeName = target.slice(dot + 1);
  const binding: ImportBinding = { imported: dot < 0 ? '*' : typeName, local: directive.alias ?? typeName };
  return { ...position, source: dot < 0 ? target : target.slice(0, dot), bindings: [binding] };
}

/** The last namespace import that looks like the project's own. */
function bindingCarrier(file: CSharpFile, directives: readonly UsingDirective[]): UsingDirective | undefined {
  const ownRoots = new Set<string>();
  for (const span of file.spans.all) if (span.kind === 'namespace') ownRoots.add(rootOf(span.name));
  const isOwn = (namespace: string): boolean => (ownRoots.size > 0 ? ownRoots.has(rootOf(namespace)) : !EXTERNAL_ROOTS.has(rootOf(namespace)));
  let carrier: UsingDirective | undefined;
  for (const directive of directives) if (!directive.alias && !directive.isStatic && isOwn(directive.target)) carrier = directive;
  return carrier;
}

function rootOf(namespace: string): string {
  const dot = namespace.indexOf('.');
  return dot < 0 ? namespace : namespace.slice(0, dot);
}
