import { type Document, type LineCounter, type Node, type Scalar, isAlias, isMap, isNode, isScalar, isSeq, visit } from 'yaml';
import { hashBytes } from '../../model/hash';
import type { Position } from '../facts';

/** A key of a mapping with its value: the key node is where a name is written. */
export interface Entry {
  readonly name: string;
  readonly keyNode: Scalar;
  /** The value, aliases resolved. */
  readonly value: Node | undefined;
  /** The value as written: an alias stays an alias, so a position points where it is used. */
  readonly written: Node | undefined;
}

/** Merge keys (`<<: *defaults`) nest; past this depth a merge is ignored (cycles). */
const MAX_MERGE_DEPTH = 8;

/**
 * Read access to one parsed YAML document for extractors: mapping lookups that follow
 * aliases and merge keys, scalar text, and source positions. Aliases are resolved
 * through an anchor index built once per document on first use, so reading never walks
 * the document again per alias (and alias bombs cost nothing: nothing is expanded).
 */
export class YamlDoc {
  private anchors: Map<string, { offset: number; node: Node }[]> | undefined;

  constructor(
    readonly document: Document.Parsed,
    private readonly source: string,
    private readonly lineCounter: LineCounter,
  ) {}

  get root(): Node | undefined {
    return this.deref(this.document.contents ?? undefined);
  }

  /** The node an alias points at (the nearest anchor of that name before it); other nodes as they are. */
  deref(node: unknown): Node | undefined {
    if (!isAlias(node)) return isNode(node) ? node : undefined;
    const candidates = this.anchorIndex().get(node.source) ?? [];
    const at = node.range?.[0] ?? Number.MAX_SAFE_INTEGER;
    let found: Node | undefined;
    for (const candidate of candidates) if (candidate.offset < at) found = candidate.node;
    return isAlias(found) ? undefined : found;
  }

  /** The value under `key` in a mapping (direct keys first, then merged mappings). */
  get(node: unknown, key: string): Node | undefined {
    return this.entry(node, key)?.value;
  }

  /** The value under the last of a path of keys as written (an alias stays an alias): for positions. */
  writtenAt(node: unknown, ...keys: string[]): Node | undefined {
    const last = keys.pop();
    return last === undefined ? undefined : this.entry(this.at(node, ...keys), last)?.written;
  }

  /** `get` along a path of keys. */
  at(node: unknown, ...keys: string[]): Node | undefined {
    let current = this.deref(node);
    for (const key of keys) current = this.get(current, key);
    return current;
  }

  entry(node: unknown, key: string, depth = 0): Entry | undefined {
    const map = this.deref(node);
    if (!isMap(map) || depth > MAX_MERGE_DEPTH) return undefined;
    for (const pair of map.items) {
      if (isScalar(pair.key) && scalarText(pair.key) === key) {
        return { name: key, keyNode: pair.key, value: this.deref(pair.value), written: writtenNode(pair.value) };
      }
    }
    for (const source of this.mergeSources(map)) {
      const merged = this.entry(source, key, depth + 1);
      if (merged) return merged;
    }
    return undefined;
  }

  /**
   * The entries of a mapping with scalar keys, in source order, followed by the entries
   * merge keys bring in that the mapping does not set itself (YAML merge semantics).
   */
  entries(node: unknown, depth = 0): Entry[] {
    const map = this.deref(node);
    if (!isMap(map) || depth > MAX_MERGE_DEPTH) return [];
    const entries: Entry[] = [];
    const names = new Set<string>();
    for (const pair of map.items) {
      if (!isScalar(pair.key)) continue;
      const name = scalarText(pair.key);
      if (name === undefined || name === '<<' || names.has(name)) continue;
      names.add(name);
      entries.push({ name, keyNode: pair.key, value: this.deref(pair.value), written: writtenNode(pair.value) });
    }
    for (const source of this.mergeSources(map)) {
      for (const merged of this.entries(source, depth + 1)) {
        if (names.has(merged.name)) continue;
        names.add(merged.name);
        entries.push(merged);
      }
    }
    return entries;
  }

  /** The items of a sequence, aliases resolved; a non-sequence has none. */
  items(node: unknown): Node[] {
    const seq = this.deref(node);
    if (!isSeq(seq)) return [];
    return seq.items.map((item) => this.deref(item)).filter((item): item is Node => item !== undefined);
  }

  /** A scalar's value as text (numbers and booleans as written); undefined for anything else. */
  text(node: unknown): string | undefined {
    const value = this.deref(node);
    return isScalar(value) ? scalarText(value) : undefined;
  }

  /** `text(get(node, key))`. */
  textAt(node: unknown, ...keys: string[]): string | undefined {
    return this.text(this.at(node, ...keys));
  }

  /** Where a node starts: for a quoted scalar, its first character inside the quotes. */
  position(node: Node): Position {
    const offset = node.range?.[0] ?? 0;
    const quoted = isScalar(node) && (node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE');
    return this.positionOfOffset(offset + (quoted ? 1 : 0));
  }

  /** The last line a node covers (its value, not the trailing comments or blank lines). */
  endLine(node: Node): number {
    const end = node.range?.[1] ?? node.range?.[0] ?? 0;
    return this.positionOfOffset(Math.max(end - 1, node.range?.[0] ?? 0)).line;
  }

  /** Hash of the source text from `first`'s start to `last`'s end. */
  hashOf(first: Node, last: Node = first): string {
    return hashBytes(this.source.slice(first.range?.[0] ?? 0, last.range?.[1] ?? first.range?.[1] ?? 0));
  }

  private positionOfOffset(offset: number): Position {
    const { line, col } = this.lineCounter.linePos(offset);
    return line === 0 ? { line: 1, col: offset } : { line, col: col - 1 };
  }

  private *mergeSources(map: Node): Generator<Node> {
    if (!isMap(map)) return;
    for (const pair of map.items) {
      if (!isScalar(pair.key) || pair.key.value !== '<<') continue;
      const value = this.deref(pair.value);
      if (isSeq(value)) {
        for (const item of value.items) {
          const source = this.deref(item);
          if (source) yield source;
        }
      } else if (value) {
        yield value;
      }
    }
  }

  private anchorIndex(): Map<string, { offset: number; node: Node }[]> {
    if (!this.anchors) {
      const anchors = new Map<string, { offset: number; node: Node }[]>();
      visit(this.document, (_key, node) => {
        if (!isNode(node) || isAlias(node) || !node.anchor) return;
        let list = anchors.get(node.anchor);
        if (!list) anchors.set(node.anchor, (list = []));
        list.push({ offset: node.range?.[0] ?? 0, node });
      });
      for (const list of anchors.values()) list.sort((a, b) => a.offset - b.offset);
      this.anchors = anchors;
    }
    return this.anchors;
  }
}

function writtenNode(value: unknown): Node | undefined {
  return isNode(value) ? value : undefined;
}

/** A scalar's value as text: strings as they are, numbers and booleans as written. */
export function scalarText(scalar: Scalar): string | undefined {
  const { value } = scalar;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return typeof scalar.source === 'string' ? scalar.source : String(value);
  }
  return undefined;
}

/** The comment written above a node (its own, or the one the library attached to its key). */
export function commentAbove(...nodes: ({ commentBefore?: string | null } | null | undefined)[]): string {
  for (const node of nodes) {
    const comment = node?.commentBefore?.trim();
    if (comment) return comment.split('\n').map((line) => line.trim()).join('\n');
  }
  return '';
}
