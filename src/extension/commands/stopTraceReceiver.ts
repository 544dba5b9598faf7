import * as vscode from 'vscode';
import type { GraphExtension } from '../graphExtension';
import { setTraceReceiverRunning } from './traceReceiverContext';

/** Stop Trace Receiver. */
export const stopTraceReceiver = (ext: GraphExtension) => async () => {
  const result = await ext.client.stopTraceReceiver();
  await setTraceReceiverRunning(result.running);
  ext.output.info(`trace receiver: ${result.message}`);
  void vscode.window.showInformationMessage(`Code Graph: ${result.message}`);
  return result;
};
