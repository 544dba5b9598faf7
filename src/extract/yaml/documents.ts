import { type Document, LineCounter, type Tags, parseAllDocuments } from 'yaml';

/**
 * CloudFormation's short-form intrinsic functions. Registered with the yaml library as
 * custom tags (scalar, sequence and mapping forms) so `!Ref Topic` and `!GetAtt [Q, Arn]`
 * parse as tagged nodes without warnings; interpretation reads the tag off the node.
 */
export const INTRINSIC_FUNCTIONS = [
  'Ref', 'GetAtt', 'Sub', 'Join', 'If', 'Select', 'Split', 'FindInMap', 'GetAZs', 'ImportValue', 'Base64', 'Cidr',
  'Equals', 'And', 'Or', 'Not', 'Condition', 'Transform', 'Length', 'ToJsonString',
] as const;

const INTRINSIC_TAGS: Tags = INTRINSIC_FUNCTIONS.flatMap((name) => [
  { tag: `!${name}`, resolve: (value: string) => value },
  { tag: `!${name}`, collection: 'map' as const, resolve: <T>(node: T) => node },
  { tag: `!${name}`, collection: 'seq' as const, resolve: <T>(node: T) => node },
]);

/** One YAML stream: its documents, and the line index that turns offsets into positions. */
export interface YamlStream {
  readonly documents: readonly Document.Parsed[];
  readonly lineCounter: LineCounter;
  /** Errors over all documents (warnings such as unknown tags are not errors). */
  readonly errorCount: number;
}

/**
 * Parses every document of a stream. The library recovers from errors per document, so
 * a broken document in the middle leaves the others whole. Node trees are kept as they
 * are (no conversion to plain objects): every node carries its source range.
 */
export function parseYamlStream(source: string): YamlStream {
  const lineCounter = new LineCounter();
  const parsed = parseAllDocuments(source, {
    lineCounter,
    customTags: INTRINSIC_TAGS,
    prettyErrors: false,
    uniqueKeys: false,
    strict: false,
    keepSourceTokens: false,
  });
  const documents: Document.Parsed[] = 'empty' in parsed ? [] : parsed;
  const streamErrors = 'empty' in parsed ? parsed.errors.length : 0;
  const errorCount = documents.reduce((sum, doc) => sum + doc.errors.length, streamErrors);
  return { documents, lineCounter, errorCount };
}
