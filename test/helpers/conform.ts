// The real-library conformance suite (issue 16 item 8): driver programs under test/java/conform/
// that use Guava, Jackson, commons-math3, commons-compress, commons-lang3 and the JUnit 5
// platform as real code does, compiled during the test against Debian's packaged jars
// (/usr/share/java, installed by .ci/run) and run from those jars on HotSpot and on the embedded
// engine. A missing jar fails the test with the apt package that provides it; nothing is skipped.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPO, compileJava, javaFiles } from './java';
import type { CorpusProgram } from './corpus';

const JARS = '/usr/share/java';

export interface ConformDriver {
  /** Folder under test/java/conform (also the Java package). */
  name: string;
  mainClass: string;
  /** Jar files under /usr/share/java with the Debian package of each. */
  jars: [jar: string, aptPackage: string][];
  args: string[];
}

export const DRIVERS: ConformDriver[] = [
  { name: 'guava', mainClass: 'guava.GuavaDriver', jars: [['guava.jar', 'libguava-java']], args: [] },
  {
    name: 'jackson',
    mainClass: 'jackson.JacksonDriver',
    jars: [
      ['jackson-databind.jar', 'libjackson2-databind-java'],
      ['jackson-core.jar', 'libjackson2-core-java'],
      ['jackson-annotations.jar', 'libjackson2-annotations-java'],
    ],
    args: ['30'],
  },
  { name: 'math3', mainClass: 'math3.Math3Driver', jars: [['commons-math3.jar', 'libcommons-math3-java']], args: ['2000'] },
  { name: 'compress', mainClass: 'compress.CompressDriver', jars: [['commons-compress.jar', 'libcommons-compress-java']], args: ['1'] },
  { name: 'lang3', mainClass: 'lang3.Lang3Driver', jars: [['commons-lang3.jar', 'libcommons-lang3-java']], args: [] },
  { name: 'junit', mainClass: 'junit.JUnitDriver', jars: [['junit-platform-console-standalone.jar', 'junit5']], args: [] },
];

export function driver(name: string): ConformDriver {
  const d = DRIVERS.find((x) => x.name === name);
  if (d === undefined) throw new Error(`no conformance driver ${name}`);
  return d;
}

/** The driver's jars; throws naming the apt package of a missing one. */
export function driverJars(d: ConformDriver): string[] {
  return d.jars.map(([jar, pkg]) => {
    const p = join(JARS, jar);
    if (!existsSync(p)) throw new Error(`${p} is missing: install it with 'apt-get install ${pkg}' (.ci/run does)`);
    return p;
  });
}

export interface CompiledDriver {
  program: CorpusProgram;
  /** Class path: the compiled driver, then its jars. */
  classpath: string[];
}

/** Compiles the driver against its jars into a fresh directory. */
export function compileDriver(d: ConformDriver): CompiledDriver {
  const jars = driverJars(d);
  const dir = join(REPO, 'test', 'java', 'conform', d.name);
  const classes = compileJava(dir, ['-nowarn', '-cp', jars.join(':')]);
  const program: CorpusProgram = { name: `conform-${d.name}`, dir, sources: javaFiles(dir), mainClass: d.mainClass, args: d.args, jvmArgs: [], javacArgs: [] };
  return { program, classpath: [classes, ...jars] };
}
