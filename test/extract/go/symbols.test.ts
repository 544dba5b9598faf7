import * as assert from 'node:assert/strict';
import { extractGo, go } from './helpers';

describe('extract/go symbols', () => {
  it('reads the package clause and functions with signature, doc and position', async () => {
    const facts = await extractGo(go(
      'package store',
      '',
      '// Open opens a store.',
      '// It never fails.',
      'func Open(path string, opts ...Option) (*Store, error) {',
      '\treturn nil, nil',
      '}',
      '',
      'func helper() {}',
    ));
    assert.equal(facts.packageName, 'store');
    assert.equal(facts.language, 'go');
    assert.equal(facts.syntaxErrors, 0);
    const [open, helper] = facts.symbols;
    assert.deepEqual({ ...open, bodyHash: undefined }, {
      name: 'Open', kind: 'function', line: 5, col: 5, endLine: 7,
      signature: 'func Open(path string, opts ...Option) (*Store, error)',
      doc: 'Open opens a store.\nIt never fails.', exported: true, bodyHash: undefined,
      params: ['string', '...Option'], results: ['*Store', 'error'],
    });
    assert.match(open.bodyHash, /^[0-9a-f]{64}$/);
    assert.deepEqual([helper.name, helper.exported, helper.doc, helper.line], ['helper', false, '', 9]);
  });

  it('writes no type that mentions a type parameter or a local type, even inside a composite type', async () => {
    const facts = await extractGo(go(
      'package p',
      'func Map[T any, U any](items []T, fn func(T) U, n int) (map[string]U, *Box) { return nil, nil }',
      'func Plain(items []Item, m map[string]*Box) []Item { return nil }',
    ));
    const byName = new Map(facts.symbols.map((s) => [s.name, s]));
    assert.deepEqual([byName.get('Map')?.params, byName.get('Map')?.results], [['', '', 'int'], ['', '*Box']]);
    assert.deepEqual([byName.get('Plain')?.params, byName.get('Plain')?.results], [['[]Item', 'map[string]*Box'], ['[]Item']]);
  });

  it('names methods Type.method with pointer and type parameters stripped', async () => {
    const facts = await extractGo(go(
      'package p',
      'func (s *Server) Start() error { return nil }',
      'func (p Pair[K, V]) key() K { return p.k }',
      'func (*Server) stop() {}',
    ));
    assert.deepEqual(facts.symbols.map((s) => [s.name, s.kind, s.exported, s.col]), [
      ['Server.Start', 'method', true, 17],
      ['Pair.key', 'method', false, 20],
      ['Server.stop', 'method', false, 15],
    ]);
    assert.equal(facts.symbols[0].signature, 'func (s *Server) Start() error');
  });

  it('reports structs with embedded bases, interfaces with methods and bases, and other types', async () => {
    const facts = await extractGo(go(
      'package p',
      '',
      '// Server serves.',
      'type Server struct {',
      '\tBase',
      '\t*log.Logger',
      '\tname, addr string',
      '}',
      '',
      'type Store interface {',
      '\tio.Closer',
      '\tReader',
      '\tGet(key string) (string, error)',
      '\tPut(key, value string)',
      '}',
      '',
      'type (',
      '\t// ID identifies.',
      '\tID string',
      '\tHandlerFunc func(w Writer)',
      '\tNumber interface{ ~int | ~float64 }',
      ')',
      'type Alias = Server',
      'type Set[T comparable] struct{ items map[T]struct{} }',
    ));
    const byName = new Map(facts.symbols.map((s) => [s.name, s]));
    const server = byName.get('Server');
    assert.deepEqual([server?.kind, server?.signature, server?.doc, server?.bases, server?.line, server?.endLine],
      ['type', 'type Server struct', 'Server serves.', ['Base', 'log.Logger'], 4, 8]);
    assert.equal(server?.methods, undefined);
    const store = byName.get('Store');
    assert.deepEqual([store?.kind, store?.signature, store?.methods, store?.bases],
      ['interface', 'type Store interface', ['Get', 'Put'], ['io.Closer', 'Reader']]);
    assert.deepEqual([byName.get('ID')?.signature, byName.get('ID')?.doc], ['type ID string', 'ID identifies.']);
    assert.equal(byName.get('HandlerFunc')?.signature, 'type HandlerFunc func(w Writer)');
    assert.deepEqual([byName.get('Number')?.kind, byName.get('Number')?.methods, byName.get('Number')?.bases], ['interface', [], undefined]);
    assert.deepEqual([byName.get('Alias')?.kind, byName.get('Alias')?.signature], ['type', 'type Alias = Server']);
    assert.equal(byName.get('Set')?.signature, 'type Set[T comparable] struct');
  });

  it('gives package-level constants and variables one symbol per name, and skips locals', async () => {
    const facts = await extractGo(go(
      'package p',
      '',
      '// Limits.',
      'const (',
      '\tMaxItems = 10',
      '\t// minItems is the floor.',
      '\tminItems, defaultItems = 1, 5',
      ')',
      '',
      '// ErrClosed reports use after Close.',
      'var ErrClosed = errors.New("closed")',
      'var (',
      '\tcache map[string]int',
      '\t_     = register()',
      ')',
      '',
      'func f() {',
      '\tconst local = 1',
      '\tvar inner int',
      '\t_ = inner',
      '}',
    ));
    assert.deepEqual(facts.symbols.map((s) => [s.name, s.kind, s.line, s.col, s.signature, s.doc]), [
      ['MaxItems', 'constant', 5, 1, 'const MaxItems = 10', ''],
      ['minItems', 'constant', 7, 1, 'const minItems, defaultItems = 1, 5', 'minItems is the floor.'],
      ['defaultItems', 'constant', 7, 11, 'const minItems, defaultItems = 1, 5', 'minItems is the floor.'],
      ['ErrClosed', 'variable', 11, 4, 'var ErrClosed = errors.New("closed")', 'ErrClosed reports use after Close.'],
      ['cache', 'variable', 13, 1, 'var cache map[string]int', ''],
      ['f', 'function', 17, 5, 'func f()', ''],
    ]);
  });

  it('keeps types, constants and variables declared inside function bodies out of the symbols', async () => {
    const facts = await extractGo(go(
      'package p',
      'type Server struct{ Base }',
      'func f() {',
      '\ttype Server struct{ Other }',
      '\tconst limit = 3',
      '}',
      'var handler = func() {',
      '\ttype payload struct{}',
      '\tvar count int',
      '}',
    ));
    assert.deepEqual(facts.symbols.map((s) => [s.name, s.kind, s.line, s.bases]), [
      ['Server', 'type', 2, ['Base']],
      ['f', 'function', 3, undefined],
      ['handler', 'variable', 7, undefined],
    ]);
  });

  it('marks Test, Benchmark, Fuzz and Example functions as tests only in _test.go files', async () => {
    const source = go(
      'package p',
      'func TestLogin(t *testing.T) {}',
      'func Test_logout(t *testing.T) {}',
      'func BenchmarkParse(b *testing.B) {}',
      'func FuzzParse(f *testing.F) {}',
      'func ExampleParse() {}',
      'func Example() {}',
      'func Testify() {}',
      'func TestMain(m *testing.M) {}',
      'func (s *suite) TestMethod() {}',
    );
    const kinds = (facts: { symbols: readonly { name: string; kind: string }[] }) => facts.symbols.map((s) => `${s.name}:${s.kind}`);
    assert.deepEqual(kinds(await extractGo(source, 'pkg/login_test.go')), [
      'TestLogin:test', 'Test_logout:test', 'BenchmarkParse:test', 'FuzzParse:test', 'ExampleParse:test',
      'Example:test', 'Testify:function', 'TestMain:function', 'suite.TestMethod:method',
    ]);
    assert.ok(kinds(await extractGo(source, 'pkg/login.go')).every((k) => !k.endsWith(':test')));
  });

  it('keeps one symbol for repeated init functions and none for blank ones', async () => {
    const facts = await extractGo(go('package p', 'func init() { a() }', 'func init() { b() }', 'func _() {}'));
    assert.deepEqual(facts.symbols.map((s) => [s.name, s.line]), [['init', 2]]);
    assert.deepEqual(facts.calls.map((c) => [c.caller, c.line]), [['init', 2], ['init', 3]]);
  });
});

