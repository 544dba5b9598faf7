import { positionOf } from '../common';
import type { SyntaxNode } from '../extractor';
import type { ImportFact } from '../facts';

/**
 * Java imports. The source is always the package (`a.b`), found as the segments before
 * the first capitalised one, so that the imported name is the class-qualified name the
 * package declares (`C`, `Outer.Inner`, `C.m` for a static member): resolve then finds
 * nested classes and statically imported methods as symbols of that package.
 *   import a.b.C;            -> a.b  { C: C }
 *   import a.b.Outer.Inner;  -> a.b  { Inner: Outer.Inner }
 *   import a.b.*;            -> a.b  { *: * }
 *   import static a.b.C.m;   -> a.b  { m: C.m }
 *   import static a.b.C.*;   -> a.b  { *: C.* }
 */
export function importFacts(imports: readonly SyntaxNode[]): ImportFact[] {
  const facts: ImportFact[] = [];
  for (const declaration of imports) {
    const fact = importFact(declaration);
    if (fact) facts.push(fact);
  }
  return facts;
}

function importFact(declaration: SyntaxNode): ImportFact | undefined {
  let path: string | undefined;
  let wildcard = false;
  let isStatic = false;
  for (const child of declaration.children) {
    if (!child) continue;
    if (child.type === 'scoped_identifier' || child.type === 'identifier') path = child.text.replace(/\s+/g, '');
    else if (child.type === 'asterisk') wildcard = true;
    else if (child.type === 'static') isStatic = true;
  }
  if (!path) return undefined;
  const segments = path.split('.');
  const firstClass = segments.findIndex((segment) => /^[A-Z]/.test(segment));
  // No capitalised segment: the last one is the class, or the whole path is a package for `.*`.
  const packageEnd = firstClass >= 0 ? firstClass : wildcard && !isStatic ? segments.length : segments.length - 1;
  const source = segments.slice(0, packageEnd).join('.');
  const member = segments.slice(packageEnd).join('.');
  const binding = wildcard
    ? { imported: member ? `${member}.*` : '*', local: '*' }
    : { imported: member, local: segments[segments.length - 1]! };
  // A class in the default package cannot be imported: such a line is broken source.
  if (!source) return undefined;
  return { ...positionOf(declaration), source, bindings: [binding] };
}

/** Names made visible by single static imports (`import static a.b.C.m;`): `m`. */
export function staticallyImportedNames(imports: readonly SyntaxNode[]): Set<string> {
  const names = new Set<string>();
  for (const declaration of imports) {
    if (!declaration.children.some((child) => child?.type === 'static')) continue;
    if (declaration.children.some((child) => child?.type === 'asterisk')) continue;
    const path = declaration.children.find((child) => child?.type === 'scoped_identifier')?.text;
    if (path) names.add(path.slice(path.lastIndexOf('.') + 1).trim());
  }
  return names;
}
