import type { Node as SyntaxNode, QueryCapture } from 'web-tree-sitter';
import { hashBytes } from '../model/hash';
import type { CalleeExpr, Position, TypeExpr } from './facts';

/** Shared helpers for extractors: positions, signatures, doc comments, error counts. */

export function positionOf(node: SyntaxNode): Position {
  return { line: node.startPosition.row + 1, col: node.startPosition.column };
}

export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The declaration text up to (not including) its body node, whitespace collapsed. */
export function signatureOf(declaration: SyntaxNode, body: SyntaxNode | null | undefined, maxLength = 300): string {
  const end = body ? body.startIndex - declaration.startIndex : declaration.text.length;
  const header = collapseWhitespace(declaration.text.slice(0, Math.max(0, end)));
  return header.length > maxLength ? `${header.slice(0, maxLength - 1)}…` : header;
}

export function bodyHashOf(node: SyntaxNode): string {
  return hashBytes(node.text);
}

/**
 * The comment block directly above a declaration (no blank line between), with comment
 * markers stripped. `commentTypes` are the grammar's comment node types.
 */
export function leadingComment(declaration: SyntaxNode, commentTypes: ReadonlySet<string> = new Set(['comment'])): string {
  const lines: string[] = [];
  let expectedRow = declaration.startPosition.row;
  for (let sibling = declaration.previousSibling; sibling; sibling = sibling.previousSibling) {
    if (!commentTypes.has(sibling.type) || sibling.endPosition.row < expectedRow - 1) break;
    lines.unshift(stripCommentMarkers(sibling.text));
    expectedRow = sibling.startPosition.row;
  }
  return lines.join('\n').trim();
}

export function stripCommentMarkers(text: string): string {
  return text
    .replace(/^\/\*\*?|\*\/$/g, '')
    .split('\n')
    .map((line) => line.replace(/^\s*(\/\/+|#+|\*+)\s?/, ''))
    .join('\n')
    .trim();
}

/** Number of ERROR and MISSING nodes: the file parsed only in part. */
export function countSyntaxErrors(root: SyntaxNode): number {
  if (!root.hasError) return 0;
  let count = 0;
  const cursor = root.walk();
  let descend = true;
  for (;;) {
    const node = cursor.currentNode;
    if (descend && (node.isError || node.isMissing)) count++;
    if (descend && node.hasError && cursor.gotoFirstChild()) continue;
    if (cursor.gotoNextSibling()) {
      descend = true;
      continue;
    }
    if (!cursor.gotoParent()) break;
    descend = false;
  }
  cursor.delete();
  return count;
}

/**
 * Groups captures by the match they came from: returns, for each match, a map from
 * capture name to node. Extractors read one pattern's captures together this way.
 */
export function capturesByName(captures: readonly QueryCapture[]): Map<string, SyntaxNode> {
  const byName = new Map<string, SyntaxNode>();
  for (const capture of captures) if (!byName.has(capture.name)) byName.set(capture.name, capture.node);
  return byName;
}

/** Strips one layer of matching quotes from a string literal's text. */
export function unquote(text: string): string {
  const first = text[0];
  if (text.length >= 2 && (first === '"' || first === "'" || first === '`') && text[text.length - 1] === first) {
    return text.slice(1, -1);
  }
  return text;
}

/** `/users/:id`, `/users/<int:id>`, `/users/{id:[0-9]+}` all become `/users/{id}`. */
export function normaliseRoutePath(path: string): string {
  const normalised = path
    .replace(/\{([A-Za-z_][A-Za-z0-9_]*)(?::[^}]*)?\}/g, '{$1}')
    .replace(/<(?:[^:>]+:)?([^>]+)>/g, '{$1}')
    .replace(/:([A-Za-z_][A-Za-z0-9_]*)\??/g, '{$1}')
    .replace(/\[\.\.\.([A-Za-z_][A-Za-z0-9_]*)\]/g, '{$1}')
    .replace(/\[([A-Za-z_][A-Za-z0-9_]*)\]/g, '{$1}');
  return normalised.startsWith('/') || normalised === '' ? normalised || '/' : `/${normalised}`;
}

/**
 * A type written with angle-bracket type arguments (Java, C#), whitespace normalised,
 * with the type parameters in scope taken out: they are no types the resolver may look
 * up. A type that is one is '' (unknown); one standing as a type argument becomes the
 * wildcard `?` (`Box<T>` is still a Box, its element unknown).
 */
export function writtenGenericType(text: string, typeParameters: ReadonlySet<string>): string {
  if (text.length > 300) return '';
  const cleaned = text.replace(/\s+/g, ' ').replace(/\s*([<>,.[\]?])\s*/g, '$1').replace(/,/g, ', ').trim();
  if (typeParameters.size === 0) return cleaned;
  const head = /^[A-Za-z_$][\w$]*/.exec(cleaned)?.[0];
  if (head && typeParameters.has(head) && !cleaned.slice(head.length).startsWith('.')) return '';
  return cleaned.replace(/(?<![\w$.])([A-Za-z_$][\w$]*)(?![\w$.])/g, (name: string) => (typeParameters.has(name) ? '?' : name));
}

/** How deeply a receiverType nests (`a.b().c()` nests two results); facts bound it so their encoding stays shallow. */
export function typeExprDepth(expr: TypeExpr): number {
  switch (expr.t) {
    case 'named':
      return 0;
    case 'value':
      return 1 + calleeTypeDepth(expr.of);
    case 'result':
      return 1 + calleeTypeDepth(expr.call);
    case 'field':
    case 'element':
      return 1 + typeExprDepth(expr.of);
    case 'either':
      return 1 + Math.max(0, ...expr.of.map(typeExprDepth));
    case 'mapped':
      return 1 + Math.max(typeExprDepth(expr.of), typeExprDepth(expr.to), calleeTypeDepth(expr.call));
    case 'param':
    case 'returns':
      return 1 + typeExprDepth(expr.of);
    case 'callback':
      return 1 + calleeTypeDepth(expr.call);
    case 'inherited':
      return 0;
  }
}

function calleeTypeDepth(callee: CalleeExpr): number {
  return callee.form === 'member' && callee.receiverType ? typeExprDepth(callee.receiverType) : 0;
}

/**
 * The key a module-level function is found under by the Lambda handler strings of
 * Serverless and SAM templates (`handler: src/handler.main`): the file's path from the
 * repository root without its extension, a dot, and the function's name.
 */
export function lambdaHandlerKey(fileWithoutExtension: string, functionName: string): string {
  return `lambda:handler:${fileWithoutExtension}.${functionName}`;
}
