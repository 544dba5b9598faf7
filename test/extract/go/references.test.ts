import * as assert from 'node:assert/strict';
import type { ReferenceFact } from '../../../src/extract/facts';
import { extractGo, go } from './helpers';

function show(reference: ReferenceFact): string {
  const { target } = reference;
  const name = target.form === 'member' ? `${target.object}.${target.property}` : target.name;
  return `${reference.line}:${reference.col} ${reference.from || '(package)'} -> ${name}`;
}

async function referencesOf(...lines: string[]): Promise<string[]> {
  return (await extractGo(go(...lines))).references.map(show);
}

describe('extract/go references', () => {
  it('reports function values, package members and composite literal types', async () => {
    const facts = await extractGo(go(
      'package p',
      'func main() {',
      '\thttp.HandleFunc("/", handler)',
      '\ts := Server{Addr: config.Addr, Timeout: defaultTimeout}',
      '\t_ = s',
      '}',
    ));
    assert.deepEqual(facts.references, [
      { line: 3, col: 22, from: 'main', target: { form: 'name', name: 'handler' } },
      { line: 4, col: 6, from: 'main', target: { form: 'name', name: 'Server' } },
      { line: 4, col: 26, from: 'main', target: { form: 'member', object: 'config', property: 'Addr' } },
      { line: 4, col: 41, from: 'main', target: { form: 'name', name: 'defaultTimeout' } },
    ]);
  });

  it('reports types used in signatures, fields and package declarations', async () => {
    assert.deepEqual(await referencesOf(
      'package p',
      'type Server struct {',
      '\tstore  *Store',
      '\tclient *http.Client',
      '\tBase',
      '}',
      'var fallback Store = NewStore()',
      'func (s *Server) Get(id ID) (*Item, error) { return nil, nil }',
    ), [
      '3:9 Server -> Store',
      '4:14 Server -> http.Client',
      '5:1 Server -> Base',
      '7:13 (package) -> Store',
      '8:24 Server.Get -> ID',
      '8:30 Server.Get -> Item',
    ]);
  });

  it('skips locals, parameters, receivers, results, type parameters, builtins and struct keys', async () => {
    assert.deepEqual(await referencesOf(
      'package p',
      'func Map[T any, U any](items []T, fn func(T) U) (out []U, err error) {',
      '\tfor i, item := range items {',
      '\t\tout = append(out, fn(item))',
      '\t\t_ = i',
      '\t}',
      '\tcfg := Config{Name: "x", Size: len(items)}',
      '\tswitch v := any(cfg).(type) {',
      '\tcase string:',
      '\t\t_ = v',
      '\t}',
      '\treturn out, nil',
      '}',
    ), ['7:8 Map -> Config']);
  });

  it('refers to the package-level name before a local of the same name is declared', async () => {
    assert.deepEqual(await referencesOf(
      'package p',
      'func f() {',
      '\tuse(limit)',
      '\tlimit := 3',
      '\tuse(limit)',
      '}',
    ), ['3:5 f -> limit']);
  });

  it('treats the receiver type as part of the method, not a reference', async () => {
    assert.deepEqual(await referencesOf('package p', 'func (p *Pair[K, V]) Swap(k K) V { var v V; return v }'), []);
  });
});
