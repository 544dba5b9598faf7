import * as assert from 'node:assert/strict';
import { extractPython, py, symbolNamed, symbolSummary } from './helpers';

describe('extract/python symbols', () => {
  it('reports functions, classes, methods, nested classes and constants at their name tokens', async () => {
    const facts = await extractPython(py(
      'MAX_USERS = 100',
      '_TIMEOUT: float = 2.5',
      'default_name = "x"',
      '',
      'async def fetch(url):',
      '    return url',
      '',
      'class Outer(Base):',
      '    class Inner:',
      '        def deep(self):',
      '            pass',
      '',
      '    @staticmethod',
      '    def build():',
      '        def helper():',
      '            pass',
      '        return helper',
      '',
      '    def _hidden(self):',
      '        pass',
      '',
      '    def __init__(self):',
      '        pass',
    ));
    assert.deepEqual(symbolSummary(facts), [
      { name: 'MAX_USERS', kind: 'constant', line: 1, col: 0, endLine: 1, exported: true },
      { name: '_TIMEOUT', kind: 'constant', line: 2, col: 0, endLine: 2, exported: false },
      { name: 'fetch', kind: 'function', line: 5, col: 10, endLine: 6, exported: true },
      { name: 'Outer', kind: 'type', line: 8, col: 6, endLine: 23, exported: true },
      { name: 'Outer.Inner', kind: 'type', line: 9, col: 10, endLine: 11, exported: true },
      { name: 'Outer.Inner.deep', kind: 'method', line: 10, col: 12, endLine: 11, exported: true },
      { name: 'Outer.build', kind: 'method', line: 14, col: 8, endLine: 17, exported: true },
      { name: 'Outer.build>helper', kind: 'function', line: 15, col: 12, endLine: 16, exported: false },
      { name: 'Outer._hidden', kind: 'method', line: 19, col: 8, endLine: 20, exported: false },
      { name: 'Outer.__init__', kind: 'method', line: 22, col: 8, endLine: 23, exported: true },
    ]);
  });

  it('writes signatures without decorators or bodies, and reads docstrings before comments', async () => {
    const facts = await extractPython(py(
      '# Adds numbers.',
      '@cache',
      'def add(a: int,',
      '        b: int = 2) -> int:',
      '    return a + b',
      '',
      'class Repo(models.Model, metaclass=Meta):',
      '    """Stores users.',
      '',
      '        Indented detail.',
      '    """',
      '    # The table.',
      '    TABLE = "users"',
      '',
      'LIMIT = 3  # not a doc',
    ));
    const add = symbolNamed(facts, 'add');
    assert.equal(add.signature, 'def add(a: int, b: int = 2) -> int:');
    assert.equal(add.doc, 'Adds numbers.');
    assert.equal(add.line, 3);
    const repo = symbolNamed(facts, 'Repo');
    assert.equal(repo.signature, 'class Repo(models.Model, metaclass=Meta):');
    assert.equal(repo.doc, 'Stores users.\n\nIndented detail.');
    assert.deepEqual(repo.bases, ['models.Model']);
    assert.equal(symbolNamed(facts, 'LIMIT').signature, 'LIMIT = 3');
    assert.equal(facts.symbols.some((s) => s.name === 'TABLE' || s.name === 'Repo.TABLE'), false);
  });

  it('includes decorators in the body hash, so a changed route path is a modification', async () => {
    const before = await extractPython(py('@app.get("/a")', 'def handler():', '    pass'));
    const after = await extractPython(py('@app.get("/b")', 'def handler():', '    pass'));
    assert.notEqual(symbolNamed(before, 'handler').bodyHash, symbolNamed(after, 'handler').bodyHash);
  });

  it('makes Protocol and ABC classes interfaces listing their required methods', async () => {
    const facts = await extractPython(py(
      'from abc import ABC, abstractmethod',
      'class Store(Protocol):',
      '    def get(self, key): ...',
      '    def put(self, key, value): ...',
      'class Shape(abc.ABC):',
      '    def __init__(self): ...',
      '    @abstractmethod',
      '    def area(self): ...',
      '    def describe(self): ...',
      'class Generic(Protocol[T]):',
      '    def item(self) -> T: ...',
      'class Meta(metaclass=ABCMeta):',
      '    def run(self): ...',
      'class Plain(Base):',
      '    def run(self): ...',
    ));
    const kinds = facts.symbols.filter((s) => !s.name.includes('.')).map(({ name, kind, methods, bases }) => ({ name, kind, methods, bases }));
    assert.deepEqual(kinds, [
      { name: 'Store', kind: 'interface', methods: ['get', 'put'], bases: ['Protocol'] },
      { name: 'Shape', kind: 'interface', methods: ['area'], bases: ['abc.ABC'] },
      { name: 'Generic', kind: 'interface', methods: ['item'], bases: ['Protocol'] },
      { name: 'Meta', kind: 'interface', methods: ['run'], bases: undefined },
      { name: 'Plain', kind: 'type', methods: undefined, bases: ['Base'] },
    ]);
    assert.equal(symbolNamed(facts, 'Store.get').kind, 'method');
  });

  it('marks test functions and methods of Test classes in test files only', async () => {
    const source = py(
      'def test_creates_user():',
      '    pass',
      'def helper():',
      '    pass',
      'class TestService:',
      '    def test_runs(self):',
      '        pass',
      '    def setup_method(self):',
      '        pass',
      'class ServiceTests(unittest.TestCase):',
      '    def testLegacy(self):',
      '        pass',
      'class Fixture:',
      '    def test_not_collected(self):',
      '        pass',
    );
    const kindsIn = async (path: string) => (await extractPython(source, path)).symbols.map((s) => `${s.name}:${s.kind}`);
    assert.deepEqual(await kindsIn('tests/test_service.py'), [
      'test_creates_user:test', 'helper:function', 'TestService:type', 'TestService.test_runs:test',
      'TestService.setup_method:method', 'ServiceTests:type', 'ServiceTests.testLegacy:test', 'Fixture:type',
      'Fixture.test_not_collected:method',
    ]);
    assert.deepEqual(await kindsIn('app/service_test.py'), await kindsIn('tests/test_service.py'));
    assert.equal((await kindsIn('app/service.py'))[0], 'test_creates_user:function');
  });

  it('exports names listed in __all__ even when private, and skips type variables', async () => {
    const facts = await extractPython(py(
      '__all__ = ["_internal", "public"]',
      'T = TypeVar("T")',
      'UserId = NewType("UserId", int)',
      'def _internal():',
      '    pass',
      'def _other():',
      '    pass',
    ));
    assert.deepEqual(facts.symbols.map((s) => [s.name, s.exported]), [['_internal', true], ['_other', false]]);
  });

  it('keeps one symbol per name, preferring the implementation over @overload stubs', async () => {
    const facts = await extractPython(py(
      '@overload',
      'def parse(x: int) -> int: ...',
      '@overload',
      'def parse(x: str) -> str: ...',
      'def parse(x):',
      '    return x',
      'class Box:',
      '    @property',
      '    def size(self):',
      '        return 1',
      '    @size.setter',
      '    def size(self, value):',
      '        pass',
    ));
    assert.deepEqual(facts.symbols.map((s) => `${s.name}@${s.line}`), ['parse@5', 'Box@7', 'Box.size@9']);
  });

  it('names functions and classes defined inside functions outer>inner, unexported', async () => {
    const facts = await extractPython(py(
      'def factory():',
      '    class Local:',
      '        def method(self):',
      '            def deep():',
      '                pass',
      '    def inner():',
      '        def innermost():',
      '            pass',
      '    return Local',
    ));
    assert.deepEqual(facts.symbols.map((s) => `${s.name}:${s.kind}:${s.exported}`), [
      'factory:function:true', 'factory>Local:type:false', 'factory>Local.method:method:false', 'factory>Local.method>deep:function:false',
      'factory>inner:function:false', 'factory>inner>innermost:function:false',
    ]);
  });
});
