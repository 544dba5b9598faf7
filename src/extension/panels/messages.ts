/**
 * The messages between the panels and their webviews (media/*.js use the same shapes;
 * they are plain scripts, so this file is their reference).
 */
export type ToWebview =
  | { readonly type: 'impact'; readonly folder: string; readonly headCommit: string; readonly impact: unknown }
  | { readonly type: 'traceStats'; readonly stats: unknown; readonly traffic: Array<{ service: string; edges: unknown[] }> }
  | { readonly type: 'error'; readonly message: string }
  /** Nothing to show, and why (the folder has no git history): a state, not a failure. */
  | { readonly type: 'unavailable'; readonly message: string };

export type FromWebview =
  | { readonly type: 'ready' }
  | { readonly type: 'refresh' }
  | { readonly type: 'openSymbol'; readonly qualifiedName: string };
