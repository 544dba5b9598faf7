import * as assert from 'node:assert/strict';
import { foldTerm, identifierParts, searchTerms } from '../../src/context/terms';

describe('context/terms', () => {
  it('splits identifiers at case changes, digits and separators', () => {
    assert.deepEqual(identifierParts('parseHTTPRequest2'), ['parse', 'http', 'request', '2']);
    assert.deepEqual(identifierParts('snake_case_name'), ['snake', 'case', 'name']);
    assert.deepEqual(identifierParts('kebab-case'), ['kebab', 'case']);
    assert.deepEqual(identifierParts('XMLHttpRequest'), ['xml', 'http', 'request']);
    assert.deepEqual(identifierParts('v1connect'), ['v', '1', 'connect']);
    assert.deepEqual(identifierParts('a.b/c'), ['a', 'b', 'c']);
    assert.deepEqual(identifierParts(''), []);
  });

  it('folds plurals so a word and its plural meet', () => {
    assert.equal(foldTerm('services'), 'service');
    assert.equal(foldTerm('entries'), 'entry');
    assert.equal(foldTerm('classes'), 'class');
    assert.equal(foldTerm('indexes'), 'index');
    assert.equal(foldTerm('status'), 'status');
    assert.equal(foldTerm('class'), 'class');
    assert.equal(foldTerm('ids'), 'ids', 'short words stay');
  });

  it('gives parts and the whole identifier, without stop words or single letters', () => {
    assert.deepEqual(searchTerms('Fix the refreshToken bug in a UserService'), ['refresh', 'token', 'refreshtoken', 'user', 'service', 'userservice']);
    assert.deepEqual(searchTerms('func (s *Server) StopWorkspace(ctx context.Context) error'),
      ['func', 'server', 'stop', 'workspace', 'stopworkspace', 'ctx', 'context', 'context', 'error']);
    assert.deepEqual(searchTerms('src/utils/url.ts'), ['src', 'util', 'url', 'ts']);
    assert.deepEqual(searchTerms(''), []);
    assert.deepEqual(searchTerms('the a of'), []);
  });

  it('tokenises the same word the same way every time (memoised)', () => {
    assert.deepEqual(searchTerms('getUsers getUsers'), ['get', 'user', 'getuser', 'get', 'user', 'getuser']);
  });
});
