// The interned strings (and on JDK 17 the boxes) of a HotSpot CDS archive, with the hashes the
// dump gave them (engine/archived-strings.ts, branch arch25): parsing JDK 25's VM.stringtable
// listing and JDK 17's trial, and both read from the installed JDKs' own archives, checked against
// what java prints (ArchivedStrings of test/java/hotspot-all).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { archivedStringFiles, archivedStringTable, BOX_CACHES, boxKey, parseSharedStrings, parseStringProbe } from '../../server/src/engine/archived-strings';
import { archivedClassNames } from '../../server/src/engine/archived-hashes';
import { compileJava, REPO, tempDir, testJdks } from '../helpers/java';
import { archivedLookups, packedDigest } from '../../server/src/engine/archived-strings-pack';

test('parseSharedStrings: the entries after "# Shared strings:", escapes undone, modified UTF-8 decoded, entries that do not fit skipped', () => {
  const listing = [
    '27556:',
    'VERSION: 1.1',
    '5: Sleep',
    '#----------------',
    '# Shared strings:',
    '#----------------',
    '0: ',
    '15: transformHelper',
    '1: \\n',
    '5: a\\tb\\\\c',
    '3: \\xe1\\x82\\x90',
    '6: \\xc0\\x80\\xc0\\x80xy',
    '12: too short',
    '',
  ].join('\n');
  assert.deepEqual(parseSharedStrings(listing), ['', 'transformHelper', '\n', 'a\tb\\c', '\u1090', '\0\0xy']);
  // The run's own strings (before the marker) are not the archive's.
  assert.deepEqual(parseSharedStrings('VERSION: 1.1\n5: Sleep\n'), []);
});

test('parseStringProbe: the boxes\' hashes, then one a candidate; hashes drawn in the trial (1) dropped; output that does not fit refused', () => {
  const boxCount = BOX_CACHES.reduce((n, b) => n + b.count, 0);
  const boxLines = Array.from({ length: boxCount }, (_, i) => (i === 0 ? '1' : String(1000 + i)));
  const t = parseStringProbe(['length', 'zzqq'], [...boxLines, '1294548770', '1', ''].join('\n'));
  assert.ok(t);
  assert.deepEqual(t.strings, [['length', 1294548770]]);
  assert.equal(t.boxes.length, boxCount - 1);
  assert.deepEqual(t.boxes[0], [boxKey('java/lang/Integer', -127), 1001]);
  assert.deepEqual(t.boxes.at(-1), [boxKey('java/lang/Character', 127), 1000 + boxCount - 1]);
  assert.equal(parseStringProbe(['length'], boxLines.join('\n')), undefined);
});

// Each installed JDK (17, 25) against its java: the strings ArchivedStrings finds with their
// hash stored are in the table; on JDK 17 with the identity hash java prints for them and the boxes.
for (const jdk of testJdks().filter((j) => j.feature === 17 || j.feature === 25)) {
  test(`archivedStringTable of JDK ${jdk.feature}: the archive's strings ("transformHelper", "length"), on 17 with java's identity hashes`, () => {
    const dir = tempDir(`archived-strings-${jdk.feature}`);
    const classes = archivedClassNames(jdk.home, dir);
    assert.ok(classes);
    const table = archivedStringTable(jdk.home, dir, classes, join(jdk.home, 'bin', 'jcmd'));
    assert.ok(table, 'the listing or trial ran');
    const strings = new Map(table.strings);
    assert.ok(strings.size > 5000, `${strings.size} strings`);
    for (const s of ['transformHelper', 'length', 'Ljava/lang/String;']) assert.ok(strings.has(s), s);
    assert.ok(!strings.has('arch25: not archived'));
    const cp = compileJava(join(REPO, 'test', 'java', 'hotspot-all'));
    const r = spawnSync(join(jdk.home, 'bin', 'java'), ['-cp', cp, 'ArchivedStrings'], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const boxes = new Map(table.boxes);
    let checked = 0;
    for (const line of r.stdout.split('\n')) {
      const s = /^(.*) identity ([0-9a-f]+)$/.exec(line);
      if (s === null || jdk.feature !== 17) continue;
      const box = /^(Integer|Long|Short|Byte|Character) (.+)$/.exec(s[1]!);
      const key = box === null ? undefined : boxKey(`java/lang/${box[1]}`, box[1] === 'Character' ? box[2]!.charCodeAt(0) : Number(box[2]));
      const expected = key !== undefined ? boxes.get(key) : strings.get(s[1]!);
      if (s[1] === 'arch25: not archived') assert.equal(expected, undefined);
      else {
        assert.equal(expected?.toString(16), s[2], line);
        checked++;
      }
    }
    if (jdk.feature === 17) assert.equal(checked, 9, r.stdout);
    else assert.equal(table.boxes.length, 0);
    // What a run hands its worker (branch hs37): the packed file made from the table, its digest
    // the table's, and its lookups the table's for every string and box.
    const files = archivedStringFiles(jdk.home, dir, classes, join(jdk.home, 'bin', 'jcmd'));
    assert.ok(files);
    assert.equal(files.digest, table.digest);
    assert.equal(packedDigest(files.pack), table.digest);
    const lookups = archivedLookups(files);
    for (const [s, v] of table.strings) assert.equal(lookups.archivedStrings.get(s), strings.get(s), `${JSON.stringify(s)} ${v}`);
    for (const [k] of table.boxes) assert.equal(lookups.archivedBoxes.get(k), boxes.get(k), k);
    assert.equal(lookups.archivedStrings.has('arch25: not archived'), false);
  });
}
