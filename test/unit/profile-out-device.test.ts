// A run's profile written to a device (`komorium run -o /dev/null`): the staging file used to be
// renamed over the target, which replaced the device with a regular file (as root: /dev/null for
// the whole machine; the corpus' Available program then read a file's size there). Now a device is
// written in place and stays a device (profile/device.ts, engine/profile-out.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { commitProfile, stageProfile, writeFileAtomic } from '../../server/src/engine/profile-out';
import { writeBytesToFile } from '../../server/src/profile/stream';
import { tempDir } from '../helpers/java';

/** A null device of the test's own when the user may make one (root), else /dev/null (where a non-root rename fails instead). */
function nullDevice(): string {
  const own = join(tempDir('profile-out-device'), 'null');
  const r = spawnSync('mknod', ['-m', '666', own, 'c', '1', '3']);
  return r.status === 0 ? own : '/dev/null';
}

test('a profile staged for a device is copied into it: the device stays a character device', () => {
  const dev = nullDevice();
  const staged = stageProfile(dev);
  writeFileSync(staged.staging, '{"format":"komorium-profile"}');
  assert.equal(commitProfile(staged), true, 'committed');
  assert.ok(statSync(dev).isCharacterDevice(), `${dev} is still a character device`);
  assert.throws(() => statSync(staged.staging), /ENOENT/, 'the staging file is removed');
  writeFileAtomic(dev, 'x');
  writeBytesToFile(dev, 'y');
  assert.ok(statSync(dev).isCharacterDevice(), `${dev} is still a character device after the atomic writers`);
});
