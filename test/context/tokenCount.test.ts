import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { exactTokenCount } from '../../src/context/tokenCount';
import { countTokens } from '../../src/context/tokenizer';

const ROOT = path.join(__dirname, '..', '..');

function filesUnder(dir: string, pattern: RegExp, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) filesUnder(full, pattern, out);
    else if (pattern.test(entry.name)) out.push(full);
  }
  return out;
}

describe('context/tokenCount', () => {
  it('equals countTokens on every source and fixture file of this repository', () => {
    const files = [...filesUnder(path.join(ROOT, 'src'), /\.(ts|scm|sql)$/), ...filesUnder(path.join(ROOT, 'test/fixtures/repos'), /\.(go|ts|js|py|md)$/)];
    assert.ok(files.length > 50);
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      if (/<\|endoftext\|>/.test(text)) continue; // both refuse it: the last test
      assert.equal(exactTokenCount(text), countTokens(text), file);
    }
  });

  it('equals countTokens on awkward text: whitespace runs, CRLF, unicode, digits, contractions', () => {
    const samples = [
      '', ' ', '   ', '\n', '\n\n\n', 'a  b', 'a \n  b', '\t\tx', 'x   ', '  \r\n\r\n  y', "don't it's THEY'RE", '12345678 3.14159',
      'naïve café 東京 🙂🙂', 'a\u00a0b', '```ts\nconst x = `${a}`;\n```', '<![CDATA[ ]]]]><![CDATA[> ]]>', '"\\n\\t\\"',
      'x'.repeat(800), ' '.repeat(300), '\n'.repeat(50) + 'end',
    ];
    for (const text of samples) assert.equal(exactTokenCount(text), countTokens(text), JSON.stringify(text.slice(0, 40)));
  });

  it('counts special-token text as plain text, exactly as countTokens does', () => {
    for (const text of ['a <|endoftext|> b', '<|fim_prefix|>x<|fim_suffix|>']) assert.equal(exactTokenCount(text), countTokens(text));
  });
});
