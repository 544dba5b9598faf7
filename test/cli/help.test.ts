import * as assert from 'node:assert/strict';
import { ckg } from '../helpers/builtCli';

describe('ckg help (built CLI)', () => {
  it('prints one command\'s usage for --help or -h anywhere among its arguments, and runs nothing', () => {
    for (const args of [['index', '--help'], ['index', '/no/such/repo', '-h', '-db', '/no/such/graph.db'], ['help', 'index']]) {
      const run = ckg(...args);
      assert.equal(run.status, 0, `ckg ${args.join(' ')}: ${run.stderr}`);
      assert.match(run.stdout, /^usage: ckg index <repo_path> .*-db <db_path>\n$/);
      assert.equal(run.stderr, '');
    }
    assert.match(ckg('call', '--help').stdout, /^usage: ckg call <tool>/);
  });

  it('names the unknown command and lists the known ones', () => {
    const help = ckg('help', 'indx');
    assert.equal(help.status, 2);
    assert.match(help.stderr, /^ckg help: unknown command 'indx' \(expected one of: index, enrich, stats,/);
    const inherited = ckg('toString');
    assert.equal(inherited.status, 2, 'a name every object inherits is not a command');
    assert.match(inherited.stderr, /^ckg: unknown command 'toString'/);
  });

  it('keeps the overview for ckg --help and an error status when no command is given', () => {
    assert.equal(ckg('--help').status, 0);
    const bare = ckg();
    assert.equal(bare.status, 2);
    assert.match(bare.stdout, /^ckg: code knowledge graph\n\nusage:\n {2}ckg index /);
  });
});
