import { Parser, type Tree } from 'web-tree-sitter';

/**
 * The wasm functions a tree cursor's moves call. web-tree-sitter passes a cursor to them
 * through its transfer buffer and copies it in and out of JavaScript around every call
 * (eight typed-array accesses through a generic setter); a walk over every node of a tree
 * that only reads each node's kind can leave the cursor in that buffer instead, and call
 * these directly: a third of the time.
 */
interface CursorExports {
  HEAP8: Int8Array;
  _ts_tree_cursor_new_wasm(tree: number): void;
  _ts_tree_cursor_delete_wasm(tree: number): void;
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
 * A cursor walk over `tree`. From its start until delete(), nothing else may use
 * web-tree-sitter in this thread: the direct calls keep the cursor in the module's one
 * transfer buffer.
 * `direct: false` gives the public cursor (the tests compare the two).
 */
export function walkTree(tree: Tree, direct = true): CursorWalk {
  const calls = direct ? cursorExports() : undefined;
  if (!calls) {
    const cursor = tree.walk();
    return {
      isNamed: () => cursor.nodeIsNamed,
      gotoFirstChild: () => cursor.gotoFirstChild(),
      gotoNextSibling: () => cursor.gotoNextSibling(),
      gotoParent: () => cursor.gotoParent(),
      delete: () => cursor.delete(),
    };
  }
  // The cursor lives in the transfer buffer from its making to its freeing, with no
  // JavaScript copy: its stack's address is part of it and moves when a deep tree grows
  // the stack, so a copy kept aside would free the old stack a second time. Reading the
  // root's size copies the root node into the buffer, where the cursor is made from it.
  void tree.rootNode.descendantCount;
  const address = (tree as unknown as { 0: number })[0];
  calls._ts_tree_cursor_new_wasm(address);
  return {
    isNamed: () => calls._ts_tree_cursor_current_node_is_named_wasm(address) === 1,
    gotoFirstChild: () => calls._ts_tree_cursor_goto_first_child_wasm(address) === 1,
    gotoNextSibling: () => calls._ts_tree_cursor_goto_next_sibling_wasm(address) === 1,
    gotoParent: () => calls._ts_tree_cursor_goto_parent_wasm(address) === 1,
    delete: () => calls._ts_tree_cursor_delete_wasm(address),
  };
}

/** The parser's wasm memory in bytes (it grows and never shrinks), once started. */
export function wasmMemoryBytes(): number | undefined {
  return moduleExports.HEAP8?.length;
}

/** Whether walks call the cursor's wasm functions directly (else the public cursor). */
export function hasDirectCursor(): boolean {
  return cursorExports() !== undefined;
}

function cursorExports(): CursorExports | undefined {
  const calls = moduleExports;
  const complete =
    typeof calls._ts_tree_cursor_new_wasm === 'function' &&
    typeof calls._ts_tree_cursor_delete_wasm === 'function' &&
    typeof calls._ts_tree_cursor_current_node_is_named_wasm === 'function' &&
    typeof calls._ts_tree_cursor_goto_first_child_wasm === 'function' &&
    typeof calls._ts_tree_cursor_goto_next_sibling_wasm === 'function' &&
    typeof calls._ts_tree_cursor_goto_parent_wasm === 'function';
  return complete ? (calls as CursorExports) : undefined;
}
