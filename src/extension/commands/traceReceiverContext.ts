import * as vscode from 'vscode';

/** The context key the palette's `when` clauses read: Start shows while the receiver is stopped, Stop while it runs. */
export const TRACE_RECEIVER_RUNNING = 'codeKnowledgeGraph.traceReceiverRunning';

/** Records whether the trace receiver runs, for the palette (a restarted server starts without one). */
export async function setTraceReceiverRunning(running: boolean): Promise<void> {
  await vscode.commands.executeCommand('setContext', TRACE_RECEIVER_RUNNING, running);
}
