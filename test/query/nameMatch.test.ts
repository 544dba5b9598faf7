import * as assert from 'node:assert/strict';
import { type MatchTarget, camelHumps, matchTier, nameQuery } from '../../src/query/nameMatch';
import { boundedEditDistance } from '../../src/query/editDistance';

function target(local: string, path = ''): MatchTarget {
  const name = local.slice(local.lastIndexOf('.') + 1);
  return { name, nameLower: name.toLowerCase(), localLower: `/${local.toLowerCase()}`, pathLower: `/${path.toLowerCase()}` };
}

describe('query/nameMatch', () => {
  it('matches camel humps, case-insensitively, from any hump', () => {
    for (const q of ['gCU', 'gcu', 'getCU', 'getCurU', 'GCUser', 'CU', 'user', 'gcurrentu']) assert.equal(camelHumps('getCurrentUser', q), true, q);
    for (const q of ['gUC', 'gx', 'etCU', 'getCurrentUserX', '']) assert.equal(camelHumps('getCurrentUser', q), false, q);
    assert.equal(camelHumps('XMLParser', 'xp'), true, 'the P after an acronym starts a hump');
    assert.equal(camelHumps('parse_http_request', 'phr'), true, 'snake case humps');
    assert.equal(camelHumps('MAX_KEY_LENGTH', 'mkl'), true);
    assert.equal(camelHumps('sha256Sum', 's2s'), true, 'a digit after a letter starts a hump');
    assert.equal(camelHumps('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab', 'aaaaaaaaaaaaaaaaaaac'), false, 'no blow-up on repeats');
  });

  it('ranks a name by its best tier: exact, prefix, camel humps, substring', () => {
    const q = nameQuery('getCurrentUser');
    assert.equal(matchTier(target('src/auth.getCurrentUser'), q), 'exact');
    assert.equal(matchTier(target('src/auth.GETCURRENTUSER'), q), 'exact', 'case-insensitive');
    assert.equal(matchTier(target('src/auth.getCurrentUserId'), q), 'prefix');
    assert.equal(matchTier(target('src/auth.getCU'), nameQuery('getcu')), 'exact');
    assert.equal(matchTier(target('src/auth.getCurrentUser'), nameQuery('gCU')), 'camel-hump');
    assert.equal(matchTier(target('src/auth.loadCurrentUser'), nameQuery('rentuse')), 'substring');
    assert.equal(matchTier(target('src/auth.login'), q), undefined);
    assert.equal(matchTier(target('src/getCurrentUser/x.other'), q), undefined, 'a bare name is not matched on paths');
  });

  it('matches text with . or / on qualified-name tails and path segments', () => {
    const add = target('src/cart/service.CartService.add', 'src/cart/service.ts');
    assert.equal(matchTier(add, nameQuery('CartService.add')), 'exact');
    assert.equal(matchTier(add, nameQuery('cart/service')), 'path');
    assert.equal(matchTier(add, nameQuery('Cart/Serv')), 'path', 'the last segment may be cut short');
    assert.equal(matchTier(add, nameQuery('service.ts')), 'path', 'the file name');
    assert.equal(matchTier(add, nameQuery('art/service')), undefined, 'segments start at a separator');
    assert.equal(matchTier(add, nameQuery('shop/cart')), undefined);
  });

  it('bounds the edit distance, with neighbours swapped as one edit', () => {
    assert.equal(boundedEditDistance('getcurentuser', 'getcurrentuser', 2), 1);
    assert.equal(boundedEditDistance('getcurretnuser', 'getcurrentuser', 2), 1);
    assert.equal(boundedEditDistance('kitten', 'sitting', 3), 3);
    assert.equal(boundedEditDistance('kitten', 'sitting', 2), undefined);
    assert.equal(boundedEditDistance('a', 'abcdef', 2), undefined);
    assert.equal(boundedEditDistance('', 'ab', 2), 2);
  });
});
