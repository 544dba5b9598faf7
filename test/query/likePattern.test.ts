import * as assert from 'node:assert/strict';
import { likePattern } from '../../src/query/likePattern';

describe('query/likePattern', () => {
  it('translates LIKE patterns like SQLite does', () => {
    assert.ok(likePattern('GET /users/%').test('get /users/{id}'));
    assert.ok(likePattern('a_c').test('abc'));
    assert.ok(!likePattern('a_c').test('abbc'));
    assert.ok(likePattern('a.c%').test('a.cde'));
    assert.ok(!likePattern('a.c').test('abc'), 'regex characters are literal');
  });
});
