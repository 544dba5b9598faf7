import * as assert from 'node:assert/strict';
import { readIni, readToml, readXml, xmlChild } from '../../src/index/manifestSyntax';

describe('index/manifestSyntax', () => {
  it('reads TOML strings and string arrays by dotted key, across tables, dotted keys and inline tables', () => {
    const toml = readToml([
      'title = "top" # comment',
      '[tool.setuptools]',
      'py-modules = [',
      '  "a",  # first',
      "  'b',",
      ']',
      'package-data = { pkg = ["*.txt"] }',
      '[ "quoted key" ]',
      "literal = 'C:\\path'",
      'escaped = "say \\"hi\\""',
      'multi = """',
      'two',
      'lines"""',
      'site.name = "dotted"',
      'count = 3',
      '[[bin]]',
      'name = "in an array table"',
    ].join('\n'));
    assert.deepEqual(Object.fromEntries(toml ?? []), {
      title: 'top',
      'tool.setuptools.py-modules': ['a', 'b'],
      'tool.setuptools.package-data.pkg': ['*.txt'],
      'quoted key.literal': 'C:\\path',
      'quoted key.escaped': 'say "hi"',
      'quoted key.multi': 'two\nlines',
      'quoted key.site.name': 'dotted',
      'quoted key.count': true,
    });
  });

  it('reads no TOML from malformed text', () => {
    for (const text of ['[package\nname = "x"', 'name = "open', 'name "x"', 'name = "x" trailing', 'list = ["a" "b"]']) {
      assert.equal(readToml(text), undefined, text);
    }
  });

  it('reads setup.cfg sections, both separators and continuation lines', () => {
    const ini = readIni('[metadata]\nName: acme\n; comment\n[options]\npy_modules =\n    one\n    two\n');
    assert.equal(ini.get('metadata.name'), 'acme');
    assert.equal(ini.get('options.py_modules'), '\none\ntwo');
  });

  it('reads an XML element tree, dropping namespace prefixes and decoding text', () => {
    const root = readXml('<?xml version="1.0"?>\n<!DOCTYPE x>\n<m:project xmlns:m="urn:x" a=\'1\'><!-- <no/> --><name>A &amp; B&#33;</name><empty/><c><![CDATA[<raw>]]></c></m:project>');
    assert.equal(root?.name, 'project');
    assert.deepEqual(root?.children.map((c) => c.name), ['name', 'empty', 'c']);
    assert.equal(xmlChild(root, 'name')?.text, 'A & B!');
    assert.equal(xmlChild(root, 'c')?.text, '<raw>');
  });

  it('reads no XML from a document that is not well formed', () => {
    for (const text of ['<a><b></a>', '<a>', '<a></a><b></b>', '<a><!-- open</a>', 'text only', '<a b=unquoted></a>']) {
      assert.equal(readXml(text), undefined, text);
    }
  });
});
