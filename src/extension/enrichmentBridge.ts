import * as vscode from 'vscode';
import type { LocationQueryKind, LocationsParams, LocationsResult, SourceLocation } from '../server/protocol';
import { settleAgainstUnsaved } from './dirtyDocuments';
import { activateLanguagesOf } from './languageActivation';

const COMMANDS: Record<LocationQueryKind, string> = {
  definition: 'vscode.executeDefinitionProvider',
  implementation: 'vscode.executeImplementationProvider',
  references: 'vscode.executeReferenceProvider',
};

/** Queries of one batch in flight at once: enough to keep a language server busy, not the host. */
const CONCURRENCY = 4;

/**
 * Answers the graph server's `ckg/locations` requests with the editor's own language
 * servers. Each query gets `timeoutMs`; a query that takes longer, or a cancelled batch,
 * answers null, and the server leaves those edges as they are. Documents with unsaved
 * changes are handled by settleAgainstUnsaved (the graph holds saved text). A language
 * probe (`params.probe`) first lets the extensions of the documents' languages activate.
 */
export async function answerLocations(params: LocationsParams, token: vscode.CancellationToken): Promise<LocationsResult> {
  const command = COMMANDS[params.kind];
  if (!command) throw new Error(`kind: expected definition, implementation or references, got ${String(params.kind)}`);
  const answers: LocationsResult = params.queries.map(() => null);
  if (params.probe) await activateLanguagesOf(params.queries.map((q) => q.path), params.timeoutMs);
  const unsaved = new Set(vscode.workspace.textDocuments.filter((d) => d.isDirty && d.uri.scheme === 'file').map((d) => d.uri.fsPath));
  const isUnsaved = (path: string): boolean => unsaved.has(path);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < params.queries.length && !token.isCancellationRequested) {
      const i = next++;
      const query = params.queries[i];
      answers[i] = await withTimeout(settleAgainstUnsaved(params.kind, query, isUnsaved, () => ask(command, query)), params.timeoutMs, token);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, params.queries.length) }, worker));
  return answers;
}

async function ask(command: string, query: SourceLocation): Promise<SourceLocation[]> {
  const uri = vscode.Uri.file(query.path);
  const position = new vscode.Position(query.line - 1, query.character);
  const found = await vscode.commands.executeCommand<Array<vscode.Location | vscode.LocationLink> | undefined>(command, uri, position);
  return (found ?? []).map(toSourceLocation).filter((l): l is SourceLocation => l !== undefined);
}

/** A Location, or a LocationLink's name range (targetSelectionRange) where it has one. */
function toSourceLocation(found: vscode.Location | vscode.LocationLink): SourceLocation | undefined {
  const uri = 'targetUri' in found ? found.targetUri : found.uri;
  const range = 'targetUri' in found ? found.targetSelectionRange ?? found.targetRange : found.range;
  if (uri.scheme !== 'file') return undefined;
  return { path: uri.fsPath, line: range.start.line + 1, character: range.start.character };
}

function withTimeout<T>(work: Promise<T>, ms: number, token: vscode.CancellationToken): Promise<T | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    const cancelled = token.onCancellationRequested(() => resolve(null));
    work.then((value) => resolve(value), () => resolve(null)).finally(() => {
      clearTimeout(timer);
      cancelled.dispose();
    });
  });
}
