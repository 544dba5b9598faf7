import * as path from 'node:path';
import * as vscode from 'vscode';
import type { GraphExtension } from '../graphExtension';

/**
 * Copy MCP Configuration: client configurations for agents outside VS Code (SPEC 1.3):
 * stdio over this window's graph file, and the live Streamable HTTP endpoint (with its
 * session token, valid while this window's server runs).
 */
export const copyMcpConfig = (ext: GraphExtension) => async () => {
  const storage = ext.context.storageUri ?? ext.context.globalStorageUri;
  const dbPath = path.join(storage.fsPath, 'graph.sqlite');
  const endpoint = ext.client.endpoint ?? (await ext.client.fetchEndpoint());
  const config = {
    stdio: { command: 'ckg', args: ['mcp', '-db', dbPath], transport: 'stdio' },
    http: { url: endpoint.url, transport: 'streamable-http', headers: { Authorization: `Bearer ${endpoint.token}` } },
  };
  const text = JSON.stringify(config, null, 2);
  await vscode.env.clipboard.writeText(text);
  void vscode.window.showInformationMessage('Code Graph: copied the stdio and HTTP MCP client configurations.');
  return config;
};
