import type { QueryCapture } from 'web-tree-sitter';
import { countSyntaxErrors, positionOf, unquote } from '../common';
import type { ExtractInput, LanguageExtractor, SyntaxNode } from '../extractor';
import type { FileFacts, ImportFact, LinkFact, Position, SymbolFact } from '../facts';
import { meteredCaptures } from '../meteredQuery';
import { type BlockHead, type TopBlock, localValueSymbol, readTopBlock } from './blocks';
import { addressOf } from './references';

/**
 * Terraform: one query pass (queries.scm). Captures arrive in document order, outer
 * nodes before inner ones, so the block or local value a reference sits in is the one
 * still open, and a pattern's parts follow its role capture: no tree walk is needed
 * (asking a node for its parent costs a walk from the root). Package path and keys use
 * the module directory (DESIGN §4).
 */
export const terraformExtractor: LanguageExtractor = {
  extract(input: ExtractInput): FileFacts {
    const { tree, path, language } = input;
    const root = tree.rootNode;
    const reader = new TerraformReader(terraformKeyPrefix(path));
    for (const capture of meteredCaptures(input)) reader.read(capture);
    return {
      path,
      language,
      symbols: reader.symbols,
      imports: reader.imports,
      calls: [],
      references: [],
      routes: [],
      links: reader.links,
      syntaxErrors: countSyntaxErrors(root),
    };
  },
};

/** `tf:<module dir>:`, the root module's directory written `.`. */
export function terraformKeyPrefix(filePath: string): string {
  const slash = filePath.lastIndexOf('/');
  return `tf:${slash < 0 ? '.' : filePath.slice(0, slash)}:`;
}

interface OpenLocal {
  readonly name: string;
  readonly end: number;
}

/** An attribute of a `locals` or `module` block whose name and value captures follow. */
interface PendingAttribute {
  readonly node: SyntaxNode;
  name?: SyntaxNode;
}

class TerraformReader {
  readonly symbols: SymbolFact[] = [];
  readonly imports: ImportFact[] = [];
  readonly links: LinkFact[] = [];
  private top: TopBlock | undefined;
  /** The top-level block whose type and label captures come next, up to its `{`. */
  private pendingBlock: SyntaxNode | undefined;
  private head: BlockHead | undefined;
  /** End of the last block nested in the top one: attributes before it are not the top block's own. */
  private nestedEnd = 0;
  private attribute: PendingAttribute | undefined;
  private local: OpenLocal | undefined;
  /** `from\0address` pairs already linked: one edge per pair, at its first use. */
  private readonly linked = new Set<string>();

  constructor(private readonly keyPrefix: string) {}

  read({ name, node }: QueryCapture): void {
    switch (name) {
      case 'block':
        return this.readBlock(node);
      case 'block.type':
        if (this.pendingBlock) this.head = { node: this.pendingBlock, type: node.text, labels: [] };
        this.pendingBlock = undefined;
        return;
      case 'block.label':
        this.head?.labels.push(node);
        return;
      case 'block.start':
        return this.openTopBlock(node);
      case 'attribute':
        return this.readAttribute(node);
      case 'attribute.name':
        if (this.attribute) this.attribute.name = node;
        return;
      case 'attribute.value':
        return this.readAttributeValue(node);
      case 'reference':
        return this.readReference(node);
    }
  }

  private readBlock(node: SyntaxNode): void {
    this.pendingBlock = undefined;
    this.head = undefined;
    if (this.isInsideTop(node)) this.nestedEnd = Math.max(this.nestedEnd, node.endIndex);
    else this.pendingBlock = node;
  }

  private openTopBlock(blockStart: SyntaxNode): void {
    if (!this.head) return;
    this.top = readTopBlock(this.head, blockStart, this.keyPrefix);
    this.head = undefined;
    this.local = undefined;
    if (this.top.symbol) this.symbols.push(this.top.symbol);
  }

  /** Only attributes directly in a top-level `locals` (local values) or `module` (its source) matter. */
  private readAttribute(node: SyntaxNode): void {
    const type = this.top?.type;
    const direct = this.isInsideTop(node) && node.startIndex >= this.nestedEnd;
    this.attribute = direct && (type === 'locals' || type === 'module') ? { node } : undefined;
  }

  private readAttributeValue(value: SyntaxNode): void {
    const attribute = this.attribute;
    this.attribute = undefined;
    if (!attribute?.name || !this.top) return;
    if (this.top.type === 'locals') {
      const symbol = localValueSymbol(attribute.node, attribute.name, this.keyPrefix);
      this.symbols.push(symbol);
      this.local = { name: symbol.name, end: attribute.node.endIndex };
    } else if (attribute.name.text === 'source') {
      const source = plainString(value);
      if (source !== undefined) this.imports.push({ ...positionOf(value), source, bindings: [] });
    }
  }

  private readReference(node: SyntaxNode): void {
    const from = this.enclosingSymbol(node.startIndex);
    if (from === undefined) return;
    const address = addressOf(node, node.text);
    if (!address || address === from) return;
    const pair = `${from}\0${address}`;
    if (this.linked.has(pair)) return;
    this.linked.add(pair);
    this.links.push(dependsOn(from, this.keyPrefix + address, positionOf(node)));
  }

  /** The local value or top-level block declaring a symbol that encloses the offset. */
  private enclosingSymbol(offset: number): string | undefined {
    if (this.local && offset < this.local.end) return this.local.name;
    if (this.top && offset < this.top.end) return this.top.symbol?.name;
    return undefined;
  }

  private isInsideTop(node: SyntaxNode): boolean {
    return this.top !== undefined && node.startIndex < this.top.end;
  }
}

function dependsOn(from: string, key: string, at: Position): LinkFact {
  return { ...at, edgeType: 'depends_on', from: { form: 'local', name: from }, to: { form: 'keys', candidates: [[key]] } };
}

/** The text of an expression that is a plain string literal (no interpolation). */
function plainString(expression: SyntaxNode): string | undefined {
  const literal = expression.namedChild(0);
  const string = literal?.type === 'literal_value' ? literal.namedChild(0) : undefined;
  if (!string || string.type !== 'string_lit' || expression.namedChildCount !== 1) return undefined;
  return unquote(string.text);
}
