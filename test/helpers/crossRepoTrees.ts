/**
 * Pairs of repositories, a library and an application importing it by the name the
 * library's manifest declares, for tests of linking across repositories.
 */

/** A Go library and an application importing it by its module path. */
export const GO_LIB = {
  'go.mod': 'module example.com/lib\n\ngo 1.22\n',
  'greet/greet.go': [
    'package greet',
    '',
    'type Greeter struct{ name string }',
    '',
    'func New(name string) *Greeter { return &Greeter{name: name} }',
    '',
    'func (g *Greeter) Say() string { return "hi " + g.name }',
    '',
    'func Hello() string { return New("x").Say() }',
    '',
  ].join('\n'),
};
export const GO_APP = {
  'go.mod': 'module example.com/app\n\ngo 1.22\n\nrequire example.com/lib v0.1.0\n',
  'main.go': [
    'package main',
    '',
    'import "example.com/lib/greet"',
    '',
    'func main() {',
    '\tg := greet.New("a")',
    '\tprintln(g.Say(), greet.Hello(), greet.Missing())',
    '}',
    '',
  ].join('\n'),
};

/** An npm package built to dist/ from src/, and an application importing it by name. */
export const TS_LIB = {
  'package.json': '{ "name": "@acme/lib", "version": "1.0.0", "main": "dist/index.js", "types": "dist/index.d.ts" }\n',
  'tsconfig.json': '{ "compilerOptions": { "outDir": "dist", "rootDir": "src", "strict": true } }\n',
  'src/index.ts': "export { format } from './format';\nexport { Client } from './client';\n",
  'src/format.ts': 'export function format(s: string): string { return s.trim(); }\n',
  'src/client.ts': "import { format } from './format';\n\nexport class Client {\n  send(message: string): string { return format(message); }\n}\n",
};
export const TS_APP = {
  'package.json': '{ "name": "app", "version": "1.0.0", "dependencies": { "@acme/lib": "1.0.0" } }\n',
  'src/main.ts': [
    "import { Client, format } from '@acme/lib';",
    '',
    'export function run(): string {',
    '  const client = new Client();',
    "  return client.send(format(' x '));",
    '}',
    '',
  ].join('\n'),
};

/** A Python distribution with a top-level package, and an application importing it. */
export const PY_LIB = {
  'pyproject.toml': '[project]\nname = "acme-tools"\nversion = "1.0"\n',
  'acme/__init__.py': 'from .text import shout\n',
  'acme/text.py': [
    'def shout(s):',
    '    return s.upper()',
    '',
    '',
    'class Box:',
    '    def open(self):',
    '        return shout("open")',
    '',
  ].join('\n'),
};
export const PY_APP = {
  'pyproject.toml': '[project]\nname = "app"\nversion = "1.0"\ndependencies = ["acme-tools"]\n',
  'app/__init__.py': '',
  'app/main.py': [
    'from acme import shout',
    'from acme.text import Box',
    '',
    '',
    'def main():',
    '    box = Box()',
    '    return shout(box.open())',
    '',
  ].join('\n'),
};
