import type { ContextDocument } from '../document';
import { renderGcb } from './gcb';
import { renderGcf } from './gcf';
import { renderJson } from './json';
import { renderMarkdown } from './markdown';
import { renderXml } from './xml';

/** SPEC 4.7: the `format` values; xml is the default. */
export const CONTEXT_FORMATS = ['xml', 'json', 'markdown', 'gcf', 'gcb'] as const;
export type ContextFormat = (typeof CONTEXT_FORMATS)[number];
export const DEFAULT_FORMAT: ContextFormat = 'xml';

const RENDERERS: Readonly<Record<ContextFormat, (doc: ContextDocument) => string>> = {
  xml: renderXml,
  json: renderJson,
  markdown: renderMarkdown,
  gcf: renderGcf,
  gcb: renderGcb,
};

export function isContextFormat(value: string): value is ContextFormat {
  return (CONTEXT_FORMATS as readonly string[]).includes(value);
}

/** The document as `content` text in a format (gcb: base64). */
export function renderContext(doc: ContextDocument, format: ContextFormat): string {
  const render = RENDERERS[format];
  if (!render) throw new Error(`context/formats: unknown format ${String(format)} (expected ${CONTEXT_FORMATS.join(', ')})`);
  return render(doc);
}
