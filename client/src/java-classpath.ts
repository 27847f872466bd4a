// The first source of a class path: vscode-java (redhat.java), when it is installed and its
// language server is up: `java.project.getClasspaths` for the file's project.

import * as vscode from 'vscode';

const TIMEOUT_MS = 15_000;

export async function vscodeJavaClasspath(uri: vscode.Uri | undefined): Promise<string[] | undefined> {
  if (!uri) return undefined;
  const ext = vscode.extensions.getExtension('redhat.java');
  if (!ext) return undefined;
  try {
    if (!ext.isActive) await ext.activate();
    const ask = vscode.commands.executeCommand<{ classpaths?: unknown }>(
      'java.execute.workspaceCommand',
      'java.project.getClasspaths',
      uri.toString(),
      JSON.stringify({ scope: 'runtime' }),
    );
    const timeout = new Promise<undefined>((r) => setTimeout(() => r(undefined), TIMEOUT_MS));
    const res = await Promise.race([ask, timeout]);
    const cp = res?.classpaths;
    return Array.isArray(cp) && cp.every((x) => typeof x === 'string') && cp.length > 0 ? (cp as string[]) : undefined;
  } catch {
    return undefined; // not a Java project of vscode-java's, or its server is not ready
  }
}
