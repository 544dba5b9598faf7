import * as assert from 'node:assert/strict';
import { callAt, extractPython, py } from './helpers';

describe('extract/python calls', () => {
  it('reports name and member calls at the callee name token, with their caller', async () => {
    const facts = await extractPython(py(
      'setup()',
      'def run(items):',
      '    user = User(name="a")',
      '    helpers.text.slug(user)',
      '    items[0].save()',
      '    make()()',
      '    def inner():',
      '        notify()',
      'class Job:',
      '    registry = register("job")',
      '    @retry(times=3)',
      '    def go(self, value=default()):',
      '        pass',
    ));
    assert.deepEqual(facts.calls, [
      { line: 1, col: 0, caller: '', callee: { form: 'name', name: 'setup' } },
      { line: 3, col: 11, caller: 'run', callee: { form: 'name', name: 'User' } },
      {
        line: 4, col: 17, caller: 'run',
        callee: { form: 'member', object: 'helpers.text', property: 'slug', receiverType: { t: 'value', of: { form: 'member', object: 'helpers', property: 'text' } } },
      },
      { line: 5, col: 13, caller: 'run', callee: { form: 'member', object: 'items[0]', property: 'save' } },
      { line: 6, col: 4, caller: 'run', callee: { form: 'name', name: 'make' } },
      { line: 8, col: 8, caller: 'run>inner', callee: { form: 'name', name: 'notify' } },
      { line: 10, col: 15, caller: 'Job', callee: { form: 'name', name: 'register' } },
      { line: 11, col: 5, caller: 'Job', callee: { form: 'name', name: 'retry' } },
      { line: 12, col: 23, caller: 'Job', callee: { form: 'name', name: 'default' } },
    ]);
  });

  it('links a nested def or class by its name from the body that defines it; parameters, locals and rebound names stay out', async () => {
    const facts = await extractPython(py(
      'def helper(): pass',
      'def outer(callback):',
      '    def helper():',
      '        step()',
      '    def step(): pass',
      '    def twice(): pass',
      '    twice = wrap(twice)',
      '    class Local: pass',
      '    helper()',
      '    callback()',
      '    twice()',
      '    Local()',
      '    [step() for _ in range(2)]',
      'def other():',
      '    helper()',
    ));
    assert.deepEqual(facts.calls.map((c) => `${c.caller} -> ${c.callee.form === 'member' ? c.callee.property : c.callee.name}`), [
      'outer>helper -> outer>step',
      'outer -> wrap',
      'outer -> outer>helper',
      'outer -> outer>Local',
      'outer -> outer>step',
      'outer -> range',
      'other -> helper',
    ]);
  });

  it('reads a name a function imports in its body as the import, past the file\'s symbol of that name', async () => {
    const facts = await extractPython(py(
      'def sync():',
      '    from plnt.sync import sync',
      '    sync()',
      'def other():',
      '    sync()',
    ));
    assert.deepEqual(callAt(facts, 3, 4).callee, { form: 'name', name: 'sync', imported: true });
    assert.deepEqual(callAt(facts, 5, 4).callee, { form: 'name', name: 'sync' });
  });

  it('links a def that may be what a call runs: one of several defs of the name, or a def another branch binds otherwise', async () => {
    const facts = await extractPython(py(
      'def paths(flag, stream):',
      '    if flag:',
      '        def strip(x): return x[1:]',
      '        def write(s): return 1',
      '    else:',
      '        def strip(x): return x',
      '        write = stream.write',
      '    strip("a")',
      '    write(b"")',
      '    def late(): pass',
      '    if flag:',
      '        late = stream.late',
      '        late()',
      '    def gone(): pass',
      '    gone = stream.gone',
      '    gone()',
      '    def nested():',
      '        write(b"")',
      '        strip("b")',
    ));
    assert.deepEqual(facts.calls.map((c) => `${c.line}: ${c.caller} -> ${c.callee.form === 'member' ? c.callee.property : c.callee.name}`), [
      '8: paths -> paths>strip',
      '9: paths -> paths>write',
      // A binding after the def that surely runs before the call: the call runs that value.
      // A nested function runs later, when any binding may have run.
      '19: paths>nested -> paths>strip',
    ]);
    assert.deepEqual(facts.symbols.filter((s) => s.name === 'paths>strip').map((s) => s.line), [3], 'one symbol for both defs');
  });

  it('types self and cls as the enclosing class, also in nested functions and classes', async () => {
    const facts = await extractPython(py(
      'class Service:',
      '    def run(self):',
      '        self.prepare()',
      '        def later():',
      '            self.finish()',
      '    @classmethod',
      '    def create(cls):',
      '        return cls.default()',
      '    class Config:',
      '        def load(self):',
      '            self.read()',
      'def loose(self):',
      '    self.run()',
    ));
    assert.deepEqual(callAt(facts, 3, 13).callee, { form: 'member', object: 'self', property: 'prepare', objectType: 'Service' });
    assert.deepEqual(callAt(facts, 5, 17).callee, { form: 'member', object: 'self', property: 'finish', objectType: 'Service' });
    assert.deepEqual(callAt(facts, 8, 19).callee, { form: 'member', object: 'cls', property: 'default', objectType: 'Service' });
    assert.deepEqual(callAt(facts, 11, 17).callee, { form: 'member', object: 'self', property: 'read', objectType: 'Service.Config' });
    assert.deepEqual(callAt(facts, 13, 9).callee, { form: 'member', object: 'self', property: 'run' });
  });

  it('types super() as the enclosing class, whose bases declare the member', async () => {
    const facts = await extractPython(py(
      'class Admin(models.User, Mixin):',
      '    def save(self):',
      '        super().save()',
      '        super(Admin, self).clean()',
      '        super(Other, self).clean()',
      'class Root:',
      '    def save(self):',
      '        super().save()',
    ));
    assert.deepEqual(callAt(facts, 3, 16).callee, { form: 'member', object: 'super()', property: 'save', objectType: 'Admin', viaSuper: true });
    assert.deepEqual(callAt(facts, 4, 27).callee, { form: 'member', object: 'super(Admin,self)', property: 'clean', objectType: 'Admin', viaSuper: true });
    assert.deepEqual(callAt(facts, 5, 27).callee, { form: 'member', object: 'super(Other,self)', property: 'clean' });
    assert.deepEqual(callAt(facts, 8, 16).callee, { form: 'member', object: 'super()', property: 'save' });
    assert.equal(facts.calls.some((c) => c.callee.form === 'name' && c.callee.name === 'super'), false);
  });

  it('types parameters from plain, quoted, dotted and Optional annotations only', async () => {
    const facts = await extractPython(py(
      'def handle(a: Repo, b: "Repo", c: models.Repo, d: Optional[Repo], e: Repo | None,',
      '           f: list[Repo], g: Repo | Cache, h, *rest: Repo, i: Repo = None):',
      '    a.get(); b.get(); c.get(); d.get(); e.get()',
      '    f.get(); g.get(); h.get(); rest.get(); i.get()',
    ));
    const types = facts.calls.map((c) => (c.callee.form === 'member' ? `${c.callee.object}:${c.callee.objectType ?? '-'}` : ''));
    assert.deepEqual(types, [
      'a:Repo', 'b:Repo', 'c:models.Repo', 'd:Repo', 'e:Repo',
      'f:-', 'g:-', 'h:-', 'rest:-', 'i:Repo',
    ]);
  });

  it('types locals from instantiation and annotation, and by the binding that reaches a use when rebound', async () => {
    const facts = await extractPython(py(
      'client = HttpClient()',
      'client.start()',
      'def work(flag):',
      '    repo = db.Repo()',
      '    repo.save()',
      '    cache: Cache = build()',
      '    cache.clear()',
      '    other = Cache()',
      '    other = make_cache()',
      '    other.clear()',
      '    maybe = None',
      '    maybe = Cache()',
      '    maybe.clear()',
      '    factory = Cache.create()',
      '    factory.clear()',
      '    client.stop()',
      '    for repo in repos: pass',
      'def shadow(client):',
      '    client.stop()',
    ));
    const typeAt = (line: number) => {
      const call = facts.calls.find((c) => c.line === line && c.callee.form === 'member');
      return call?.callee.form === 'member' ? call.callee.objectType : 'no call';
    };
    assert.equal(typeAt(2), 'HttpClient');
    assert.equal(typeAt(5), 'db.Repo', 'the for loop binds repo again only after the use');
    assert.equal(typeAt(7), 'Cache');
    assert.equal(typeAt(10), undefined);
    assert.equal(typeAt(13), 'Cache');
    assert.equal(typeAt(15), undefined);
    assert.equal(typeAt(16), 'HttpClient', 'module variables are visible in functions');
    assert.equal(typeAt(19), undefined, 'a parameter shadows the module variable');
  });

  it('types self attributes from constructor assignments, annotations and typed parameters', async () => {
    const facts = await extractPython(py(
      'class Service:',
      '    cache: Cache',
      '    def __init__(self, repo: UserRepo, mailer):',
      '        self.repo = repo',
      '        self.mailer = mailer',
      '        self.log = logging.Logger("x")',
      '        self.queue = None',
      '        self.queue = Queue()',
      '        self.flaky = Thing()',
      '    def reset(self):',
      '        self.flaky = Other()',
      '    def run(self):',
      '        self.repo.find()',
      '        self.mailer.send()',
      '        self.log.info()',
      '        self.queue.put()',
      '        self.cache.get()',
      '        self.flaky.go()',
      '        self.repo.session.commit()',
    ));
    const typesOnLines = facts.calls
      .filter((c) => c.line >= 13)
      .map((c) => (c.callee.form === 'member' ? `${c.callee.object}:${c.callee.objectType ?? '-'}` : ''));
    assert.deepEqual(typesOnLines, [
      'self.repo:UserRepo', 'self.mailer:-', 'self.log:logging.Logger', 'self.queue:Queue', 'self.cache:Cache',
      'self.flaky:-', 'self.repo.session:-',
    ]);
  });

  it('types a class of this file named as the object of a call', async () => {
    const facts = await extractPython(py(
      'class User:',
      '    pass',
      'def load():',
      '    User.create()',
      '    Imported.create()',
    ));
    assert.deepEqual(callAt(facts, 4, 9).callee, { form: 'member', object: 'User', property: 'create', objectType: 'User' });
    // Not a class of this file: whatever the name imports decides (a module, or a value with a declared type).
    assert.deepEqual(callAt(facts, 5, 13).callee, {
      form: 'member', object: 'Imported', property: 'create', receiverType: { t: 'value', of: { form: 'name', name: 'Imported' } },
    });
  });
});
