import type { ImportFact, LinkEnd, LinkFact } from '../facts';
import { moduleName } from './imports';
import type { LineIndex } from './positions';

/**
 * Turns recorded uses into depends_on links. A name the file itself declares links to
 * that symbol; otherwise to the symbols of the repo carrying its key: custom properties
 * by `css:var:--x` (any file may define them, a theme's `:root` usually does), SCSS names
 * by `scss:<kind>:<name>`, or `scss:<kind>:<module>.<name>` through a `@use` namespace.
 * A use nothing declares makes no edge.
 */

export interface RecordedUse {
  readonly owner: string;
  readonly kind: 'custom-property' | 'variable' | 'function' | 'mixin' | 'extend';
  readonly name: string;
  readonly namespace?: string;
  /** Offset in the source. */
  readonly offset: number;
}

/** CSS's own functions: never SCSS functions, so not worth a key lookup each. */
const CSS_FUNCTIONS = new Set([
  'url', 'var', 'calc', 'min', 'max', 'clamp', 'rgb', 'rgba', 'hsl', 'hsla', 'hwb', 'lab', 'lch', 'oklab', 'oklch',
  'color', 'color-mix', 'attr', 'env', 'format', 'local', 'translate', 'translateX', 'translateY', 'translate3d',
  'rotate', 'scale', 'scaleX', 'scaleY', 'skew', 'matrix', 'perspective', 'linear-gradient', 'radial-gradient',
  'conic-gradient', 'repeating-linear-gradient', 'repeat', 'minmax', 'fit-content', 'cubic-bezier', 'steps',
  'blur', 'brightness', 'contrast', 'drop-shadow', 'grayscale', 'opacity', 'saturate', 'sepia', 'image-set',
  'counter', 'counters', 'inset', 'circle', 'ellipse', 'polygon', 'path', 'not', 'is', 'where', 'has',
]);

export class UseLinker {
  /** `@use` namespaces to the module names their definitions are keyed under. */
  private readonly namespaces = new Map<string, string>();
  private readonly links: LinkFact[] = [];
  private readonly linked = new Set<string>();

  constructor(private readonly declared: ReadonlySet<string>, imports: readonly ImportFact[], private readonly lines: LineIndex) {
    for (const fact of imports) {
      // Built-in modules (`sass:math`) define nothing in the repo.
      if (fact.source.startsWith('sass:')) continue;
      for (const binding of fact.bindings) if (binding.local !== '*') this.namespaces.set(binding.local, moduleName(fact.source));
    }
  }

  link(uses: readonly RecordedUse[]): LinkFact[] {
    for (const use of uses) {
      const target = this.targetOf(use);
      if (target) this.add(use, target);
    }
    return this.links;
  }

  private targetOf(use: RecordedUse): LinkEnd | undefined {
    switch (use.kind) {
      case 'custom-property':
        return keys(`css:var:${use.name}`);
      case 'variable':
        return this.scssTarget('var', use, use.name);
      case 'mixin':
        return this.scssTarget('mixin', use, `@mixin ${use.name}`);
      case 'function':
        return !use.namespace && CSS_FUNCTIONS.has(use.name) ? undefined : this.scssTarget('function', use, `@function ${use.name}`);
      case 'extend':
        if (this.declared.has(use.name)) return { form: 'local', name: use.name };
        return use.name.startsWith('%') ? keys(`scss:placeholder:${use.name}`) : undefined;
    }
  }

  private scssTarget(kind: string, use: RecordedUse, localName: string): LinkEnd | undefined {
    if (use.namespace) {
      const module = this.namespaces.get(use.namespace);
      return module === undefined ? undefined : keys(`scss:${kind}:${module}.${use.name}`);
    }
    if (this.declared.has(localName)) return { form: 'local', name: localName };
    return keys(`scss:${kind}:${use.name}`);
  }

  private add(use: RecordedUse, target: LinkEnd): void {
    const id = `${use.owner}\0${target.form === 'local' ? target.name : target.form === 'keys' ? target.candidates[0]![0] : ''}`;
    if (this.linked.has(id)) return;
    this.linked.add(id);
    this.links.push({
      ...this.lines.positionOf(use.offset),
      edgeType: 'depends_on',
      from: { form: 'local', name: use.owner },
      to: target,
    });
  }
}

function keys(key: string): LinkEnd {
  return { form: 'keys', candidates: [[key]] };
}
