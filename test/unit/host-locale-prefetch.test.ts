// glibc's locale answer asked ahead (host-locale.ts prefetchHostLocale): the CLI runs `locale
// charmap` in the background while it and the embedded engine's worker load, and hands the
// answer to the worker with its run, so the restore does not start and wait for that process.
// The answer must be the one the worker would have got itself, and a handed answer must be the
// one the worker then uses.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { hostLocale, LOCALE_ENV, prefetchHostLocale, prefetchedLocale, seedLocale } from '../../server/src/interp/host-locale';

const BIN = ['/usr/bin/locale', '/bin/locale'].find((b) => existsSync(b));

/** What the worker's own run of `locale charmap` gives (host-locale.ts probe). */
function direct(vars: Record<string, string>): { ok: boolean; codeset: string | null } {
  const r = spawnSync(BIN!, ['charmap'], { env: vars, encoding: 'utf8' });
  if (r.status !== 0) return { ok: true, codeset: null };
  return { ok: !/\bLC_ALL\b/.test(r.stderr), codeset: r.stdout.trim() };
}

async function arrived(env: Record<string, string>): Promise<ReturnType<typeof prefetchedLocale>> {
  const end = Date.now() + 20_000;
  for (;;) {
    const p = prefetchedLocale(env);
    if (p !== undefined || Date.now() > end) return p;
    await new Promise((r) => setTimeout(r, 10));
  }
}

test('a prefetched locale answer is glibc\'s, for installed and missing locales', async () => {
  assert.ok(BIN !== undefined, "glibc's locale program");
  const envs: Record<string, string>[] = [{ LANG: 'C.UTF-8' }, { LANG: 'C' }, { LC_ALL: 'POSIX', LANG: 'C.UTF-8' }, { LANG: 'xx_YY.UTF-8' }];
  for (const env of envs) prefetchHostLocale(env);
  for (const env of envs) {
    const p = await arrived(env);
    assert.ok(p !== undefined, `no answer for ${JSON.stringify(env)}`);
    assert.deepEqual({ ok: p.ok, codeset: p.codeset }, direct(env), JSON.stringify(env));
  }
  // A locale glibc lacks: setlocale(LC_ALL, "") fails, as java sees it.
  assert.equal(prefetchedLocale({ LANG: 'xx_YY.UTF-8' })?.ok, false);
});

test('a handed locale answer is the one hostLocale uses', () => {
  const env = { LANG: 'en_ZZ.SOMETHING' };
  assert.equal(prefetchedLocale(env), undefined);
  seedLocale({ key: JSON.stringify(LOCALE_ENV.map((k) => (env as Record<string, string>)[k] ?? null)), ok: true, codeset: 'X-HANDED' });
  assert.equal(prefetchedLocale(env)?.codeset, 'X-HANDED');
  const loc = hostLocale(env);
  assert.equal(loc.encoding, 'X-HANDED');
  assert.equal(loc.format.language, 'en');
  // Without the handed answer glibc says otherwise (the locale is not installed).
  assert.notEqual(direct(env).codeset, 'X-HANDED');
});
