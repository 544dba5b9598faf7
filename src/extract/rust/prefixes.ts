import type { SyntaxNode } from '../extractor';
import { ScopeIndex, type SourceRange } from '../scopeIndex';
import type { MountMatch } from './collect';
import type { ItemIndex } from './items';
import { stringValue } from './names';
import type { Scopes } from './scopes';

/**
 * Route prefixes visible in one file:
 * - around an expression: axum `.nest("/api", <router>)`, rocket `.mount("/base", ...)`
 *   and actix-web `web::scope("/api").service(<resource>)` wrapping it;
 * - around a function: the same calls naming it (`.nest("/api", api_router())`,
 *   `.configure(config)`, `.service(handler)`, `routes![handler]`), followed to the
 *   function those calls sit in.
 */

const MAX_MOUNT_DEPTH = 8;

interface Mount {
  readonly registeredIn: string;
  readonly prefix: string;
}

export class RoutePrefixes {
  /** Function local name -> where it is mounted. */
  private readonly mounts = new Map<string, Mount[]>();
  /** The argument lists of mounting calls, each with the prefix it gives what it holds. */
  private readonly argumentPrefixes: ScopeIndex<SourceRange<string>>;

  constructor(mounts: readonly MountMatch[], items: ItemIndex, private readonly scopes: Scopes) {
    const ranges: SourceRange<string>[] = [];
    const ownPrefixes = mounts.map((mount) => {
      const ownPrefix = mount.path ? stringValue(mount.path) : receiverScope(mount.node);
      const args = mount.node.childForFieldName('arguments');
      if (args && ownPrefix !== undefined) ranges.push({ start: args.startIndex, end: args.endIndex, value: ownPrefix });
      return ownPrefix;
    });
    this.argumentPrefixes = new ScopeIndex(ranges);
    mounts.forEach((mount, index) => {
      const ownPrefix = ownPrefixes[index];
      if (ownPrefix === undefined) return;
      const owner = scopes.ownerOf(mount.node);
      const prefix = joinRoutePath(this.expressionPrefix(mount.node), ownPrefix);
      for (const target of mountedFunctions(mount)) {
        const name = items.lexical(target, owner?.modules ?? []);
        const list = this.mounts.get(name) ?? [];
        list.push({ registeredIn: owner?.name ?? '', prefix });
        this.mounts.set(name, list);
      }
    });
  }

  /** The prefixes a function's registrations get from where this file mounts it; [''] when unmounted. */
  ofFunction(name: string, seen: ReadonlySet<string> = new Set()): string[] {
    const mounts = this.mounts.get(name);
    if (!mounts || seen.has(name) || seen.size >= MAX_MOUNT_DEPTH) return [''];
    const next = new Set(seen).add(name);
    return unique(mounts.flatMap((m) => this.ofFunction(m.registeredIn, next).map((outer) => joinRoutePath(outer, m.prefix))));
  }

  /** Every prefix of a registration: its function's, then the expression's around it. */
  ofRegistration(node: SyntaxNode, ownPrefix = ''): string[] {
    const owner = this.scopes.ownerOf(node);
    const local = joinRoutePath(this.expressionPrefix(node), ownPrefix);
    return this.ofFunction(owner?.name ?? '').map((outer) => joinRoutePath(outer, local));
  }

  /** The prefixes of the mounting calls whose arguments hold `node`, outermost first. */
  private expressionPrefix(node: SyntaxNode): string {
    let prefix = '';
    for (let index = this.argumentPrefixes.indexAround(node.startIndex); index >= 0; index = this.argumentPrefixes.parentIndex(index)) {
      prefix = joinRoutePath(this.argumentPrefixes.get(index).value, prefix);
    }
    return prefix;
  }
}

/** actix-web: the `web::scope("/p")` a method chain starts from (`web::scope("/p").service(...)`). */
export function receiverScope(call: SyntaxNode): string | undefined {
  let node: SyntaxNode | null = call.childForFieldName('function')?.childForFieldName('value') ?? null;
  while (node?.type === 'call_expression') {
    const callee = node.childForFieldName('function');
    if (callee?.type === 'field_expression') {
      node = callee.childForFieldName('value');
      continue;
    }
    const name = callee?.type === 'scoped_identifier' ? callee.childForFieldName('name')?.text : callee?.text;
    return name === 'scope' ? stringValue(node.childForFieldName('arguments')?.namedChild(0)) ?? '' : '';
  }
  return '';
}

/** The functions of this file a mount names: `f`, `f()`, `routes![a, b]`. */
function mountedFunctions(mount: MountMatch): string[] {
  const target = mount.target;
  if (target.type === 'identifier') return [target.text];
  if (target.type === 'call_expression') {
    const callee = target.childForFieldName('function');
    return callee?.type === 'identifier' ? [callee.text] : [];
  }
  if (target.type === 'macro_invocation' && target.childForFieldName('macro')?.text === 'routes') {
    const list = target.namedChildren.find((c) => c?.type === 'token_tree')?.text ?? '';
    return list.replace(/^[[({]|[\])}]$/g, '').split(',').map((s) => s.trim()).filter((s) => /^[A-Za-z_]\w*$/.test(s));
  }
  return [];
}

/** `/api` + `/users` = `/api/users`; `/api` + `/` = `/api`. */
export function joinRoutePath(prefix: string, path: string): string {
  const head = prefix.replace(/\/+$/, '');
  if (path === '' || path === '/') return head || path;
  return `${head}${path.startsWith('/') ? '' : '/'}${path}`;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
