import * as vscode from 'vscode';
import type { IndexProgressParams } from '../server/protocol';

/**
 * Shows the first index run of a session as a progress notification (a new user sees that
 * the graph is being built, and how far). Later runs (saves, HEAD moves, Index Workspace)
 * show only in the status bar item, so they never interrupt.
 */
export class FirstIndexNotification {
  private seenFirst = false;
  private report: ((progress: IndexProgressParams) => void) | undefined;
  private finish: (() => void) | undefined;
  private lastPercentage = 0;
  /** The title of the notification shown for the first run, once shown. */
  shownTitle: string | undefined;

  /** Whether the first run's notification is showing. */
  get showing(): boolean {
    return this.finish !== undefined;
  }

  onProgress(progress: IndexProgressParams): void {
    if (progress.kind === 'begin' && !this.seenFirst) {
      this.seenFirst = true;
      this.open(progress.title ?? 'Code Graph: indexing');
      return;
    }
    if (progress.kind === 'report') this.report?.(progress);
    if (progress.kind === 'end') this.close();
  }

  dispose(): void {
    this.close();
  }

  private open(title: string): void {
    this.lastPercentage = 0;
    this.shownTitle = title;
    // Settled by the run's end, even one that arrives before the notification's task starts.
    const done = new Promise<void>((resolve) => (this.finish = resolve));
    void vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: false }, (reporter) => {
      if (this.finish) {
        this.report = ({ percentage, message }) => {
          const increment = percentage === undefined ? undefined : Math.max(0, percentage - this.lastPercentage);
          if (percentage !== undefined) this.lastPercentage = Math.max(this.lastPercentage, percentage);
          reporter.report({ increment, message });
        };
      }
      return done;
    });
  }

  private close(): void {
    this.finish?.();
    this.finish = undefined;
    this.report = undefined;
  }
}
