import { ScopeIndex, type SourceSpan } from '../scopeIndex';
import type { BindingSource, Scope } from './scopes';

/**
 * Which binding of a function's local name reaches a use, where the code itself says so:
 * the last binding before the use, when the block it sits in holds the use too (so it ran
 * on every way there) and no binding of the name follows the use inside a loop around the
 * use (which a later turn of the loop would run first). `url = form.get("url")` then
 * `url = URL(...)`; `url.store()` reads the second. Anything else (a binding in an `if`
 * or a `try` the use is outside of, a name also bound in a nested function, at module or
 * class level) falls back to the flow-insensitive rule: a type only when every binding
 * agrees (bindings.ts).
 */

/** One binding of a name: where it is written, and from where on it holds. */
interface Site {
  /** The bound identifier's offset: which block the binding is in. */
  readonly position: number;
  /** Where the binding takes effect: after the value it binds (`x = x.child()` reads the earlier x). */
  readonly effective: number;
  readonly source: BindingSource;
  /** A `for` target holds only inside its loop: an empty iterable binds nothing. */
  readonly within?: SourceSpan;
}

export class ReachingBindings {
  private readonly sites = new Map<Scope, Map<string, Site[]>>();
  private readonly blocks: ScopeIndex<SourceSpan>;
  private readonly loops: ScopeIndex<SourceSpan>;

  /**
   * `blocks`: the suites of compound statements (what a binding's statement is in);
   * `loops`: `for` and `while` statements and comprehensions, whose bodies run again.
   */
  constructor(blocks: readonly SourceSpan[], loops: readonly SourceSpan[]) {
    this.blocks = new ScopeIndex(blocks);
    this.loops = new ScopeIndex(loops);
  }

  /**
   * Records a binding of `name` in `binder`, a function scope, written in that function
   * itself; `iterated`: the binding is a `for` loop's target.
   */
  record(binder: Scope, name: string, source: BindingSource, position: number, effective: number, iterated = false): void {
    let names = this.sites.get(binder);
    if (!names) this.sites.set(binder, (names = new Map()));
    let sites = names.get(name);
    if (!sites) names.set(name, (sites = []));
    const within = iterated ? this.loops.at(position) : undefined;
    sites.push({ position, effective, source, ...(within ? { within } : {}) });
  }

  /** The one binding of `name` in `binder` that reaches a use at `use`, or undefined when flow does not settle it. */
  reaching(binder: Scope, name: string, use: number): BindingSource | undefined {
    const sites = this.sites.get(binder)?.get(name);
    // Every binding must be one recorded here: one made elsewhere (a nested function's) has no place in the flow.
    if (!sites || sites.length < 2 || sites.length !== (binder.bindings.get(name)?.length ?? 0)) return undefined;
    let last: Site | undefined;
    for (const site of sites) if (site.effective <= use && (!last || site.effective > last.effective)) last = site;
    if (!last || !this.encloses(this.blocks.indexAt(last.position), use)) return undefined;
    if (last.within && !(last.within.start <= use && use < last.within.end)) return undefined;
    for (let loop = this.loops.indexAt(use); loop >= 0; loop = this.loops.parentIndex(loop)) {
      const { end } = this.loops.get(loop);
      if (sites.some((site) => site.position > use && site.position < end)) return undefined;
    }
    return last.source;
  }

  /**
   * Whether a binding of `name` in `binder` surely runs after offset `from` and before a
   * use at `use`: one written after `from` that takes effect before the use, in a block
   * that holds the use (a `for` target only inside its loop). True when some binding of
   * the name was made elsewhere (a nested function's `nonlocal`), which flow cannot place.
   */
  overwritten(binder: Scope, name: string, from: number, use: number): boolean {
    const sites = this.sites.get(binder)?.get(name) ?? [];
    if (sites.length !== (binder.bindings.get(name)?.length ?? 0)) return true;
    return sites.some((site) => site.position >= from && site.effective <= use
      && this.encloses(this.blocks.indexAt(site.position), use)
      && (!site.within || (site.within.start <= use && use < site.within.end)));
  }

  /** Whether the block at `index` holds `offset`; -1, no block (a module-level function's parameters), holds all. */
  private encloses(index: number, offset: number): boolean {
    if (index < 0) return true;
    const block = this.blocks.get(index);
    return block.start <= offset && offset < block.end;
  }
}
