import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { LANGUAGES, codeLensEditorLanguages } from '../../src/model/languages';

/**
 * package.json is static JSON, so it repeats what the language table says about the
 * CodeLens languages; these checks keep the two from drifting.
 */
const MANIFEST = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8')) as {
  activationEvents: string[];
  contributes: { menus: { 'editor/context': { command: string; when: string }[] } };
};

/**
 * CodeLens extensions the activation glob has never listed: a workspace holding only
 * these does not activate the extension until a view or command is used.
 */
const NOT_ACTIVATING = ['.mts', '.cts', '.pyi'];

describe('extension manifest: languages agree with the language table', () => {
  it('activates on a workspace holding files of a CodeLens language', () => {
    const events = MANIFEST.activationEvents.filter((event) => event.startsWith('workspaceContains:'));
    assert.equal(events.length, 1, events.join('\n'));
    const glob = /^workspaceContains:\*\*\/\*\.\{([a-z0-9,]+)\}$/.exec(events[0]!);
    assert.ok(glob, `unexpected activation glob ${events[0]}`);
    const listed = glob[1]!.split(',').map((extension) => `.${extension}`);
    const expected = LANGUAGES.filter((row) => row.codeLens).flatMap((row) => Object.keys(row.extensions))
      .filter((extension) => !NOT_ACTIVATING.includes(extension));
    assert.deepEqual([...listed].sort(), [...expected].sort());
  });

  it('offers the editor menu in exactly the CodeLens languages', () => {
    const entries = MANIFEST.contributes.menus['editor/context'];
    assert.ok(entries.length > 0);
    for (const entry of entries) {
      const match = /^editorLangId =~ \/\^\(([a-z|]+)\)\$\/$/.exec(entry.when);
      assert.ok(match, `${entry.command}: unexpected when clause ${entry.when}`);
      assert.deepEqual(match[1]!.split('|').sort(), codeLensEditorLanguages().sort(), entry.command);
    }
  });
});
