import * as fs from 'node:fs';
import * as path from 'node:path';
import { extensionEntry } from '../model/languages';

/**
 * The language servers `ckg enrich` can run headless, which graph languages each one
 * answers for, and where it is found. Node servers (tsserver, pyright) come from the
 * repository's own node_modules first, so the answers follow the project's compiler
 * version, then from the packages beside ckg; native servers from PATH. Any server can be
 * named by hand in the config (`enrichment.servers.<id>`), or turned off with `false`.
 */
export type ServerId = 'tsserver' | 'pyright' | 'gopls' | 'rust-analyzer' | 'jdtls' | 'csharp-ls';

/** How a server is spoken to: tsserver's own protocol, or LSP over stdio. */
export type ServerProtocol = 'tsserver' | 'lsp';

export interface LanguageServerSpec {
  readonly id: ServerId;
  /** Graph language ids (files.language) whose files it answers for. */
  readonly languages: readonly string[];
  readonly protocol: ServerProtocol;
  /** What a user does to get it, printed when it is missing. */
  readonly install: string;
  /** Where to look for it when the config names no command. */
  readonly locate: (repoRoot: string) => ServerCommand | undefined;
}

/** A server found: how to start it, and what the answers came from. */
export interface ServerCommand {
  readonly command: string;
  readonly args: readonly string[];
  /** The server and its version or binary, recorded with every file it answered for. */
  readonly identity: string;
  /** Where it was found, for the plan line: `repo node_modules`, `ckg's dependencies`, `PATH`, `config`. */
  readonly origin: string;
}

/** A server named in the config: a command and its arguments, or `false` for "do not use". */
export type ConfiguredServer = { readonly command: string; readonly args: readonly string[] } | false;

export const LANGUAGE_SERVERS: readonly LanguageServerSpec[] = [
  {
    id: 'tsserver',
    languages: ['typescript', 'tsx', 'javascript'],
    protocol: 'tsserver',
    install: 'npm install typescript (ckg ships one; a repository\'s own is used first)',
    locate: (root) => nodeServer(root, 'typescript', 'lib/tsserver.js', []),
  },
  {
    id: 'pyright',
    languages: ['python'],
    protocol: 'lsp',
    install: 'npm install -g pyright (or pip install pyright), or name it in enrichment.servers.pyright',
    locate: (root) => nodeServer(root, 'pyright', 'langserver.index.js', ['--stdio']) ?? onPath('pyright-langserver', ['--stdio']),
  },
  {
    id: 'gopls',
    languages: ['go'],
    protocol: 'lsp',
    install: 'go install golang.org/x/tools/gopls@latest (or apt install gopls)',
    locate: () => onPath('gopls', []),
  },
  {
    id: 'rust-analyzer',
    languages: ['rust'],
    protocol: 'lsp',
    install: 'rustup component add rust-analyzer',
    locate: () => onPath('rust-analyzer', []),
  },
  {
    id: 'jdtls',
    languages: ['java'],
    protocol: 'lsp',
    install: 'install Eclipse JDT Language Server and put jdtls on PATH',
    locate: () => onPath('jdtls', []),
  },
  {
    id: 'csharp-ls',
    languages: ['csharp'],
    protocol: 'lsp',
    install: 'dotnet tool install --global csharp-ls',
    locate: () => onPath('csharp-ls', []),
  },
];

/** The server that answers for a graph language, if any does. */
export function serverFor(language: string): LanguageServerSpec | undefined {
  return LANGUAGE_SERVERS.find((server) => server.languages.includes(language));
}

/** What a run over some languages can use and what it cannot. */
export interface ServerPlan {
  readonly use: ReadonlyArray<{ readonly server: LanguageServerSpec; readonly command: ServerCommand; readonly languages: readonly string[] }>;
  /** Languages with a known server that is not installed (or turned off in the config). */
  readonly missing: ReadonlyArray<{ readonly server: LanguageServerSpec; readonly languages: readonly string[]; readonly disabled: boolean }>;
  /** Languages no language server covers (YAML, SQL, Terraform, ...): their edges stay static. */
  readonly unsupported: readonly string[];
}

/**
 * Which servers a repository's languages need, and which of them are found. Nothing is
 * started here: a server that is found but does not start is reported by the run.
 */
export function planServers(languages: Iterable<string>, repoRoot: string, configured: Readonly<Record<string, ConfiguredServer>> = {}): ServerPlan {
  const byServer = new Map<LanguageServerSpec, string[]>();
  const unsupported: string[] = [];
  for (const language of [...new Set(languages)].sort()) {
    const server = serverFor(language);
    if (!server) unsupported.push(language);
    else byServer.set(server, [...(byServer.get(server) ?? []), language]);
  }
  const use: Array<ServerPlan['use'][number]> = [];
  const missing: Array<ServerPlan['missing'][number]> = [];
  for (const [server, serverLanguages] of byServer) {
    const setting = configured[server.id];
    if (setting === false) {
      missing.push({ server, languages: serverLanguages, disabled: true });
      continue;
    }
    const command = setting ? fromConfig(server, setting) : server.locate(repoRoot);
    if (command) use.push({ server, command, languages: serverLanguages });
    else missing.push({ server, languages: serverLanguages, disabled: false });
  }
  return { use, missing, unsupported };
}

/** A configured command; a JavaScript file runs under the Node that runs ckg. */
function fromConfig(server: LanguageServerSpec, setting: { readonly command: string; readonly args: readonly string[] }): ServerCommand {
  const script = extensionEntry(path.extname(setting.command).toLowerCase())?.language.id === 'javascript';
  const command = script ? process.execPath : setting.command;
  const args = script ? [setting.command, ...setting.args] : setting.args;
  return { command, args, identity: `${server.id} ${binaryIdentity(setting.command)}`, origin: 'config' };
}

/** A server shipped as an npm package: the repository's copy first, then the one beside ckg. */
function nodeServer(repoRoot: string, packageName: string, entry: string, args: readonly string[]): ServerCommand | undefined {
  const candidates: Array<[string, string]> = [[path.join(repoRoot, 'node_modules', packageName), 'repo node_modules']];
  try {
    candidates.push([path.dirname(require.resolve(`${packageName}/package.json`)), 'ckg\'s dependencies']);
  } catch {
    // Not installed beside ckg: only the repository's copy or PATH can serve.
  }
  for (const [dir, origin] of candidates) {
    const script = path.join(dir, entry);
    if (!fs.existsSync(script)) continue;
    const version = packageVersion(dir);
    return { command: process.execPath, args: [script, ...args], identity: `${packageName} ${version}`, origin: `${origin} (${packageName} ${version})` };
  }
  return undefined;
}

function packageVersion(dir: string): string {
  try {
    return String((JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version?: unknown }).version ?? 'unknown');
  } catch {
    return 'unknown';
  }
}

/** An executable on PATH. */
function onPath(name: string, args: readonly string[]): ServerCommand | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (!fs.statSync(candidate).isFile()) continue;
    } catch {
      continue;
    }
    return { command: candidate, args, identity: `${name} ${binaryIdentity(candidate)}`, origin: `PATH (${candidate})` };
  }
  return undefined;
}

/** A binary's real path, size and time: a new install of the server asks every file again. */
function binaryIdentity(file: string): string {
  try {
    const real = fs.realpathSync(file);
    const stat = fs.statSync(real);
    return `${real} ${stat.size} ${Math.floor(stat.mtimeMs)}`;
  } catch {
    return file;
  }
}
