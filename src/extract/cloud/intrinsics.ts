import { type Node, isMap, isScalar, isSeq } from 'yaml';
import type { YamlDoc } from '../yaml/nodes';

/** A reference to a template resource (or parameter) by logical id, with the attribute read. */
export interface LogicalReference {
  readonly logicalId: string;
  readonly attribute?: string;
}

/**
 * The logical id an intrinsic function refers to, in its short (`!Ref X`,
 * `!GetAtt X.Arn`, `!GetAtt [X, Arn]`, `!Sub '${X.Arn}'`) or long form (`Ref: X`,
 * `Fn::GetAtt: [X, Arn]`, `Fn::Sub`). A `Sub` counts only when it names exactly one
 * logical id (pseudo parameters `AWS::*` and `${!Literal}` aside). Anything else
 * (`!If`, `!Join`, `!ImportValue`, plain text) refers to nothing here: better no link
 * than a guessed one.
 */
export function logicalReference(yaml: YamlDoc, node: unknown): LogicalReference | undefined {
  const value = yaml.deref(node);
  if (!value) return undefined;
  switch (value.tag) {
    case '!Ref':
      return plainReference(yaml.text(value));
    case '!GetAtt':
      return getAttReference(yaml, value);
    case '!Sub':
      return subReference(yaml, value);
    default:
      break;
  }
  if (!isMap(value) || value.items.length !== 1) return undefined;
  const [entry] = yaml.entries(value);
  if (!entry) return undefined;
  if (entry.name === 'Ref') return plainReference(yaml.text(entry.value));
  if (entry.name === 'Fn::GetAtt' && entry.value) return getAttReference(yaml, entry.value);
  if (entry.name === 'Fn::Sub' && entry.value) return subReference(yaml, entry.value);
  return undefined;
}

function plainReference(text: string | undefined): LogicalReference | undefined {
  return text && !text.startsWith('AWS::') ? { logicalId: text.trim() } : undefined;
}

function getAttReference(yaml: YamlDoc, node: Node): LogicalReference | undefined {
  if (isScalar(node)) {
    const text = yaml.text(node) ?? '';
    const dot = text.indexOf('.');
    if (dot <= 0) return undefined;
    return { logicalId: text.slice(0, dot), attribute: text.slice(dot + 1) };
  }
  if (!isSeq(node)) return undefined;
  const [logicalId, attribute] = yaml.items(node).map((item) => yaml.text(item));
  return logicalId && attribute ? { logicalId, attribute } : undefined;
}

function subReference(yaml: YamlDoc, node: Node): LogicalReference | undefined {
  const template = isSeq(node) ? yaml.text(yaml.items(node)[0]) : yaml.text(node);
  if (!template) return undefined;
  const found = new Map<string, LogicalReference>();
  for (const match of template.matchAll(/\$\{([^}!][^}]*)\}/g)) {
    const variable = match[1]!.trim();
    if (variable.startsWith('AWS::')) continue;
    const dot = variable.indexOf('.');
    const reference = dot < 0 ? { logicalId: variable } : { logicalId: variable.slice(0, dot), attribute: variable.slice(dot + 1) };
    found.set(reference.logicalId, reference);
  }
  return found.size === 1 ? [...found.values()][0] : undefined;
}

/**
 * The resource name at the end of an SNS or SQS ARN (`arn:aws:sns:region:account:name`),
 * also in a `Sub` template whose variables stand for region and account only.
 */
export function arnResourceName(text: string, service: 'sns' | 'sqs'): string | undefined {
  const parts = text.replace(/\$\{[^}]*\}/g, '\u0000').split(':');
  if (parts.length < 6 || parts[0] !== 'arn' || parts[2] !== service) return undefined;
  const name = parts.slice(5).join(':');
  return /^[\w.-]+$/.test(name) ? name : undefined;
}
