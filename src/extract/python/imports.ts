import { positionOf } from '../common';
import type { SyntaxNode } from '../extractor';
import type { ImportBinding, ImportFact } from '../facts';

/**
 * `import a.b as c, d` -> one fact per module; `from ..m import x, y as z` -> one fact
 * with source `..m`. A whole-module import binds `*` to its local name.
 */
export function importFacts(statements: readonly SyntaxNode[]): ImportFact[] {
  const facts: ImportFact[] = [];
  for (const statement of statements) {
    if (statement.type === 'import_statement') facts.push(...moduleImports(statement));
    else {
      const fact = fromImport(statement);
      if (fact) facts.push(fact);
    }
  }
  return facts;
}

function moduleImports(statement: SyntaxNode): ImportFact[] {
  const position = positionOf(statement);
  const facts: ImportFact[] = [];
  for (const imported of statement.childrenForFieldName('name')) {
    if (!imported) continue;
    const module = imported.type === 'aliased_import' ? imported.childForFieldName('name') : imported;
    const alias = imported.type === 'aliased_import' ? imported.childForFieldName('alias') : null;
    if (!module) continue;
    const source = compact(module.text);
    facts.push({ ...position, source, bindings: [{ imported: '*', local: alias ? alias.text : source }] });
  }
  return facts;
}

function fromImport(statement: SyntaxNode): ImportFact | undefined {
  const module = statement.childForFieldName('module_name');
  if (!module) return undefined;
  const bindings: ImportBinding[] = [];
  for (const child of statement.namedChildren) {
    if (child?.type === 'wildcard_import') bindings.push({ imported: '*', local: '*' });
  }
  for (const name of statement.childrenForFieldName('name')) {
    const binding = name ? bindingOf(name) : undefined;
    if (binding) bindings.push(binding);
  }
  return { ...positionOf(statement), source: compact(module.text), bindings };
}

function bindingOf(name: SyntaxNode): ImportBinding | undefined {
  if (name.type === 'aliased_import') {
    const imported = name.childForFieldName('name');
    const alias = name.childForFieldName('alias');
    return imported && alias ? { imported: compact(imported.text), local: alias.text } : undefined;
  }
  const imported = compact(name.text);
  return imported ? { imported, local: imported } : undefined;
}

function compact(text: string): string {
  return text.replace(/\s+/g, '');
}
