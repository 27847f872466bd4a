// The host locale on the embedded JVM against java: the same environment (LANG, LC_ALL,
// LC_MESSAGES, LOCPATH) gives the same user.language/country, encodings, default charset,
// formats and output bytes (test/java/interp/locale/Locales.java), on every test JDK. Locales
// that glibc does not have fall back to "C" in both; installed ones (built here with localedef
// into a LOCPATH directory: en_US.UTF-8, de_DE ISO-8859-1) are used by both.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { compileJava, REPO, tempDir, testJdks } from '../helpers/java';

const classes = compileJava(join(REPO, 'test', 'java', 'interp', 'locale'));

/** A locale directory with en_US.UTF-8 and de_DE (ISO-8859-1), as `locale-gen` would make them. */
function localePath(): string {
  const dir = tempDir('locpath');
  execFileSync('localedef', ['-i', 'en_US', '-f', 'UTF-8', join(dir, 'en_US.UTF-8')], { stdio: 'pipe' });
  execFileSync('localedef', ['-i', 'de_DE', '-f', 'ISO-8859-1', join(dir, 'de_DE')], { stdio: 'pipe' });
  return dir;
}
const LOCPATH = localePath();

// The first runs the usual environment (from its boot snapshot); the next ones must not restore
// that snapshot (its key holds the locale). On other JDKs a slice: each environment boots once.
const ENVS: Record<string, string>[] = [
  { LANG: 'C.UTF-8' },
  { LANG: 'C' },
  { LC_ALL: 'POSIX', LANG: 'C.UTF-8' },
  { LANG: 'xx_YY.UTF-8' },
  { LOCPATH, LANG: 'en_US.UTF-8' },
  { LOCPATH, LANG: 'de_DE.ISO-8859-1' },
  { LOCPATH, LANG: 'en_US.UTF-8', LC_MESSAGES: 'de_DE' },
  { LOCPATH, LANG: 'en_US.UTF-8', LC_TIME: 'fr_FR.UTF-8' },
];
const SLICE = [ENVS[0], ENVS[1], ENVS[5], ENVS[6]];

/** The process environment without any locale variable, plus `vars`. */
function envWith(vars: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !/^(LANG|LC_\w+|LOCPATH)$/.test(k)) env[k] = v;
  return { ...env, ...vars };
}

for (const jdk of testJdks()) {
  test(`JDK ${jdk.feature}: the host locale on the embedded JVM is java's`, { concurrency: 2 }, async (t) => {
    for (const vars of jdk.feature === 17 ? ENVS : SLICE) {
      await t.test(JSON.stringify(vars).replace(LOCPATH, '<dir>'), () => {
        const env = envWith(vars);
        const hs = spawnSync(join(jdk.home, 'bin', 'java'), ['-cp', classes, 'Locales'], { env, encoding: 'latin1' });
        const em = spawnSync(process.execPath, [join(REPO, 'bin', 'komorium.mjs'), 'run', '--engine', 'interpreter', '--no-profile', '--jdk', jdk.home, '-cp', classes, 'Locales'], {
          env: { ...env, KOMORIUM_FROM_SOURCE: '1' },
          encoding: 'latin1',
        });
        assert.equal(hs.status, 0, hs.stderr);
        assert.equal(em.status, 0, em.stderr);
        assert.equal(em.stdout, hs.stdout);
      });
    }
  });
}