describe('extract/go imports', () => {
  it('binds each import spec to its alias or package name', async () => {
    const facts = await extractGo(go(
      'package p',
      'import "fmt"',
      'import (',
      '\t"net/http"',
      '\tchi "github.com/go-chi/chi/v5"',
      '\t"github.com/redis/go-redis/v9"',
      '\t"github.com/go-yaml/yaml"',
      '\t"gopkg.in/yaml.v3"',
      '\t"k8s.io/api/core/v1"',
      '\t"github.com/opentracing/opentracing-go"',
      '\t. "strings"',
      '\t_ "embed"',
      ')',
    ));
    assert.deepEqual(facts.imports.map((i) => [i.line, i.col, i.source, i.bindings]), [
      [2, 7, 'fmt', [{ imported: '*', local: 'fmt' }]],
      [4, 1, 'net/http', [{ imported: '*', local: 'http' }]],
      [5, 1, 'github.com/go-chi/chi/v5', [{ imported: '*', local: 'chi' }]],
      [6, 1, 'github.com/redis/go-redis/v9', [{ imported: '*', local: 'redis' }]],
      [7, 1, 'github.com/go-yaml/yaml', [{ imported: '*', local: 'yaml' }]],
      [8, 1, 'gopkg.in/yaml.v3', [{ imported: '*', local: 'yaml' }]],
      [9, 1, 'k8s.io/api/core/v1', [{ imported: '*', local: 'v1' }]],
      [10, 1, 'github.com/opentracing/opentracing-go', [{ imported: '*', local: 'opentracing' }]],
      [11, 1, 'strings', [{ imported: '*', local: '.' }]],
      [12, 1, 'embed', [{ imported: '*', local: '_' }]],
    ]);
  });
});
