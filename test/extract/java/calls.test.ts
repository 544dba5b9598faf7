import * as assert from 'node:assert/strict';
import { callAt, extractJava, java } from './helpers';

const helpersResult = { t: 'result', call: { form: 'member', object: 'this', property: 'helpers', objectType: 'UserService' } } as const;

describe('extract/java calls', () => {
  it('types receivers from parameters, locals, var, fields and this', async () => {
    const facts = await extractJava(java(
      'class UserService extends BaseService {',
      '    private final UserRepository repo;',
      '    void register(Mailer mailer, String name) {',
      '        var audit = new AuditLog();',
      '        Cache<String> cache = caches.get(name);',
      '        mailer.send(name);',
      '        audit.record(name);',
      '        cache.put(name);',
      '        repo.save(name);',
      '        this.repo.flush();',
      '        this.validate(name);',
      '        super.register(name);',
      '        helpers().get(0).run();',
      '    }',
      '}',
    ));
    assert.deepEqual(facts.calls, [
      { line: 4, col: 24, caller: 'UserService.register', callee: { form: 'new', name: 'AuditLog' } },
      // Not declared in the file: a field UserService inherits from BaseService, for the resolver to find.
      { line: 5, col: 37, caller: 'UserService.register', callee: { form: 'member', object: 'caches', property: 'get', receiverType: { t: 'field', of: { t: 'named', name: 'UserService' }, name: 'caches' } } },
      { line: 6, col: 15, caller: 'UserService.register', callee: { form: 'member', object: 'mailer', property: 'send', objectType: 'Mailer' } },
      { line: 7, col: 14, caller: 'UserService.register', callee: { form: 'member', object: 'audit', property: 'record', objectType: 'AuditLog' } },
      { line: 8, col: 14, caller: 'UserService.register', callee: { form: 'member', object: 'cache', property: 'put', objectType: 'Cache' } },
      { line: 9, col: 13, caller: 'UserService.register', callee: { form: 'member', object: 'repo', property: 'save', objectType: 'UserRepository' } },
      { line: 10, col: 18, caller: 'UserService.register', callee: { form: 'member', object: 'this.repo', property: 'flush', objectType: 'UserRepository' } },
      { line: 11, col: 13, caller: 'UserService.register', callee: { form: 'member', object: 'this', property: 'validate', objectType: 'UserService' } },
      { line: 12, col: 14, caller: 'UserService.register', callee: { form: 'member', object: 'super', property: 'register', objectType: 'BaseService' } },
      { line: 13, col: 8, caller: 'UserService.register', callee: { form: 'member', object: 'this', property: 'helpers', objectType: 'UserService' } },
      { line: 13, col: 25, caller: 'UserService.register', callee: {
        form: 'member', object: 'helpers().get(0)', property: 'run',
        receiverType: { t: 'result', call: { form: 'member', object: 'helpers()', property: 'get', receiverType: helpersResult } },
      } },
      { line: 13, col: 18, caller: 'UserService.register', callee: { form: 'member', object: 'helpers()', property: 'get', receiverType: helpersResult } },
    ].sort((a, b) => a.line - b.line || a.col - b.col));
  });

  it('calls on this for unqualified names, static imports by name, and static calls on class names', async () => {
    const facts = await extractJava(java(
      'import static org.junit.Assert.assertEquals;',
      'import static com.example.Util.*;',
      'class Checks {',
      '    void check() {',
      '        prepare();',
      '        assertEquals(1, 2);',
      '        Strings.slug("x");',
      '        LOGGER.info("x");',
      '        java.util.Collections.sort(list);',
      '        Math.max(1, 2);',
      '    }',
      '    void prepare() {}',
      '}',
    ));
    assert.deepEqual(callAt(facts, 5, 8).callee, { form: 'member', object: 'this', property: 'prepare', objectType: 'Checks' });
    assert.deepEqual(callAt(facts, 6, 8).callee, { form: 'name', name: 'assertEquals' });
    assert.deepEqual(callAt(facts, 7, 16).callee, { form: 'member', object: 'Strings', property: 'slug', objectType: 'Strings' });
    assert.deepEqual(callAt(facts, 8, 15).callee, { form: 'member', object: 'LOGGER', property: 'info' });
    assert.deepEqual(callAt(facts, 9, 30).callee, {
      form: 'member', object: 'java.util.Collections', property: 'sort', objectType: 'java.util.Collections',
    });
    assert.deepEqual(callAt(facts, 10, 13).callee, { form: 'member', object: 'Math', property: 'max', objectType: 'Math' });
  });

  it('picks an overload of a class of this file by argument count, or leaves the call untyped', async () => {
    const facts = await extractJava(java(
      'class Repo {',
      '    Repo() { this("main"); }',
      '    Repo(String name) {}',
      '    void save(User u) {}',
      '    void save(User u, boolean force) {}',
      '    void log(String... parts) {}',
      '    void log(int level, String message) {}',
      '    void use(Repo other) {',
      '        save(user);',
      '        other.save(user, true);',
      '        log("a", "b");',
      '        log("a", "b", "c");',
      '        new Repo("backup");',
      '        new Repo();',
      '    }',
      '}',
    ));
    assert.deepEqual(callAt(facts, 2, 13).callee, { form: 'member', object: 'this', property: 'constructor(String)', objectType: 'Repo' });
    assert.deepEqual(callAt(facts, 9, 8).callee, { form: 'member', object: 'this', property: 'save(User)', objectType: 'Repo' });
    assert.deepEqual(callAt(facts, 10, 14).callee, { form: 'member', object: 'other', property: 'save(User,boolean)', objectType: 'Repo' });
    // Two arguments fit both `log(String...)` and `log(int,String)`: no overload is chosen.
    assert.deepEqual(callAt(facts, 11, 8).callee, { form: 'member', object: 'this', property: 'log' });
    assert.deepEqual(callAt(facts, 12, 8).callee, { form: 'member', object: 'this', property: 'log(String...)', objectType: 'Repo' });
    assert.deepEqual(callAt(facts, 13, 12).callee, { form: 'member', object: 'Repo', property: 'constructor(String)', objectType: 'Repo' });
    assert.deepEqual(callAt(facts, 14, 12).callee, { form: 'member', object: 'Repo', property: 'constructor()', objectType: 'Repo' });
  });

  it('names nested classes of this file by their dotted symbol name', async () => {
    const facts = await extractJava(java(
      'class Outer {',
      '    void top() {}',
      '    static class Inner {',
      '        Inner() {}',
      '        void go(Inner other) {',
      '            run();',
      '            other.run();',
      '            new Inner();',
      '            top();',
      '        }',
      '        void run() {}',
      '    }',
      '}',
    ));
    assert.deepEqual(callAt(facts, 6, 12).callee, { form: 'member', object: 'this', property: 'run', objectType: 'Outer.Inner' });
    assert.deepEqual(callAt(facts, 7, 18).callee, { form: 'member', object: 'other', property: 'run', objectType: 'Outer.Inner' });
    assert.deepEqual(callAt(facts, 8, 16).callee, { form: 'member', object: 'Outer.Inner', property: 'constructor', objectType: 'Outer.Inner' });
    // Inner has no supertype, so `top` can only be the enclosing class's.
    assert.deepEqual(callAt(facts, 9, 12).callee, { form: 'member', object: 'this', property: 'top', objectType: 'Outer' });
  });

  it('does not guess the target of unqualified calls inside anonymous classes', async () => {
    const facts = await extractJava(java(
      'class Scheduler {',
      '    void tick() {}',
      '    void start() {',
      '        timer.schedule(new TimerTask() {',
      '            public void run() { tick(); cancel(); }',
      '        });',
      '    }',
      '}',
    ));
    assert.deepEqual(callAt(facts, 5, 32).callee, { form: 'member', object: 'this', property: 'tick' });
    assert.deepEqual(callAt(facts, 5, 40).callee, { form: 'member', object: 'this', property: 'cancel' });
    assert.equal(callAt(facts, 5, 32).caller, 'Scheduler.start');
    assert.deepEqual(callAt(facts, 4, 27).callee, { form: 'new', name: 'TimerTask' });
  });

  it('forgets a type when a name is rebound (lambdas, union catches) and tells sibling blocks apart', async () => {
    const facts = await extractJava(java(
      'class Loop {',
      '    void each(List<Item> items) {',
      '        for (Item x : items) { x.a(); }',
      '        for (Order x : orders) { x.b(); }',
      '        items.forEach(item -> item.c());',
      '        try { } catch (IOException | TimeoutException e) { e.d(); }',
      '        if (shape instanceof Circle c) { c.e(); }',
      '        try (Reader r = open()) { r.f(); }',
      '        String s = "x";',
      '        s.g();',
      '    }',
      '}',
    ));
    assert.deepEqual(callAt(facts, 3, 33).callee, { form: 'member', object: 'x', property: 'a', objectType: 'Item' });
    assert.deepEqual(callAt(facts, 4, 35).callee, { form: 'member', object: 'x', property: 'b', objectType: 'Order' });
    assert.deepEqual(callAt(facts, 5, 35).callee, { form: 'member', object: 'item', property: 'c' });
    assert.deepEqual(callAt(facts, 6, 61).callee, { form: 'member', object: 'e', property: 'd' });
    assert.deepEqual(callAt(facts, 7, 43).callee, { form: 'member', object: 'c', property: 'e', objectType: 'Circle' });
    assert.deepEqual(callAt(facts, 8, 36).callee, { form: 'member', object: 'r', property: 'f', objectType: 'Reader' });
    assert.deepEqual(callAt(facts, 10, 10).callee, { form: 'member', object: 's', property: 'g', objectType: 'String' });
  });

  it('calls super constructors and attributes field initializers to the class', async () => {
    const facts = await extractJava(java(
      'class Admin extends a.b.User {',
      '    private final Audit audit = Audit.create();',
      '    Admin() { super("root"); }',
      '}',
    ));
    assert.deepEqual(facts.calls, [
      { line: 2, col: 38, caller: 'Admin', callee: { form: 'member', object: 'Audit', property: 'create', objectType: 'Audit' } },
      { line: 3, col: 14, caller: 'Admin.constructor', callee: { form: 'new', name: 'User', object: 'a.b' } },
    ]);
  });
});
