// komorium disasm <target>... [--cp CP] [--jdk HOME] [-v|--constants]
// Prints a javap -c -v -p style listing of each target: a .class file, `app.jar!a/B.class`,
// `jrt:/java.base/java/lang/String.class`, or a class name found on --cp, then in the JDK.

import { registerCommand } from '../cli';
import { flag, parseArgs, UsageError } from '../args';
import { ClassPath, findJavaHome, resolveTarget, type JdkInfo } from '../../classpath/index';
import { JdkNotFoundError } from '../../classpath/errors';
import { readClass } from '../../classfile/reader';
import { disassemble } from '../../disasm/index';

const USAGE = `usage: komorium disasm <target>... [--cp CLASSPATH] [--jdk JAVA_HOME] [-v|--constants]

Prints the class in the style of 'javap -c -v -p': header, fields, methods with their code,
line numbers, exception tables, stack map frames and all other attributes.
A target is a .class file, a jar entry (app.jar!com/x/Foo.class), a jrt:/module/path.class
name, or a class name (com.x.Foo or com/x/Foo) looked up on --cp and then in the JDK.
  --cp CLASSPATH   class directories and jars, separated by '${process.platform === 'win32' ? ';' : ':'}'
  --jdk JAVA_HOME  the JDK for class names (default: $JAVA_HOME, then java on PATH)
  -v, --constants  also list the constant pool
Exits 1 if a target is missing or not a valid class file.`;

/** The JDK: the explicit one must exist; otherwise none found is allowed (jdk: null). */
function jdkFor(explicit: string | undefined): JdkInfo | null {
  if (explicit !== undefined) return findJavaHome(explicit);
  try {
    return findJavaHome();
  } catch (e) {
    if (e instanceof JdkNotFoundError) return null;
    throw e;
  }
}

registerCommand({
  name: 'disasm',
  summary: 'disassemble a class (javap -c -v -p style)',
  usage: USAGE,
  async run(argv) {
    const args = parseArgs(argv, {
      cp: { value: true, aliases: ['-cp', '--class-path', '-classpath'] },
      jdk: { value: true },
      constants: { aliases: ['-v', '--verbose'] },
    });
    if (args.positional.length === 0) throw new UsageError('missing target (a .class file, jar!entry or class name)');
    let cp: ClassPath | undefined;
    const classPath = (): ClassPath => (cp ??= ClassPath.from(flag(args, 'cp') ?? [], { jdk: jdkFor(flag(args, 'jdk')) }));
    try {
      args.positional.forEach((target, i) => {
        const found = resolveTarget(target, classPath);
        const cf = readClass(found.bytes, found.source);
        process.stdout.write((i > 0 ? '\n' : '') + disassemble(cf, { constantPool: args.flags.has('constants'), source: found.source }));
      });
      return 0;
    } finally {
      (cp as ClassPath | undefined)?.close();
    }
  },
});
