import * as vscode from 'vscode';
import type { GraphClient } from './graphClient';

export const MCP_PROVIDER_ID = 'codeKnowledgeGraph.mcp';

/**
 * Registers the graph server's live MCP endpoint with VS Code (engines ^1.101), so
 * editor agents call the 22 tools on the graph this window keeps fresh. The definition
 * carries the per-session bearer token; a restarted server has a new port and token,
 * and the change event tells VS Code to ask again.
 */
export function registerMcpProvider(client: GraphClient): {
  disposable: vscode.Disposable; provider: vscode.McpServerDefinitionProvider<vscode.McpHttpServerDefinition> | undefined;
} {
  const lm = (vscode as { lm?: typeof vscode.lm }).lm;
  if (typeof lm?.registerMcpServerDefinitionProvider !== 'function') return { disposable: new vscode.Disposable(() => undefined), provider: undefined };
  const changed = new vscode.EventEmitter<void>();
  const provider: vscode.McpServerDefinitionProvider<vscode.McpHttpServerDefinition> = {
    onDidChangeMcpServerDefinitions: changed.event,
    provideMcpServerDefinitions: () => {
      const endpoint = client.endpoint;
      return endpoint ? [definitionFor(endpoint.url, endpoint.token)] : [];
    },
    resolveMcpServerDefinition: async (definition) => {
      const endpoint = client.endpoint ?? (await client.fetchEndpoint().catch(() => undefined));
      return endpoint ? definitionFor(endpoint.url, endpoint.token) : definition;
    },
  };
  const disposable = vscode.Disposable.from(
    changed,
    client.onEndpoint(() => changed.fire()),
    lm.registerMcpServerDefinitionProvider(MCP_PROVIDER_ID, provider),
  );
  return { disposable, provider };
}

export function definitionFor(url: string, token: string): vscode.McpHttpServerDefinition {
  return new vscode.McpHttpServerDefinition('Code Graph', vscode.Uri.parse(url), { Authorization: `Bearer ${token}` }, '0.1.0');
}
