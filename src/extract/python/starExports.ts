import type { BindingMatch } from './collect';
import { literalStrings } from './literals';
import type { ScopeTree } from './scopes';

/**
 * What `from <this module> import *` binds (Python reference, "The import statement"):
 * the strings of the module's `__all__` when the module assigns it once, at module
 * level, a literal list or tuple of strings; `null` when `__all__` is bound any other way
 * (computed, extended with `+=`, assigned twice), whose names a reader cannot know;
 * undefined when the module has no `__all__`, and a star import binds every name not
 * starting with an underscore.
 */
export function starExportsOf(scopes: ScopeTree, bindings: readonly BindingMatch[]): readonly string[] | null | undefined {
  const all = bindings.filter((binding) => binding.name === '__all__' && scopes.ownerAt(binding.offset) === scopes.module);
  if (all.length === 0) return undefined;
  const [only] = all;
  if (all.length > 1 || only?.form !== 'assignment' || !only.value) return null;
  return literalStrings(only.value) ?? null;
}
