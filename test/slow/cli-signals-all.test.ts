// `komorium run` with the embedded engine's default scope (the JDK instrumented too) stopped by
// SIGINT twice: exit 130, the profile so far written and summarised, a previous -o replaced only
// at the end. The faster variants (--instrument app, the jvm engine) are in
// test/unit/cli-signals.test.ts.

import { test } from 'node:test';
import { checkStopped, stopWith } from '../helpers/cli-signals';

test('komorium run (embedded engine, --instrument all): SIGINT twice exits 130 and keeps the profile', async () => {
  checkStopped(await stopWith('SIGINT', ['--engine', 'interpreter']), 130);
});
