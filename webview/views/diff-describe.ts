// The differential view's words: the tooltip rows of a frame against the baseline, and the
// legend above the flame graph.

import type { Tree } from '../model/tree';
import { deltaText, type DiffData, type DiffMatch } from '../model/diff';

function share(b: number, all: number): string {
  return `${all > 0 ? ((100 * b) / all).toFixed(2) : '0.00'}%`;
}

/** Tooltip rows of frame `i`: its total and self bytecodes and its share against the baseline. */
export function diffTooltipRows(d: DiffMatch, tree: Tree, i: number): [string, string][] {
  return [
    ['vs baseline', `${deltaText(d.baseTotal[i]!, tree.totalBytecodes[i]!)} total`],
    ['Self vs baseline', deltaText(d.baseSelf[i]!, tree.selfBytecodes[i]!)],
    ['Share', `${share(d.baseTotal[i]!, d.baseBytecodes)} → ${share(tree.totalBytecodes[i]!, d.newBytecodes)}`],
  ];
}

/** The legend: the whole run's change, or (one thread chosen) a hint to choose all threads. */
export function diffLegend(d: DiffData, allThreads: boolean): { text: string; title: string } {
  return {
    text: allThreads ? `vs ${d.baseTitle}: ${deltaText(d.baseBytecodes, d.newBytecodes)}` : `vs ${d.baseTitle}: choose all threads for the differential view`,
    title: `Width: this profile. Colour: red grew, blue shrank (own bytecodes; lighter: callees changed).${d.warnings.length ? `\n${d.warnings.join('\n')}` : ''}`,
  };
}
