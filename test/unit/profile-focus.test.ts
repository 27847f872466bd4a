// Focus of test profiles (profile/focus.ts): framework frames folded into one frame, the first
// own frame of every context a child of the root, equal paths merged, samples and lines kept.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ProfileBuilder } from '../../server/src/profile/builder';
import { foldFramework, FOLDED_METHOD, hasFocus, JUNIT_FRAMEWORK_PREFIXES } from '../../server/src/profile/focus';
import { profileFromJson } from '../../server/src/profile/load';
import { mergeThreads, preorder } from '../../server/src/profile/tree';

const LAUNCH = 'org.junit.platform.console.ConsoleLauncher.main([Ljava/lang/String;)V';
const INVOKE = 'jdk.internal.reflect.NativeMethodAccessorImpl.invoke0(Ljava/lang/reflect/Method;Ljava/lang/Object;[Ljava/lang/Object;)Ljava/lang/Object;';
const ENGINE = 'org.junit.jupiter.engine.Execute.run()V';

function profile(): ProfileBuilder {
  return new ProfileBuilder({ program: 'org.junit.platform.console.ConsoleLauncher', focus: { hide: [...JUNIT_FRAMEWORK_PREFIXES] } })
    .sample([LAUNCH, `${ENGINE}:10`, `${INVOKE}:20`, 'p.CalcTest.fibWorks()V:30', 'p.Calc.fib(I)J:7'], { line: 5, count: 40 })
    .sample([LAUNCH, `${ENGINE}:11`, `${INVOKE}:20`, 'p.CalcTest.fibWorks()V:30', 'p.Calc.fib(I)J:7'], { line: 6, count: 10 })
    .sample([LAUNCH, `${ENGINE}:11`, `${INVOKE}:20`, 'p.CalcTest.fibWorks()V:30', 'java.util.ArrayList.add(Ljava/lang/Object;)Z:8'], { line: 1, count: 5 })
    .sample([LAUNCH, `${ENGINE}:10`, 'java.util.HashMap.get(Ljava/lang/Object;)Ljava/lang/Object;:3'], { line: 2, count: 30 })
    .sample([LAUNCH], { line: 1, count: 15 });
}

test('framework frames fold into one frame; own code becomes a child of the root, equal paths merged', () => {
  const file = profile().toFile();
  assert.equal(hasFocus(file), true);
  const folded = foldFramework(file);
  assert.deepEqual(folded.methods.at(-1), FOLDED_METHOD);
  const p = profileFromJson(folded); // validates: samples, line sums, parents
  assert.equal(p.meta.totalSamples, 100);
  const root = mergeThreads(p).root;
  const kids = root.children.map((c) => `${c.method!.className}.${c.method!.name}:${c.callLine}=${c.total}`).sort();
  assert.deepEqual(kids, ['(framework).(folded):0=45', 'p.CalcTest.fibWorks:0=55']);
  const test = root.children.find((c) => c.method!.name === 'fibWorks')!;
  const fib = test.children.find((c) => c.method!.name === 'fib')!;
  assert.equal(fib.self, 50);
  assert.deepEqual(fib.lines, [{ line: 5, count: 40 }, { line: 6, count: 10 }]);
  // JDK code called from the test stays; JDK code called from JUnit is folded
  assert.ok(test.children.some((c) => c.method!.className === 'java.util.ArrayList'));
  const names = [...preorder(root)].filter((n) => n.method).map((n) => n.method!.className);
  assert.ok(!names.some((c) => c.startsWith('org.junit') || c.startsWith('jdk.internal.reflect') || c === 'java.util.HashMap'));
});

test('without own frames everything is folded; without a focus the profile says so', () => {
  const file = new ProfileBuilder().sample([LAUNCH, `${ENGINE}:1`], { count: 3 }).toFile();
  assert.equal(hasFocus(file), false);
  const p = profileFromJson(foldFramework(file));
  const root = mergeThreads(p).root;
  assert.deepEqual(root.children.map((c) => [c.method!.className, c.total]), [['(framework)', 3]]);
});
