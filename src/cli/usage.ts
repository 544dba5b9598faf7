import { MCP_CLIENTS } from './mcpClientConfig';

// Usage lines live apart from the commands so that `ckg help` and an unknown command load
// no command module, and a command loads only its own.

export const INDEX_USAGE = 'ckg index <repo_path> [--repo-url URL] [--commit SHA] [--max-file-bytes N] [--workers N] [--file-budget-ms N] [--no-wait] '
  + '[--config FILE] [--enrich [--enrich-budget DURATION] [--timeout-ms N] [--verbose]] -db <db_path>';

export const ENRICH_USAGE = 'ckg enrich <repo_path> [--repo-url URL] [--enrich-budget DURATION] [--timeout-ms N] [--all] [--config FILE] '
  + '[--verbose] [--no-wait] -db <db_path>';

export const STATS_USAGE = 'ckg stats -db <db_path>';

export const EXPORT_USAGE = 'ckg export -db <db_path> --format jsonl|graphml [--out FILE]';

export const SNAPSHOTS_USAGE = 'ckg snapshots -db <db_path> [--json]';

export const MCP_USAGE =
  'ckg mcp -db <db_path> [--http HOST:PORT [--token TOKEN] [--allow-host H,..] [--allow-origin O,..]] [--allow-root DIR,..] '
  + '[--reply-token-cap N] [--extra-tools] [--config FILE]';

export const MCP_CONFIG_USAGE = `ckg mcp-config --client ${MCP_CLIENTS.join('|')} -db <db_path> [--write [--dir DIR]]`;

export const CALL_USAGE = "ckg call <tool> ['<json-args>'] -db <db_path> [--reply-token-cap N] [--extra-tools]";

export const SERVE_USAGE =
  'ckg serve -db <db_path> [--http HOST:PORT] [--otlp-grpc HOST:PORT] [--otlp-http HOST:PORT] [--config FILE] '
  + '[--token TOKEN] [--otlp-insecure] [--allow-host H,..] [--allow-origin O,..] [--allow-root DIR,..] [--reply-token-cap N] [--extra-tools]';

export const INGEST_LOGS_USAGE = 'ckg ingest-logs <file|-> -db <db_path> [--service NAME] [--config FILE] [--no-wait]';

export const INGEST_SCIP_USAGE = 'ckg ingest-scip <index.scip> [--repo-url URL] [--no-wait] -db <db_path>';
