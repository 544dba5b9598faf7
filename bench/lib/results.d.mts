/** Types of results.mjs for the tests. */
export declare const RESULTS_PATH: string;
export declare function appendResultRow(
  section: string, description: string, columns: readonly string[], row: readonly unknown[], resultsPath?: string,
): string;
