import { positionOf } from './common';
import type { ExtractInput, LanguageExtractor, SyntaxNode } from './extractor';
import type { CalleeExpr, FileFacts, MessagingFact } from './facts';

/**
 * Messaging calls read after a language's own extraction: a reader sees the tree and the
 * facts already made (imports tell which client libraries the file uses, symbols tell
 * which function a call sits in). Readers live in each language's `messaging.ts`.
 */
export type MessagingReader = (input: ExtractInput, facts: FileFacts) => MessagingFact[];

/** An extractor whose facts also carry what `reader` finds; `messaging` is left out when empty. */
export function withMessaging(extractor: LanguageExtractor, reader: MessagingReader): LanguageExtractor {
  return {
    extract(input: ExtractInput): FileFacts {
      const facts = extractor.extract(input);
      if (facts.skipReason) return facts;
      const messaging = reader(input, facts).sort((a, b) => a.line - b.line || a.col - b.col || a.topic.localeCompare(b.topic));
      return messaging.length > 0 ? { ...facts, messaging } : facts;
    },
  };
}

const CALLABLE_KINDS: ReadonlySet<string> = new Set(['function', 'method']);

/** The innermost function or method declared around a line, '' at module scope. */
export function enclosingSymbol(facts: FileFacts, line: number): string {
  let best: { name: string; line: number } | undefined;
  for (const symbol of facts.symbols) {
    if (!CALLABLE_KINDS.has(symbol.kind) || symbol.line > line || symbol.endLine < line) continue;
    if (!best || symbol.line >= best.line) best = { name: symbol.name, line: symbol.line };
  }
  return best?.name ?? '';
}

/** One fact at a node (its start), in the symbol around it. */
export function messagingFact(
  facts: FileFacts, at: SyntaxNode, role: MessagingFact['role'], system: string, topic: string, handler?: CalleeExpr,
): MessagingFact {
  const position = positionOf(at);
  return { ...position, role, system, topic, caller: enclosingSymbol(facts, position.line), ...(handler ? { handler } : {}) };
}

/**
 * Names bound exactly once in a file to a string, and never assigned again: the only
 * names whose topic the file alone fixes. `bindings` lists every binding of a name
 * (undefined value: bound to something other than a string literal).
 */
export function onceBoundStrings(bindings: Iterable<readonly [string, string | undefined]>, reassigned: Iterable<string>): Map<string, string> {
  const seen = new Map<string, string | undefined>();
  const twice = new Set<string>(reassigned);
  for (const [name, value] of bindings) {
    if (seen.has(name)) twice.add(name);
    seen.set(name, value);
  }
  const constants = new Map<string, string>();
  for (const [name, value] of seen) if (value !== undefined && !twice.has(name)) constants.set(name, value);
  return constants;
}

/** The last path segment of an SQS queue URL (`https://sqs.<region>.amazonaws.com/<account>/<name>`). */
export function sqsQueueName(url: string): string | undefined {
  const match = /^https:\/\/sqs\.[^/]+\/\d+\/([\w.-]+)$/.exec(url) ?? /^https:\/\/[^/]*queue\.amazonaws\.com\/\d+\/([\w.-]+)$/.exec(url);
  return match?.[1];
}
