/**
 * When the extension's bundle began to run. main.ts imports this first, so it is
 * evaluated before the other bundled modules, and reads the clock again in its last
 * statement: activate() reports how long evaluating the code took, on top of its own
 * time (VS Code counts both as activation).
 */
export const codeLoadStarted = performance.now();
