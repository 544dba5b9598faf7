import { collapseWhitespace, stripCommentMarkers } from '../common';
import type { SyntaxNode } from '../extractor';
import type { HeaderRole } from './collect';
import { type Attribute, attributeName } from './syntax';

const MAX_SIGNATURE = 300;

/** What the header of a declaration says around its name: attributes, modifiers, bases. */
interface DeclarationParts {
  readonly attributes: Attribute[];
  readonly modifiers: Set<string>;
  /** Where the header starts once attributes are skipped. */
  headerStart?: number;
  /** `IFoo` in `void IFoo.Bar()`. */
  explicitInterface?: string;
  baseList?: SyntaxNode;
}

const KEYWORD = /[a-z]+/y;
const DOTTED_NAME = /[\p{L}\p{N}_@.]+/uy;
const NO_MODIFIERS: ReadonlySet<string> = new Set();

/**
 * The header parts of each declaration, filed from the query's header captures (so no
 * declaration's children are walked one wasm call at a time), with the header text and
 * doc comment read from the source.
 */
export class DeclarationReader {
  private readonly byDeclaration = new Map<number, DeclarationParts>();

  constructor(private readonly source: string) {}

  /** Files a header capture under the declaration it belongs to. */
  add(declaration: SyntaxNode, role: HeaderRole, node: SyntaxNode, name?: SyntaxNode, template?: SyntaxNode): void {
    let parts = this.byDeclaration.get(declaration.id);
    if (!parts) this.byDeclaration.set(declaration.id, (parts = { attributes: [], modifiers: new Set() }));
    switch (role) {
      case 'modifier':
        parts.modifiers.add(this.keywordAt(node.startIndex) ?? node.text);
        break;
      case 'attribute':
        if (name) parts.attributes.push({ name: attributeName(this.dottedAt(name.startIndex) ?? name.text), nameNode: name, template });
        parts.headerStart = Math.max(parts.headerStart ?? 0, this.attributeListEnd(node.endIndex));
        break;
      case 'explicit':
        parts.explicitInterface = node.text.replace(/\s+|\.$/g, '');
        break;
      case 'bases':
        parts.baseList ??= node;
        break;
    }
  }

  modifiers(declaration: SyntaxNode): ReadonlySet<string> {
    return this.byDeclaration.get(declaration.id)?.modifiers ?? NO_MODIFIERS;
  }

  /** The attributes written on a declaration, in source order. */
  attributes(declaration: SyntaxNode): readonly Attribute[] {
    return this.byDeclaration.get(declaration.id)?.attributes ?? [];
  }

  explicitInterface(declaration: SyntaxNode): string | undefined {
    return this.byDeclaration.get(declaration.id)?.explicitInterface;
  }

  baseList(declaration: SyntaxNode): SyntaxNode | undefined {
    return this.byDeclaration.get(declaration.id)?.baseList;
  }

  private keywordAt(index: number): string | undefined {
    KEYWORD.lastIndex = index;
    return KEYWORD.exec(this.source)?.[0];
  }

  private dottedAt(index: number): string | undefined {
    DOTTED_NAME.lastIndex = index;
    return DOTTED_NAME.exec(this.source)?.[0];
  }

  /** Just past the `]` closing the attribute list of an attribute ending at `index`. */
  private attributeListEnd(index: number): number {
    const close = this.source.indexOf(']', index);
    return close < 0 ? index : close + 1;
  }

  /** The declaration header without attributes or body, whitespace collapsed. */
  header(declaration: SyntaxNode, body: SyntaxNode | null | undefined): string {
    const start = this.byDeclaration.get(declaration.id)?.headerStart ?? declaration.startIndex;
    const end = Math.max(start, body ? body.startIndex : declaration.endIndex);
    const header = collapseWhitespace(this.source.slice(start, end)).replace(/\s*[;{]$/, '');
    return header.length > MAX_SIGNATURE ? `${header.slice(0, MAX_SIGNATURE - 1)}…` : header;
  }

  /**
   * The comment lines directly above a declaration (`///` XML doc comments read as
   * text: tags dropped), read from the source: asking the tree for previous siblings
   * costs a walk over all earlier siblings each time.
   */
  doc(declaration: SyntaxNode): string {
    const lines: string[] = [];
    let lineStart = this.source.lastIndexOf('\n', declaration.startIndex - 1) + 1;
    if (this.source.slice(lineStart, declaration.startIndex).trim() !== '') return '';
    while (lineStart > 0) {
      const previousStart = this.source.lastIndexOf('\n', lineStart - 2) + 1;
      const text = this.source.slice(previousStart, lineStart - 1).trim();
      if (text.startsWith('//')) {
        lines.unshift(text);
        lineStart = previousStart;
      } else if (text.endsWith('*/')) {
        const open = this.source.lastIndexOf('/*', lineStart - 1);
        if (open < 0) break;
        const blockLineStart = this.source.lastIndexOf('\n', open - 1) + 1;
        if (this.source.slice(blockLineStart, open).trim() !== '') break;
        lines.unshift(this.source.slice(open, lineStart - 1).trim());
        lineStart = blockLineStart;
      } else {
        break;
      }
    }
    if (lines.length === 0) return '';
    return lines.map(stripCommentMarkers).join('\n')
      .replace(/<\/?(summary|remarks|returns|value|para)>/g, '')
      .replace(/<(?:see|seealso) cref="([^"]*)"\s*\/>/g, '$1')
      .replace(/\n{2,}/g, '\n')
      .trim();
  }
}
