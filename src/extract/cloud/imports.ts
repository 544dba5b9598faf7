import { type Node, visit } from 'yaml';
import type { FactsCollector } from '../manifests/collector';
import type { YamlDoc } from '../yaml/nodes';
import type { ResourceIndex } from './resources';
import { plainText } from './resources';

/**
 * The other templates a template pulls in, as `imports` of the file: the resolver maps a
 * relative path to that file of the repo, anything else (an S3 URL) to an UNRESOLVED
 * placeholder. Values built with intrinsics or `${...}` name no file that can be read
 * off the template, so they import nothing.
 */

/** Nested stacks: `AWS::CloudFormation::Stack` `TemplateURL`, SAM `AWS::Serverless::Application` `Location` as a path. */
export function nestedStackImports(yaml: YamlDoc, out: FactsCollector, index: ResourceIndex): void {
  for (const resource of index.all()) {
    const property = resource.type === 'AWS::CloudFormation::Stack' ? 'TemplateURL'
      : resource.type === 'AWS::Serverless::Application' ? 'Location' : undefined;
    // A SAM `Location` mapping ({ApplicationId, SemanticVersion}) is a Serverless Application Repository app, not a file.
    if (property) addImport(yaml, out, yaml.get(resource.properties, property));
  }
}

/** compose `include` (a path, a list of paths, or `{path}` entries) and each service's `extends.file`. */
export function composeImports(yaml: YamlDoc, out: FactsCollector): void {
  for (const item of yaml.items(yaml.get(yaml.root, 'include'))) {
    const path = yaml.get(item, 'path');
    const paths = path === undefined ? [item] : yaml.items(path).length > 0 ? yaml.items(path) : [path];
    for (const node of paths) addImport(yaml, out, node);
  }
  // `extends: web` (a string) names a service of the same file.
  for (const service of yaml.entries(yaml.get(yaml.root, 'services'))) addImport(yaml, out, yaml.at(service.value, 'extends', 'file'));
}

/** `${file(./resources/queues.yml)}` or `${file(x.yml):key}` as a whole value, the path written out. */
const SERVERLESS_FILE = /^\$\{file\(\s*([^()$,\s]+)\s*\)(?::[^}]*)?\}$/;

/** Serverless `${file(path)}` variables anywhere in the file: the files it pulls in (`resources:`, `functions:`, `custom:`). */
export function serverlessFileImports(yaml: YamlDoc, out: FactsCollector): void {
  const root = yaml.root;
  if (!root) return;
  visit(root, {
    Scalar(_key, node) {
      const match = typeof node.value === 'string' ? SERVERLESS_FILE.exec(node.value.trim()) : null;
      if (match) out.addImport({ ...yaml.position(node), source: match[1]!, bindings: [] });
    },
  });
}

function addImport(yaml: YamlDoc, out: FactsCollector, node: Node | undefined): void {
  const source = plainText(yaml, node);
  if (node && source) out.addImport({ ...yaml.position(node), source, bindings: [] });
}
