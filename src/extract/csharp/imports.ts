import type { SyntaxNode } from '../extractor';
import type { ImportBinding, ImportFact } from '../facts';
import type { UsingMatch } from './collect';
import type { CSharpFile } from './context';
import { dottedName } from './syntax';

interface UsingDirective {
  readonly node: SyntaxNode;
  readonly target: string;
  readonly alias?: string;
  readonly isStatic: boolean;
}

/**
 * Using directives as imports. `using A.B;` imports the namespace: bound under its own
 * dotted name (so `A.B.Type` resolves) and as a wildcard (`*`), so its types are visible
 * unqualified; a name two imported namespaces of the repo both declare resolves to
 * nothing. `using static A.B.C;` and `using X = A.B.C;` import the type C from namespace
 * A.B, as C or X; the static one marks C's members visible unqualified. `global using`
 * counts for this file only.
 */
export function importFacts(file: CSharpFile): ImportFact[] {
  return file.matches.usings.map((using) => importOf(file, readUsing(file, using)));
}

function readUsing(file: CSharpFile, using: UsingMatch): UsingDirective {
  const target = dottedName(using.target).replace(/<.*$/, '');
  return { node: using.target, target, alias: using.alias && file.name(using.alias), isStatic: using.isStatic };
}

function importOf(file: CSharpFile, directive: UsingDirective): ImportFact {
  const position = file.positionOf(directive.node);
  const { target } = directive;
  if (!directive.alias && !directive.isStatic) {
    return { ...position, source: target, bindings: [{ imported: '*', local: target }, { imported: '*', local: '*' }] };
  }
  const dot = target.lastIndexOf('.');
  const typeName = target.slice(dot + 1);
  const binding: ImportBinding = { imported: dot < 0 ? '*' : typeName, local: directive.alias ?? typeName };
  const source = dot < 0 ? target : target.slice(0, dot);
  return directive.isStatic ? { ...position, source, bindings: [binding], members: true } : { ...position, source, bindings: [binding] };
}
