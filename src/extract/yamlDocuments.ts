import { extractCloudFormation } from './cloud/cloudformation';
import { extractCompose } from './cloud/compose';
import { extractServerless } from './cloud/serverless';
import type { TextExtractInput, TextExtractor } from './extractor';
import type { FileFacts } from './facts';
import { extractKubernetes } from './kubernetes/extractor';
import { extractKustomization } from './kubernetes/kustomize';
import { FactsCollector, skippedFacts } from './manifests/collector';
import { type YamlFlavour, flavourOf, isGoTemplate, isInTemplatesDir, mayBeManifest } from './manifests/detect';
import { parseYamlStream } from './yaml/documents';
import { YamlDoc } from './yaml/nodes';

/**
 * The YAML dispatcher: decides what a YAML file is (a Kubernetes manifest, a
 * kustomization, a compose file, a Serverless or CloudFormation template, or none) and
 * hands its documents to that reader. yaml/ is the document model the readers share;
 * manifests/ holds what tells the kinds apart and the facts collector they write to.
 */

/** Skip reason for YAML that is none of the manifests and templates read here. */
export const SKIP_NOT_A_MANIFEST = 'yaml: not a manifest or template';
/** Skip reason for a Helm template: Go template text, not YAML until rendered. */
export const SKIP_HELM_TEMPLATE = 'helm template';

type Reader = (docs: readonly YamlDoc[], out: FactsCollector) => void;

const READERS: Readonly<Record<YamlFlavour, Reader>> = {
  kubernetes: extractKubernetes,
  kustomize: extractKustomization,
  compose: (docs, out) => extractCompose(docs[0], out),
  serverless: (docs, out) => extractServerless(docs[0], out),
  cloudformation: (docs, out) => extractCloudFormation(docs[0], out),
};

/**
 * YAML manifests and templates: one parse with the `yaml` library (every document of the
 * stream, with source ranges), then a reader chosen by what the file is. Helm templates
 * are not YAML until rendered, so they are recognised and skipped before parsing.
 */
export const yamlExtractor: TextExtractor = {
  extract({ source, path, language }: TextExtractInput): FileFacts {
    if (isGoTemplate(source)) return skippedFacts(path, language, SKIP_HELM_TEMPLATE);
    if (!mayBeManifest(path, source)) return skippedFacts(path, language, SKIP_NOT_A_MANIFEST);
    const stream = parseYamlStream(source);
    const docs = stream.documents.map((document) => new YamlDoc(document, source, stream.lineCounter));
    const flavour = flavourOf(path, docs);
    if (flavour === 'kubernetes' && isInTemplatesDir(path)) return skippedFacts(path, language, SKIP_HELM_TEMPLATE);
    if (!flavour) return skippedFacts(path, language, SKIP_NOT_A_MANIFEST, stream.errorCount);
    const out = new FactsCollector(path, language);
    const readable = docs.filter((doc) => doc.root !== undefined);
    if (readable.length > 0) READERS[flavour](readable, out);
    return out.toFacts(stream.errorCount);
  },

  parseOnly({ source, path }: TextExtractInput): number {
    // The floor is the parse an index does: a file extract() passes over unparsed costs none.
    if (isGoTemplate(source) || !mayBeManifest(path, source)) return 0;
    return parseYamlStream(source).documents.length;
  },
};
