import * as assert from 'node:assert/strict';
import { Language, Parser, type Tree } from 'web-tree-sitter';
import { Assets } from '../../src/assets';
import { chargeQueryCost, walkQueryCost } from '../../src/extract/treeCost';
import { hasDirectCursor, initTreeSitter, wasmMemoryBytes } from '../../src/extract/treeSitterRuntime';
import { WorkMeter } from '../../src/extract/workBudget';

const GO = `package shapes

import "fmt"

type Shape interface{ Area() float64 }

type Square struct{ side float64 }

func (s Square) Area() float64 { return s.side * s.side }

func Describe(shapes []Shape) {
	for i, s := range shapes {
		fmt.Println(i, s.Area(), ((((s.Area())))))
	}
}
`;

const TYPESCRIPT = `export class Cart {
  private items: Array<{ sku: string; price: number }> = [];
  add(sku: string, price: number): this { this.items.push({ sku, price }); return this; }
  total(): number { return this.items.reduce((sum, item) => sum + item.price, 0); }
}
new Cart().add('a', 1).add('b', 2).total();
`;

describe('extract/treeCost', () => {
  const parsers = new Map<string, Parser>();

  before(async () => {
    await initTreeSitter();
    for (const [name, grammar] of [['go', 'tree-sitter-go.wasm'], ['typescript', 'tree-sitter-typescript.wasm']] as const) {
      const parser = new Parser();
      parser.setLanguage(await Language.load(Assets.grammar(grammar)));
      parsers.set(name, parser);
    }
  });

  function withTree(language: string, source: string, use: (tree: Tree) => void): void {
    const tree = parsers.get(language)!.parse(source)!;
    try {
      use(tree);
    } finally {
      tree.delete();
    }
  }

  function walked(tree: Tree, direct: boolean): number {
    const meter = new WorkMeter({ milliseconds: 0, workUnits: 1e12 });
    walkQueryCost(tree, meter, direct);
    return meter.units;
  }

  it('walks with the wasm cursor calls directly in this web-tree-sitter', () => {
    assert.ok(hasDirectCursor(), 'the cursor exports were not found: walks fall back to the public cursor, three times slower');
  });

  it('charges the same units walking directly as with the public cursor', () => {
    const cases: Array<[string, string]> = [
      ['go', GO],
      ['typescript', TYPESCRIPT],
      ['go', '('.repeat(3_000)],
      ['typescript', `x${'.b()'.repeat(2_000)};`],
    ];
    for (const [language, source] of cases) {
      withTree(language, source, (tree) => {
        const publicUnits = walked(tree, false);
        assert.ok(publicUnits >= tree.rootNode.descendantCount, `${language}: ${publicUnits}`);
        assert.equal(walked(tree, true), publicUnits, `${language}: ${source.slice(0, 30)}`);
      });
    }
  });

  it('frees the stack a deep walk grew, once: walking a deep tree thousands of times does not grow the parser memory', () => {
    // A cursor's stack moves when the walk goes deeper than it holds; freeing it from a
    // copy made before the walk freed the old stack twice and leaked the new one.
    withTree('go', `package p\nvar x = ${'('.repeat(400)}1${')'.repeat(400)}\n`, (tree) => {
      for (let i = 0; i < 50; i++) walked(tree, true);
      const before = wasmMemoryBytes()!;
      for (let i = 0; i < 3_000; i++) walked(tree, true);
      const grown = wasmMemoryBytes()! - before;
      assert.ok(grown < 1 << 20, `the parser's memory grew ${grown} bytes over 3,000 walks`);
    });
  });

  it('leaves the tree usable by the public API after a direct walk', () => {
    withTree('go', GO, (tree) => {
      walked(tree, true);
      const cursor = tree.walk();
      assert.ok(cursor.gotoFirstChild());
      assert.equal(cursor.nodeType, 'package_clause');
      cursor.delete();
      assert.equal(tree.rootNode.namedChildren[0]!.type, 'package_clause');
    });
  });

  it('charges n² for a tree of n nodes without walking when that fits twice in what is left', () => {
    withTree('go', GO, (tree) => {
      const nodes = tree.rootNode.descendantCount;
      const bound = nodes * nodes;
      assert.ok(walked(tree, true) <= bound, 'the walk never charges more than the bound');
      const roomy = new WorkMeter({ milliseconds: 0, workUnits: 2 * bound });
      chargeQueryCost(tree, roomy);
      assert.equal(roomy.units, bound);
      // Less room than twice the bound: the walk decides, and charges what it counts.
      const tight = new WorkMeter({ milliseconds: 0, workUnits: 2 * bound - 1 });
      chargeQueryCost(tree, tight);
      assert.equal(tight.units, walked(tree, true));
    });
  });

  it('still cuts off a run of ( whose quadratic cost is over the budget', () => {
    withTree('go', '('.repeat(20_000), (tree) => {
      const meter = new WorkMeter({ milliseconds: 0, workUnits: 5_000_000 });
      assert.throws(() => chargeQueryCost(tree, meter), /over work budget/);
      assert.ok(meter.units <= 5_000_000);
    });
  });
});
