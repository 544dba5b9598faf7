import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';

/**
 * A panel's HTML: a strict CSP (no remote content; scripts only with this load's
 * nonce), with scripts and styles served from the extension through asWebviewUri.
 */
export function panelHtml(webview: vscode.Webview, extensionUri: vscode.Uri, title: string, scripts: readonly string[]): string {
  const nonce = randomBytes(16).toString('base64');
  const uri = (relative: string): string => webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, ...relative.split('/'))).toString();
  const csp = [
    "default-src 'none'",
    `img-src ${webview.cspSource} data:`,
    `style-src ${webview.cspSource}`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${uri('media/panel.css')}">
<title>${title}</title>
</head>
<body>
<main id="root"><p class="muted">Loading…</p></main>
${scripts.map((s) => `<script nonce="${nonce}" src="${uri(s)}"></script>`).join('\n')}
</body>
</html>`;
}
