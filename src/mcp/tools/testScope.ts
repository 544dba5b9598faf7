import { z } from 'zod';
import { runCommands } from '../../graph/testRunners';
import { TEST_SCOPE_DEFAULTS, type ScopedTest, testsInScope } from '../../graph/testScope';
import { filesAtPath, nodesOfFile } from '../../graph/viewIndex';
import type { Hash } from '../../model';
import { choiceArg, pathListArg, positiveIntArg } from '../args';
import { ToolError, defineTool } from '../tool';
import { integer, objectOutput } from '../wire';

/** SPEC §7 leaves the text open; it follows the SPEC's runtime message (DESIGN §5). */
export const TEST_SCOPE_UNAVAILABLE = 'test_scope queries not available: store does not support test_scope methods';

const MODES = ['packages', 'functions', 'run'] as const;

function render(mode: (typeof MODES)[number], tests: readonly ScopedTest[]): string[] {
  if (mode === 'run') return runCommands(tests);
  const values = mode === 'packages' ? tests.map((t) => t.packagePath) : tests.map((t) => t.node.qualifiedName);
  return [...new Set(values)].sort();
}

/** SPEC 4.9 test_scope: the tests that transitively call into the given files. */
export const tool = defineTool({
  name: 'test_scope',
  title: 'Tests affected by files',
  category: 'Discovery',
  description:
    'Tests that depend on the symbols of the given files: breadth-first backwards through calls edges, up to depth '
    + 'hops, to test symbols (Go Test/Benchmark functions, pytest tests, JS/TS describe/it/test blocks, JUnit, xUnit and '
    + 'Rust tests). output=packages gives their package paths, functions their qualified names, run one command per '
    + 'test runner selecting exactly them (go test -run, pytest -k, jest/vitest -t, mvn -Dtest, dotnet test --filter, '
    + 'cargo test). Tests in the given files themselves are included.',
  inputSchema: {
    files: pathListArg('files', 'Comma-separated file paths relative to the repository root, e.g. `src/cart.ts,src/price.ts`'),
    output: choiceArg('output', MODES, 'packages', 'packages, functions or run'),
    depth: positiveIntArg('depth', { default: TEST_SCOPE_DEFAULTS.depth, max: 10, description: 'Hops of callers to search for tests' }),
  },
  outputSchema: objectOutput({ mode: z.string(), results: z.array(z.string()), count: integer }),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  async handler({ files, output, depth }, deps) {
    if (!deps.store().capabilities.testScope) throw new ToolError(TEST_SCOPE_UNAVAILABLE);
    const view = await deps.graphs.liveView();
    const missing = files.filter((path) => filesAtPath(view, path).length === 0);
    if (missing.length > 0) {
      throw new ToolError(`files: no indexed file at ${missing.join(', ')} (expected paths relative to the repository root)`);
    }
    const starts: Hash[] = files.flatMap((path) => filesAtPath(view, path).flatMap((file) => nodesOfFile(view, file.fileHash)))
      .map((node) => node.nodeHash);
    const scope = testsInScope(view, starts, { depth });
    const results = render(output, scope.tests);
    return { result: { mode: output, results, count: results.length, ...(scope.truncated ? { truncated: true } : {}) } };
  },
});
