// The live snapshot file's polling (server/src/engine/live-file.ts startLivePolling): every
// LIVE_FIRST_POLL_MS until the first snapshot is read (the first decorations wait for it), then
// every LIVE_POLL_MS; stopped for good by the function it returns.
import { test, mock } from 'node:test';
import assert from 'node:assert/strict';
import { LIVE_FIRST_POLL_MS, LIVE_POLL_MS, startLivePolling } from '../../server/src/engine/live-file';

test('polls fast until the first snapshot, then at the normal interval, and stops', () => {
  mock.timers.enable({ apis: ['setTimeout'] });
  try {
    assert.ok(LIVE_FIRST_POLL_MS < LIVE_POLL_MS);
    const at: number[] = [];
    let now = 0;
    let first = false;
    const stop = startLivePolling(() => at.push(now), () => first);
    const advance = (ms: number): void => {
      for (let i = 0; i < ms; i++) {
        now++;
        mock.timers.tick(1);
      }
    };
    advance(5 * LIVE_FIRST_POLL_MS);
    assert.equal(at.length, 5, `before the first snapshot: every ${LIVE_FIRST_POLL_MS} ms (${at.join(',')})`);
    first = true;
    advance(LIVE_FIRST_POLL_MS);
    const switched = at.length;
    assert.equal(switched, 6);
    advance(3 * LIVE_POLL_MS);
    assert.equal(at.length - switched, 3, `then every ${LIVE_POLL_MS} ms (${at.join(',')})`);
    stop();
    advance(3 * LIVE_POLL_MS);
    assert.equal(at.length - switched, 3, 'no poll after stop');
  } finally {
    mock.timers.reset();
  }
});
