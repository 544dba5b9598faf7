import * as assert from 'node:assert/strict';
import { extractJava, java, symbolNamed, symbolSummary } from './helpers';

describe('extract/java symbols', () => {
  it('names types, nested types, members, constructors and fields by their class', async () => {
    const facts = await extractJava(java(
      'package com.example.users;',
      '',
      'public class UserService extends Base<User> implements Api, Other<T> {',
      '    public static final int MAX = 3;',
      '    private final Repo repo, backup;',
      '    public UserService(Repo repo) { this.repo = repo; }',
      '    protected User find(String id) { return null; }',
      '    interface Listener { void changed(User user); }',
      '    enum Color { RED, GREEN; void paint() {} }',
      '    record Point(int x, int y) implements Api { Point {} }',
      '}',
    ));
    assert.equal(facts.packageName, 'com.example.users');
    assert.deepEqual(symbolSummary(facts), [
      { name: 'UserService', kind: 'type', line: 3, col: 13, endLine: 11, exported: true },
      { name: 'UserService.MAX', kind: 'constant', line: 4, col: 28, endLine: 4, exported: true },
      { name: 'UserService.repo', kind: 'field', line: 5, col: 23, endLine: 5, exported: false },
      { name: 'UserService.backup', kind: 'field', line: 5, col: 29, endLine: 5, exported: false },
      { name: 'UserService.constructor', kind: 'method', line: 6, col: 11, endLine: 6, exported: true },
      { name: 'UserService.find', kind: 'method', line: 7, col: 19, endLine: 7, exported: true },
      { name: 'UserService.Listener', kind: 'interface', line: 8, col: 14, endLine: 8, exported: false },
      { name: 'UserService.Listener.changed', kind: 'method', line: 8, col: 30, endLine: 8, exported: true },
      { name: 'UserService.Color', kind: 'type', line: 9, col: 9, endLine: 9, exported: false },
      { name: 'UserService.Color.RED', kind: 'constant', line: 9, col: 17, endLine: 9, exported: true },
      { name: 'UserService.Color.GREEN', kind: 'constant', line: 9, col: 22, endLine: 9, exported: true },
      { name: 'UserService.Color.paint', kind: 'method', line: 9, col: 34, endLine: 9, exported: false },
      { name: 'UserService.Point', kind: 'type', line: 10, col: 11, endLine: 10, exported: false },
      { name: 'UserService.Point.constructor', kind: 'method', line: 10, col: 48, endLine: 10, exported: false },
    ]);
    assert.deepEqual(symbolNamed(facts, 'UserService').bases, ['Base', 'Api', 'Other']);
    assert.deepEqual(symbolNamed(facts, 'UserService.Listener').methods, ['changed']);
    assert.deepEqual(symbolNamed(facts, 'UserService.Point').bases, ['Api']);
  });

  it('suffixes overloads with their erased parameter types and leaves single methods plain', async () => {
    const facts = await extractJava(java(
      'class Repo {',
      '    Repo() {}',
      '    Repo(String name) {}',
      '    void save(User user) {}',
      '    void save(@NonNull User user, List<Map<String, Integer>> tags, int[] ids, String... rest) {}',
      '    void flush() {}',
      '}',
    ));
    assert.deepEqual(facts.symbols.map((s) => s.name), [
      'Repo', 'Repo.constructor()', 'Repo.constructor(String)', 'Repo.save(User)', 'Repo.save(User,List,int[],String...)', 'Repo.flush',
    ]);
  });

  it('keeps the method when a field has the same name, and skips members of anonymous and local classes', async () => {
    const facts = await extractJava(java(
      'class Account {',
      '    private long balance;',
      '    long balance() { return balance; }',
      '    void run() {',
      '        Runnable r = new Runnable() { public void run() {} };',
      '        class Local { void help() {} }',
      '    }',
      '}',
    ));
    assert.deepEqual(facts.symbols.map((s) => [s.name, s.kind]), [['Account', 'type'], ['Account.balance', 'method'], ['Account.run', 'method']]);
  });

  it('reads interfaces: extends as bases, methods, constants, annotation types', async () => {
    const facts = await extractJava(java(
      'public interface Store<T> extends Reader<T>, Writer {',
      '    int LIMIT = 10;',
      '    T get(String id);',
      '    default void clear() {}',
      '}',
      '@interface Audited { String value() default ""; }',
    ));
    const store = symbolNamed(facts, 'Store');
    assert.equal(store.kind, 'interface');
    assert.deepEqual(store.bases, ['Reader', 'Writer']);
    assert.deepEqual(store.methods, ['get', 'clear']);
    assert.equal(symbolNamed(facts, 'Store.LIMIT').kind, 'constant');
    assert.equal(symbolNamed(facts, 'Audited').kind, 'interface');
    assert.equal(symbolNamed(facts, 'Audited.value').kind, 'method');
  });

  it('marks JUnit 4/5 and TestNG test methods as tests', async () => {
    const facts = await extractJava(java(
      'class UserServiceTest {',
      '    @Test void plain() {}',
      '    @org.junit.jupiter.api.Test void qualified() {}',
      '    @ParameterizedTest @ValueSource(ints = {1, 2}) void parameterized(int n) {}',
      '    @RepeatedTest(3) void repeated() {}',
      '    @Test(groups = "fast") public void testng() {}',
      '    @BeforeEach void setUp() {}',
      '}',
    ));
    assert.deepEqual(facts.symbols.map((s) => [s.name, s.kind]), [
      ['UserServiceTest', 'type'], ['UserServiceTest.plain', 'test'], ['UserServiceTest.qualified', 'test'],
      ['UserServiceTest.parameterized', 'test'], ['UserServiceTest.repeated', 'test'], ['UserServiceTest.testng', 'test'],
      ['UserServiceTest.setUp', 'method'],
    ]);
  });

  it('writes signatures without annotations or bodies, and keeps Javadoc', async () => {
    const facts = await extractJava(java(
      '/**',
      ' * Finds users.',
      ' */',
      '@Service',
      'public final class Finder {',
      '    /** By id. */',
      '    @Override',
      '    public User find(String id) throws IOException {',
      '        return null;',
      '    }',
      '    private static final String NAME = "x", OTHER = "y";',
      '}',
    ));
    const finder = symbolNamed(facts, 'Finder');
    assert.equal(finder.signature, 'public final class Finder');
    assert.equal(finder.doc, 'Finds users.');
    const find = symbolNamed(facts, 'Finder.find');
    assert.equal(find.signature, 'public User find(String id) throws IOException');
    assert.equal(find.doc, 'By id.');
    assert.equal(symbolNamed(facts, 'Finder.OTHER').signature, 'private static final String OTHER');
  });

  it('reports no package for the default package', async () => {
    const facts = await extractJava(java('class Main { public static void main(String[] args) {} }'), 'Main.java');
    assert.equal(facts.packageName, '');
    assert.deepEqual(facts.symbols.map((s) => s.name), ['Main', 'Main.main']);
  });
});
