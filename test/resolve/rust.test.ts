import * as assert from 'node:assert/strict';
import { rustResolver } from '../../src/resolve/languages/rust';
import { RepoLayout } from '../../src/resolve/layout';

function layoutOf(files: Record<string, string>): RepoLayout {
  return new RepoLayout(Object.keys(files), (p) => files[p]);
}

describe('resolve/languages rust', () => {
  const rust = rustResolver(layoutOf({
    'Cargo.toml': '[workspace]\nmembers = ["crates/*"]\n',
    'crates/shop-core/Cargo.toml': '[package]\nname = "shop-core" # the domain\nversion = "0.1.0"\n\n[dependencies]\nname = "not-this"\n',
    'crates/shop-core/src/lib.rs': '',
    'crates/shop-core/src/models.rs': '',
    'crates/shop-core/src/store/mod.rs': '',
    'crates/shop-core/src/store/memory.rs': '',
    'crates/shop-core/src/store/memory/cache.rs': '',
    'crates/shop-core/src/main.rs': '',
    'crates/shop-core/src/bin/admin.rs': '',
    'crates/shop-core/src/bin/admin_util.rs': '',
    'crates/shop-core/tests/api.rs': '',
    'crates/shop-core/tests/common/mod.rs': '',
    'crates/web/Cargo.toml': '[package]\nname = \'web\'\n',
    'crates/web/src/main.rs': '',
    'crates/web/src/routes.rs': '',
    'scripts/tool.rs': '',
  }));
  const core = 'crates/shop-core';

  it('names packages <crate>/<module path> from the nearest Cargo.toml package', () => {
    assert.equal(rust.packagePath(`${core}/src/lib.rs`), 'shop_core');
    assert.equal(rust.packagePath(`${core}/src/main.rs`), 'shop_core');
    assert.equal(rust.packagePath(`${core}/src/models.rs`), 'shop_core/models');
    assert.equal(rust.packagePath(`${core}/src/store/mod.rs`), 'shop_core/store');
    assert.equal(rust.packagePath(`${core}/src/store/memory/cache.rs`), 'shop_core/store/memory/cache');
    assert.equal(rust.packagePath(`${core}/src/bin/admin.rs`), 'shop_core/bin/admin');
    assert.equal(rust.packagePath(`${core}/tests/api.rs`), 'shop_core/tests/api');
    assert.equal(rust.packagePath('crates/web/src/routes.rs'), 'web/routes');
    assert.equal(rust.packagePath('scripts/tool.rs'), 'scripts/tool');
  });

  it('gives a binary beside a library a module node of its own', () => {
    assert.equal(rust.moduleNodePath(`${core}/src/main.rs`), 'shop_core/main');
    assert.equal(rust.moduleNodePath(`${core}/src/lib.rs`), 'shop_core');
    assert.equal(rust.moduleNodePath('crates/web/src/main.rs'), 'web');
  });

  it('follows crate::, self::, super:: and child-module paths to the longest module prefix', () => {
    const from = (file: string, source: string) => rust.resolveImport(source, `${core}/${file}`);
    const inRepo = (packagePath: string) => ({ inRepo: true, packagePath });
    assert.deepEqual(from('src/models.rs', 'crate::store::memory::MemoryStore'), inRepo('shop_core/store/memory'));
    assert.deepEqual(from('src/models.rs', 'crate::store'), inRepo('shop_core/store'));
    assert.deepEqual(from('src/models.rs', 'crate::Config'), inRepo('shop_core'));
    assert.deepEqual(from('src/models.rs', 'crate::store::*'), inRepo('shop_core/store'));
    assert.deepEqual(from('src/store/memory.rs', 'super::Store'), inRepo('shop_core/store'));
    assert.deepEqual(from('src/store/memory.rs', 'super::super::models::User'), inRepo('shop_core/models'));
    assert.deepEqual(from('src/store/memory.rs', 'self::cache::Entry'), inRepo('shop_core/store/memory/cache'));
    assert.deepEqual(from('src/store/memory.rs', 'self'), inRepo('shop_core/store/memory'));
    assert.deepEqual(from('src/store/mod.rs', 'memory::MemoryStore'), inRepo('shop_core/store/memory'));
    assert.deepEqual(from('src/lib.rs', 'self::models'), inRepo('shop_core/models'));
    assert.deepEqual(from('tests/api.rs', 'self::common::setup'), inRepo('shop_core/tests/common'));
    assert.deepEqual(from('src/bin/admin.rs', 'crate::admin_util::run'), inRepo('shop_core/bin/admin_util'));
  });

  it('resolves other crates of the workspace by name, and the rest outside the repo', () => {
    assert.deepEqual(rust.resolveImport('shop_core::models::User', 'crates/web/src/routes.rs'), { inRepo: true, packagePath: 'shop_core/models' });
    assert.deepEqual(rust.resolveImport('shop_core::Config', `${core}/tests/api.rs`), { inRepo: true, packagePath: 'shop_core' });
    assert.deepEqual(rust.resolveImport('std::collections::HashMap', 'crates/web/src/routes.rs'), { inRepo: false, module: 'std/collections' });
    assert.deepEqual(rust.resolveImport('std::io::*', 'crates/web/src/routes.rs'), { inRepo: false, module: 'std/io' });
    assert.deepEqual(rust.resolveImport('serde', 'crates/web/src/routes.rs'), { inRepo: false, module: 'serde' });
    assert.deepEqual(rust.resolveImport('super::x', `${core}/src/lib.rs`), { inRepo: false, module: 'super' });
    assert.ok(rust.isBuiltin('Some'));
    assert.ok(!rust.isBuiltin('connect'));
  });
});
