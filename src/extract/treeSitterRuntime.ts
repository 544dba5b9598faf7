import { Parser, type Tree } from 'web-tree-sitter';

/**
 * The wasm functions a tree cursor's moves call. web-tree-sitter passes a cursor to them
 * through its transfer buffer and copies it in and out of JavaScript around every call
 * (eight typed-array accesses through a generic setter); a walk over every node of a tree
 * that only reads each node's kind can leave the cursor in that buffer instead, and call
 * these directly: a third of the time.
 */
interface CursorExports {
  _ts_tree_cursor_current_node_is_named_wasm(tree: number): number;
  _ts_tree_cursor_goto_first_child_wasm(tree: number): number;
  _ts_tree_cursor_goto_next_sibling_wasm(tree: number): number;
  _ts_tree_cursor_goto_parent_wasm(tree: number): number;
}

/**
 * The object web-tree-sitter's Emscripten module is built on: Parser.init fills it with
 * the module's exports. It is only read for the cursor calls above, and only when they
 * are all there (a later web-tree-sitter could rename them; the public cursor is used then).
 */
const moduleExports: Partial<CursorExports> = {};
let runtimeReady: Promise<void> | undefined;

/** Starts web-tree-sitter once per process. */
export function initTreeSitter(): Promise<void> {
  runtimeReady ??= Parser.init(moduleExports as object);
  return runtimeReady;
}

/** One walk over a tree: the moves of a cursor that starts at the root. */
export interface CursorWalk {
  isNamed(): boolean;
  gotoFirstChild(): boolean;
  gotoNextSibling(): boolean;
  gotoParent(): boolean;
  /** Frees the cursor; the walk must not be used after. */
  delete(): void;
}

/**
 * A cursor walk over `tree`. While it runs, nothing else may use web-tree-sitter in this
 * thread: the direct calls keep the cursor in the module's one transfer buffer.
 * `direct: false` gives the public cursor (the tests compare the two).
 */
export function walkTree(tree: Tree, direct = true): CursorWalk {
  const cursor = tree.walk();
  const calls = direct ? cursorExports() : undefined;
  if (!calls) {
    return {
      isNamed: () => cursor.nodeIsNamed,
      gotoFirstChild: () => cursor.gotoFirstChild(),
      gotoNextSibling: () => cursor.gotoNextSibling(),
      gotoParent: () => cursor.gotoParent(),
      delete: () => cursor.delete(),
    };
  }
  // Reading a property copies the cursor into the transfer buffer; the direct calls below
  // then move it there. delete() copies the JavaScript copy back, which still points at
  // the same cursor, before freeing it.
  void cursor.nodeIsNamed;
  const address = (tree as unknown as { 0: number })[0];
  return {
    isNamed: () => calls._ts_tree_cursor_current_node_is_named_wasm(address) === 1,
    gotoFirstChild: () => calls._ts_tree_cursor_goto_first_child_wasm(address) === 1,
    gotoNextSibling: () => calls._ts_tree_cursor_goto_next_sibling_wasm(address) === 1,
    gotoParent: () => calls._ts_tree_cursor_goto_parent_wasm(address) === 1,
    delete: () => cursor.delete(),
  };
}

/** Whether walks call the cursor's wasm functions directly (else the public cursor). */
export function hasDirectCursor(): boolean {
  return cursorExports() !== undefined;
}

function cursorExports(): CursorExports | undefined {
  const calls = moduleExports;
  const complete =
    typeof calls._ts_tree_cursor_current_node_is_named_wasm === 'function' &&
    typeof calls._ts_tree_cursor_goto_first_child_wasm === 'function' &&
    typeof calls._ts_tree_cursor_goto_next_sibling_wasm === 'function' &&
    typeof calls._ts_tree_cursor_goto_parent_wasm === 'function';
  return complete ? (calls as CursorExports) : undefined;
}
