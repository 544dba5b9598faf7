import { bodyHashOf, leadingComment, positionOf, signatureOf, unquote } from '../common';
import type { SyntaxNode } from '../extractor';
import type { SymbolFact } from '../facts';
import type { NodeKind } from '../../model/kinds';

/**
 * Top-level Terraform blocks and the symbols they declare. A block is named by the
 * address other blocks use to refer to it (`aws_sqs_queue.orders`, `data.aws_ami.x`,
 * `module.vpc`, `var.region`, `output.url`), so a reference's text is its target's name.
 */

export interface TopBlock {
  readonly node: SyntaxNode;
  /** `resource`, `data`, `module`, `variable`, `output`, `locals`, `provider`, ... */
  readonly type: string;
  readonly end: number;
  /** The symbol the block declares; absent for `locals`, `provider`, `terraform`, ... */
  readonly symbol?: SymbolFact;
}

/**
 * Resource types that are message queues or topics get those node kinds, so the graph
 * shows them beside the queues and topics of the cloud templates. The list is explicit:
 * a name ending in `_queue` is not always a message queue (`aws_batch_job_queue`).
 */
const QUEUE_TYPES = new Set([
  'aws_sqs_queue', 'azurerm_servicebus_queue', 'azurerm_storage_queue', 'google_cloud_tasks_queue',
]);
const TOPIC_TYPES = new Set([
  'aws_sns_topic', 'google_pubsub_topic', 'azurerm_servicebus_topic', 'azurerm_eventgrid_topic',
  'kafka_topic', 'confluent_kafka_topic',
]);

/** Block type -> how its labels make an address, and the symbol's kind. */
const DECLARING_BLOCKS: Readonly<Record<string, { labels: number; prefix: string; kind?: NodeKind; exported: boolean }>> = {
  resource: { labels: 2, prefix: '', exported: false },
  data: { labels: 2, prefix: 'data.', kind: 'resource', exported: false },
  ephemeral: { labels: 2, prefix: 'ephemeral.', kind: 'resource', exported: false },
  module: { labels: 1, prefix: 'module.', kind: 'resource', exported: false },
  variable: { labels: 1, prefix: 'var.', kind: 'variable', exported: true },
  output: { labels: 1, prefix: 'output.', kind: 'variable', exported: true },
};

export function resourceKind(resourceType: string): NodeKind {
  if (QUEUE_TYPES.has(resourceType)) return 'queue';
  if (TOPIC_TYPES.has(resourceType)) return 'topic';
  return 'resource';
}

/** A top-level block's captures, gathered until its `{`. */
export interface BlockHead {
  readonly node: SyntaxNode;
  readonly type: string;
  readonly labels: SyntaxNode[];
}

/** Reads a top-level block: the symbol it declares, if any, from its type and labels. */
export function readTopBlock({ node, type, labels }: BlockHead, blockStart: SyntaxNode, keyPrefix: string): TopBlock {
  const top = { node, type, end: node.endIndex };
  const declaring = DECLARING_BLOCKS[type];
  if (!declaring || labels.length !== declaring.labels) return top;
  const name = declaring.prefix + labels.map(labelText).join('.');
  const nameNode = labels[labels.length - 1]!;
  const symbol: SymbolFact = {
    name,
    kind: declaring.kind ?? resourceKind(labelText(labels[0]!)),
    ...positionOf(nameNode),
    endLine: node.endPosition.row + 1,
    signature: signatureOf(node, blockStart),
    bodyHash: bodyHashOf(node),
    doc: docOf(node),
    exported: declaring.exported,
    keys: [keyPrefix + name],
  };
  return { ...top, symbol };
}

/** `a = ...` inside `locals { }`: the constant `local.a`. */
export function localValueSymbol(attribute: SyntaxNode, nameNode: SyntaxNode, keyPrefix: string): SymbolFact {
  const name = `local.${nameNode.text}`;
  return {
    name,
    kind: 'constant',
    ...positionOf(nameNode),
    endLine: attribute.endPosition.row + 1,
    signature: signatureOf(attribute, null, 200),
    bodyHash: bodyHashOf(attribute),
    doc: docOf(attribute),
    exported: false,
    keys: [keyPrefix + name],
  };
}

/**
 * The comment block above a block or attribute. Comments before the first one of a file
 * or block precede the `body` node that starts at it, not the block itself.
 */
function docOf(node: SyntaxNode): string {
  const own = leadingComment(node);
  if (own || node.previousSibling || node.parent?.type !== 'body') return own;
  return leadingComment(node.parent);
}

function labelText(label: SyntaxNode): string {
  return unquote(label.text);
}
