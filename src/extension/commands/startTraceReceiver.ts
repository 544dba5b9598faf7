import * as vscode from 'vscode';
import type { GraphExtension } from '../graphExtension';
import { setTraceReceiverRunning } from './traceReceiverContext';

/** Start Trace Receiver: asks the server; says plainly when this build has no receiver. */
export const startTraceReceiver = (ext: GraphExtension) => async () => {
  const result = await ext.client.startTraceReceiver();
  await setTraceReceiverRunning(result.running);
  ext.output.info(`trace receiver: ${result.message}`);
  void (result.running ? vscode.window.showInformationMessage(`Code Graph: ${result.message}`) : vscode.window.showWarningMessage(`Code Graph: ${result.message}`));
  return result;
};
