import type { CalleeExpr, ObjectMember, TypeExpr } from '../extract/facts';
import { MAX_HOPS } from './packageExports';
import type { FileScope, Resolution } from './scope';

/**
 * Members of values rather than of types: a class used as a value (its static members), a
 * module (its exports), and a constant bound to an object literal that gathers functions
 * and namespaces by name (`const z = { ...schemas, iso: _iso }`), each member what its
 * own value names.
 */

type SymbolResolution = Extract<Resolution, { kind: 'symbol' }>;

/**
 * `value.property`, for what `value` names in `scope` (`db.user` read along its path when
 * it names nothing itself); undefined when it is no such value.
 */
export function memberOfValue(scope: FileScope, value: CalleeExpr, property: string): Resolution | undefined {
  const owner = scope.resolveValue(value);
  if (owner || value.form !== 'member') return memberOf(scope, owner, property);
  const [root, ...fields] = value.object.split('.');
  return memberAlongPath(scope, { form: 'name', name: root! }, [...fields, value.property], property);
}

/**
 * `z.iso.datetime()`: a member along a chain of fields rooted at a value (`{t: 'field',
 * of: {t: 'field', of: {t: 'value', of: z}, name: 'iso'}}`): a method of a literal nested
 * in the root's (`db.user.findMany`, named by the path), else each step what the previous
 * one's value names: an object literal's member, a module's export, a class's static.
 */
export function memberAlongFields(scope: FileScope, chain: TypeExpr, property: string): Resolution | undefined {
  const path: string[] = [];
  let root = chain;
  while (root.t === 'field' && path.length <= MAX_HOPS) {
    path.unshift(root.name);
    root = root.of;
  }
  return root.t === 'value' ? memberAlongPath(scope, root.of, path, property) : undefined;
}

function memberAlongPath(scope: FileScope, root: CalleeExpr, path: readonly string[], property: string): Resolution | undefined {
  let holder = scope.resolveValue(root);
  const nested = holder?.kind === 'symbol' && isObjectConstant(holder) ? nestedMember(scope, holder, [...path, property]) : undefined;
  if (nested) return nested;
  for (const name of path) holder = memberOf(scope, holder, name);
  return memberOf(scope, holder, property);
}

/** A name or dotted path as a callee: `a` a name, `a.b.c` the member c of `a.b`; `outer>load` (a local symbol) a name. */
export function calleeOfPath(path: string): CalleeExpr {
  if (path.includes('>')) return { form: 'name', name: path };
  const dot = path.lastIndexOf('.');
  return dot < 0 ? { form: 'name', name: path } : { form: 'member', object: path.slice(0, dot), property: path.slice(dot + 1) };
}

/** A method of an object literal nested under the constant's keys: a symbol named by the whole path, declared beside it. */
function nestedMember(scope: FileScope, owner: SymbolResolution, path: readonly string[]): Resolution | undefined {
  const home = scope.homeOf(owner);
  const member = home?.lookup(owner.packagePath, [owner.entry.name, ...path].join('.'));
  return member && member.file === owner.entry.file ? { kind: 'symbol', packagePath: owner.packagePath, entry: member } : undefined;
}

/** A constant or variable with no declared type: an object literal's members are what it has. */
function isObjectConstant(owner: SymbolResolution): boolean {
  return (owner.entry.kind === 'constant' || owner.entry.kind === 'variable') && !owner.entry.fact.valueType;
}

/**
 * `dataLoader(…).load`: a member of the object literal the called function returns
 * (SymbolFact.returnedMembers), what the literal's property names where the function is
 * declared; undefined when the call's target returns no such literal.
 */
export function memberOfReturnedObject(scope: FileScope, call: CalleeExpr, property: string, depth: number): Resolution | undefined {
  const target = scope.callTarget(call, depth);
  if (target?.kind !== 'symbol') return undefined;
  const members = target.entry.fact.returnedMembers;
  if (!members) return undefined;
  const declaring = scope.scopeOfEntry(target.entry, target.packagePath);
  return declaring && objectMemberOf(declaring, members, property, 0);
}

function memberOf(scope: FileScope, owner: Resolution | undefined, property: string): Resolution | undefined {
  if (owner?.kind === 'module') return scope.memberOfModule(owner, property);
  // A class as a value (`const cls = this.constructor as typeof Entity`): its static members.
  if (owner?.kind === 'symbol' && owner.entry.kind === 'type') return scope.memberOfType(owner, property, 0);
  if (owner?.kind !== 'symbol' || !isObjectConstant(owner)) return undefined;
  const home = scope.homeOf(owner);
  return home && memberOfObjectConstant(home, owner, property, 0);
}

/** A member of a constant bound to an object literal: a method declared in it, or what a member's value names. */
function memberOfObjectConstant(home: FileScope, owner: SymbolResolution, property: string, hops: number): Resolution | undefined {
  const member = home.lookup(owner.packagePath, `${owner.entry.name}.${property}`);
  if (member && member.file === owner.entry.file) return { kind: 'symbol', packagePath: owner.packagePath, entry: member };
  const members = owner.entry.fact.objectMembers;
  if (!members || hops > MAX_HOPS) return undefined;
  const declaring = home.scopeOfEntry(owner.entry, owner.packagePath);
  return declaring && objectMemberOf(declaring, members, property, hops);
}

/**
 * What a property of an object literal declared in this file names (`{ sign }`, `{ iso:
 * ns.iso }`, `...schemas`): the last member that gives it wins, as in JavaScript. A
 * spread whose members are not all known (outside the repo, a value built at run time)
 * may give it too, so behind one nothing is certain.
 */
function objectMemberOf(scope: FileScope, members: readonly ObjectMember[], property: string, hops: number): Resolution | undefined {
  for (let i = members.length - 1; i >= 0; i--) {
    const { name, value } = members[i]!;
    if (name === property) return scope.resolveValue(calleeOfPath(value));
    if (name !== '...') continue;
    const spread = scope.resolveValue(calleeOfPath(value));
    if (spread?.kind === 'module' && spread.module === undefined) {
      const exported = scope.memberOfModule(spread, property);
      if (exported) return exported;
      continue;
    }
    const isObject = spread?.kind === 'symbol' && spread.entry.kind === 'constant' && !spread.entry.fact.valueType;
    if (!isObject) return undefined;
    const home = scope.homeOf(spread);
    return home && memberOfObjectConstant(home, spread, property, hops + 1);
  }
  return undefined;
}
