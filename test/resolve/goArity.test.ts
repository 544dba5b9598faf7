import * as assert from 'node:assert/strict';
import { goArity, sameArity } from '../../src/resolve/goArity';

describe('resolve/goArity', () => {
  it('counts parameters and results of method headers and interface specs alike', () => {
    assert.deepEqual(goArity('func (m *MemoryStore) Get(key string) (string, bool)'), { params: 1, results: 2 });
    assert.deepEqual(goArity('Get(key string) (string, bool)'), { params: 1, results: 2 });
    assert.deepEqual(goArity('Charge(ctx context.Context, in *ChargeRequest, opts ...grpc.CallOption) (*ChargeResponse, error)'), { params: 3, results: 2 });
    assert.deepEqual(goArity('func (s *server) Charge(ctx context.Context, req *pb.ChargeRequest) (*pb.ChargeResponse, error)'), { params: 2, results: 2 });
    assert.deepEqual(goArity('Close()'), { params: 0, results: 0 });
    assert.deepEqual(goArity('Err() error'), { params: 0, results: 1 });
    assert.deepEqual(goArity('Put(a, b int, f func(x, y int) error,) error'), { params: 3, results: 1 });
    assert.deepEqual(goArity('func (l List[T]) Map[U any](f func(T) U) List[U]'), { params: 1, results: 1 });
  });

  it('compares shapes, and accepts when either is unknown', () => {
    assert.equal(sameArity(goArity('A(x int) error'), goArity('func (t T) A(y int) error')), true);
    assert.equal(sameArity(goArity('A(x int) error'), goArity('func (t T) A(x, y int) error')), false);
    assert.equal(sameArity(undefined, goArity('A()')), true);
    assert.equal(goArity('not a signature'), undefined);
  });
});
