import * as assert from 'node:assert/strict';
import { cleanMessage, fileNamesOf, isIdentifierLike, stripNames, wordCount } from '../../bench/lib/contextTask.mjs';

describe('bench context task: message cleaning and name stripping', () => {
  it('drops trailers, issue references with their verb, and URLs', () => {
    const message = 'fix(runtime-dom): keep textarea size (#1234)\n\nclose #99, see https://x.org/a\nSigned-off-by: A <a@b.c>\nCo-authored-by: B <b@c.d>';
    assert.equal(cleanMessage(message), 'fix(runtime-dom): keep textarea size , see');
  });

  it('counts words with a letter', () => {
    assert.equal(wordCount('fix - the 42 bug now'), 4);
  });

  it('calls camelCase, snake_case, dotted, slashed, calls and backticks identifiers, and leaves words', () => {
    for (const token of ['parseHeader', 'HTTPServer', 'show_choices', 'os.path', 'a/b', 'run()', '`deep`', 'v2', 'x=None', 'Foo::bar']) {
      assert.ok(isIdentifierLike(token), token);
    }
    for (const token of ['Fix', 'watcher,', 'self-referencing', 'end.', 'API', '(see']) assert.ok(!isIdentifierLike(token), token);
  });

  it('strips file names, folder names that are not plain words, and a conventional-commit scope', () => {
    const names = fileNamesOf(['packages/runtime-core/src/scheduler.ts', 'core/main.go']);
    assert.ok(names.has('scheduler.ts') && names.has('scheduler') && names.has('runtime-core') && !names.has('core'));
    assert.equal(stripNames('fix(runtime-core): flush scheduler.ts jobs in the scheduler with `queueJob`', names), 'fix flush jobs in the with');
  });
});
