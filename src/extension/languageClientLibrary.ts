/**
 * vscode-languageclient, bundled on its own (dist/languageClient.js): the extension's
 * bundle stays small, and this megabyte is read, compiled and run only when the graph
 * server starts, after activation has returned (graphClient.ts loads it).
 */
export * from 'vscode-languageclient/node';
