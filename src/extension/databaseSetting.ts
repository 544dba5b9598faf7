// Kept free of `vscode` so that the setting's rules are tested without an editor.

/** The setting that points the graph server at a shared graph. */
export const DATABASE_SETTING = 'codeKnowledgeGraph.database';

/** What the server is started on: a shared database, or (none) the workspace's own graph file; and what was wrong with the setting. */
export interface DatabaseChoice {
  readonly database?: string;
  readonly problem?: string;
}

/**
 * Reads `codeKnowledgeGraph.database`: empty means the workspace's own graph file; else a
 * `postgres://` URL without a password. Settings are plain text that sync and dotfiles
 * repositories copy, so a URL carrying a password is refused (the workspace's own graph is
 * used meanwhile): the server, which VS Code starts with its own environment, takes the
 * password from PGPASSWORD or ~/.pgpass (PGPASSFILE) as every PostgreSQL client does.
 */
export function databaseOfSetting(value: unknown): DatabaseChoice {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return {};
  if (typeof value !== 'string' || !/^postgres(ql)?:\/\//i.test(value.trim())) {
    return { problem: `${DATABASE_SETTING}: expected a postgres://user@host:port/database URL, or nothing for this workspace's own graph; using this workspace's own graph` };
  }
  const url = value.trim();
  if (/^postgres(ql)?:\/\/[^:@/?#]*:[^@/?#]*@/i.test(url) || /[?&]password=/i.test(url)) {
    return {
      problem: `${DATABASE_SETTING}: the URL carries a password, which settings keep in plain text; remove it and set PGPASSWORD or a ~/.pgpass line where VS Code starts; using this workspace's own graph until then`,
    };
  }
  return { database: url };
}
