import { isMap } from 'yaml';
import type { YamlDoc } from '../yaml/nodes';

/** What a YAML file is, as far as the extractors are concerned. */
export type YamlFlavour = 'kubernetes' | 'kustomize' | 'compose' | 'serverless' | 'cloudformation';

const KUSTOMIZATION_FILE = /^(kustomization\.ya?ml|Kustomization)$/;
/** compose.yaml, docker-compose.yml, docker-compose.override.yml, compose.prod.yaml ... */
const COMPOSE_FILE = /^(docker-)?compose(\.[\w-]+)*\.ya?ml$/i;
const SERVERLESS_FILE = /^serverless(\.[\w-]+)*\.ya?ml$/i;

/**
 * Whether the text is a Go template (Helm): it holds a `{{ ... }}` action. GitHub
 * Actions expressions (`${{ ... }}`) and CloudFormation dynamic references
 * (`{{resolve:ssm:...}}`) are not templates. Scans with indexOf, linear in the text.
 */
export function isGoTemplate(source: string): boolean {
  const lastClose = source.lastIndexOf('}}');
  if (lastClose < 0) return false;
  for (let open = source.indexOf('{{'); open >= 0 && open < lastClose; open = source.indexOf('{{', open + 2)) {
    if (open > 0 && source[open - 1] === '$') continue;
    if (/^\{\{\s*resolve:/.test(source.slice(open, open + 24))) continue;
    return true;
  }
  return false;
}

/** A file inside a `templates/` directory: a Helm chart's templates when they are manifests. */
export function isInTemplatesDir(path: string): boolean {
  return path.startsWith('templates/') || path.includes('/templates/');
}

export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** A top-level key that every kind of file read here starts with, when not named for its tool. */
const MANIFEST_KEY = /^(apiVersion|AWSTemplateFormatVersion|Transform|Resources|provider)\s*:/m;

/**
 * Whether a file can be a manifest or template at all: named for its tool, or with one
 * of their top-level keys. Lock files, CI workflows and app config are passed over
 * without being parsed.
 */
export function mayBeManifest(path: string, source: string): boolean {
  const name = baseName(path);
  return KUSTOMIZATION_FILE.test(name) || COMPOSE_FILE.test(name) || SERVERLESS_FILE.test(name) || MANIFEST_KEY.test(source);
}

/**
 * Classifies a YAML file by its name where tools fix the name (kustomize, compose,
 * Serverless), and otherwise by its content: CloudFormation/SAM markers, a Serverless
 * service shape, or Kubernetes objects (`apiVersion` and `kind`).
 */
export function flavourOf(path: string, docs: readonly YamlDoc[]): YamlFlavour | undefined {
  const name = baseName(path);
  if (KUSTOMIZATION_FILE.test(name)) return 'kustomize';
  if (COMPOSE_FILE.test(name)) return 'compose';
  if (SERVERLESS_FILE.test(name)) return 'serverless';
  const first = docs.find((doc) => isMap(doc.root));
  if (first && isCloudFormation(first)) return 'cloudformation';
  if (first && isServerlessService(first)) return 'serverless';
  let kubernetes = false;
  for (const doc of docs) {
    const kind = doc.textAt(doc.root, 'kind');
    if (kind === undefined || doc.textAt(doc.root, 'apiVersion') === undefined) continue;
    if (kind === 'Kustomization') return 'kustomize';
    kubernetes = true;
  }
  return kubernetes ? 'kubernetes' : undefined;
}

function isCloudFormation(doc: YamlDoc): boolean {
  const root = doc.root;
  if (doc.get(root, 'AWSTemplateFormatVersion') !== undefined) return true;
  const transform = doc.get(root, 'Transform');
  const transforms = [doc.text(transform), ...doc.items(transform).map((item) => doc.text(item))];
  if (transforms.some((t) => t?.startsWith('AWS::Serverless'))) return true;
  return doc.entries(doc.get(root, 'Resources')).some((resource) => doc.textAt(resource.value, 'Type')?.startsWith('AWS::'));
}

function isServerlessService(doc: YamlDoc): boolean {
  const root = doc.root;
  return doc.get(root, 'service') !== undefined && isMap(doc.get(root, 'provider')) && isMap(doc.get(root, 'functions'));
}
