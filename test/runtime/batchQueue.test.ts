import * as assert from 'node:assert/strict';
import { BatchQueue } from '../../src/runtime/batchQueue';
import type { TraceSpan } from '../../src/runtime/spans';
import { FakeScheduler } from './fakeScheduler';
import { span } from './spanFactory';

const spans = (n: number, tag: string): TraceSpan[] =>
  Array.from({ length: n }, (_, i) => span({ kind: 3, serviceName: tag, operationName: `${tag}-${i}` }));

describe('batch queue', () => {
  it('closes a batch at batch_size spans or batch_interval, whichever comes first', async () => {
    const clock = new FakeScheduler();
    const written: string[][] = [];
    const queue = new BatchQueue({
      batchSize: 3, batchIntervalMs: 10_000, queueSize: 128, scheduler: clock,
      process: (b) => void written.push(b.map((s) => s.operationName)), onDrop: () => undefined, onError: (e) => { throw e; },
    });
    queue.add(spans(4, 'a'));
    await clock.advance(0);
    assert.deepEqual(written, [['a-0', 'a-1', 'a-2']]);
    await clock.advance(9_999);
    assert.equal(written.length, 1);
    await clock.advance(1);
    assert.deepEqual(written[1], ['a-3']);
  });

  it('when the queue is full, drops the oldest batch, warns and counts it', async () => {
    const clock = new FakeScheduler();
    let release: () => void = () => undefined;
    const blocked = new Promise<void>((resolve) => { release = resolve; });
    const written: string[] = [];
    const dropped: string[] = [];
    const queue = new BatchQueue({
      batchSize: 1, batchIntervalMs: 10_000, queueSize: 4, scheduler: clock,
      process: async (b) => {
        written.push(b[0].serviceName);
        await blocked;
      },
      onDrop: (b) => dropped.push(b[0].serviceName), onError: (e) => { throw e; },
    });
    queue.add(spans(1, 'first'));
    await clock.advance(0);
    assert.deepEqual(written, ['first'], 'the writer is busy with the first batch');
    for (const tag of ['b1', 'b2', 'b3', 'b4', 'b5', 'b6']) queue.add(spans(1, tag));
    assert.equal(queue.waiting, 4);
    assert.deepEqual(dropped, ['b1', 'b2'], 'the oldest go first');
    assert.deepEqual(queue.drops, { batches: 2, spans: 2 });
    release();
    await queue.flush();
    assert.deepEqual(written, ['first', 'b3', 'b4', 'b5', 'b6']);
  });
});
