// Types of contextTask.mjs for the TypeScript tests (test/bench).
/** The message without trailers, issue references and URLs, on one line. */
export function cleanMessage(message: string): string;
/** Words with at least one letter. */
export function wordCount(text: string): number;
/** Whether a token looks like a name in code rather than a word. */
export function isIdentifierLike(token: string, fileNames?: ReadonlySet<string>): boolean;
/** The message with every identifier-looking token removed. */
export function stripNames(message: string, fileNames?: ReadonlySet<string>): string;
/** File and folder names a message word may use for a file. */
export function fileNamesOf(paths: readonly string[]): Set<string>;
