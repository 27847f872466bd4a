// Profile Test code lenses: every JUnit test method (@Test, @ParameterizedTest, @RepeatedTest,
// @TestFactory, @TestTemplate; JUnit 4's @Test too) and every class that declares one.

import type { CodeLens } from 'vscode-languageserver/node';
import type { JavaSource } from './java-scan';

export const TEST_ANNOTATIONS: ReadonlySet<string> = new Set(['Test', 'ParameterizedTest', 'RepeatedTest', 'TestFactory', 'TestTemplate']);

/** The command the lenses run; its argument is a ProfileTestArgs. */
export const PROFILE_TEST_COMMAND = 'komorium.profileTest';

export interface ProfileTestArgs {
  uri: string;
  /** Binary class name. */
  className: string;
  /** A test method's name; absent for the whole class. */
  method?: string;
}

export interface TestTarget extends ProfileTestArgs {
  /** 0-based position of the declaration. */
  line: number;
  col: number;
}

/** Test classes (first) and test methods of a scanned source, in source order. */
export function testTargets(uri: string, src: JavaSource): TestTarget[] {
  const methods = src.methods.filter((m) => m.name !== '<init>' && m.name !== '<clinit>' && m.annotations?.some((a) => TEST_ANNOTATIONS.has(a)));
  const out: TestTarget[] = [];
  for (const c of src.classes) {
    if (methods.some((m) => m.className === c.className)) out.push({ uri, className: c.className, line: c.line, col: 0 });
  }
  for (const m of methods) out.push({ uri, className: m.className, method: m.name, line: m.line, col: m.col });
  return out;
}

/** The lenses: `Profile Test` on methods, `Profile Tests` on classes. */
export function testLenses(uri: string, src: JavaSource): CodeLens[] {
  return testTargets(uri, src).map((t) => {
    const args: ProfileTestArgs = { uri: t.uri, className: t.className, ...(t.method ? { method: t.method } : {}) };
    return {
      range: { start: { line: t.line, character: t.col }, end: { line: t.line, character: t.col } },
      command: { title: t.method ? '$(flame) Profile Test' : '$(flame) Profile Tests', command: PROFILE_TEST_COMMAND, arguments: [args] },
    };
  });
}
