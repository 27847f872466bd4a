// The runtime members generated code uses (docs/RUNTIME.md is the contract; the Java side is
// runtime/java/komorium/rt/). Kept in one place so the transformer and the runtime agree.

export const RT_PACKAGE = 'komorium/rt/';
export const TC = 'komorium/rt/TC';
export const MID = 'komorium/rt/MID';
export const MID_IMPL = 'komorium/rt/MIDImpl';
export const TC_DESC = `L${TC};`;
export const MID_DESC = `L${MID};`;
export const STACK_DESC = `[L${MID};`;

/** Appended to every extended method's parameters: (TC tc, MID[] stack, int sp). */
export const EXTRA_PARAMS = `${TC_DESC}${STACK_DESC}I`;

export const RT = {
  instrCounter: { owner: TC, name: 'instrCounter', desc: 'I' },
  lines: { owner: TC, name: 'lines', desc: '[I' },
  entryStack: { owner: TC, name: 'entryStack', desc: STACK_DESC },
  entrySp: { owner: TC, name: 'entrySp', desc: 'I' },
  getTC: { owner: TC, name: 'getTC', desc: `()${TC_DESC}` },
  enter: { owner: TC, name: 'enter', desc: '()I' },
  exit: { owner: TC, name: 'exit', desc: '(I)V' },
  grow: { owner: TC, name: 'grow', desc: `(${STACK_DESC}I)${STACK_DESC}` },
  callOut: { owner: TC, name: 'callOut', desc: `(${STACK_DESC}II)V` },
  callOutReverse: { owner: TC, name: 'callOutReverse', desc: `(${STACK_DESC}I)V` },
  startThread: { owner: TC, name: 'startThread', desc: `(Ljava/lang/Thread;${TC_DESC}${STACK_DESC}II)V` },
  beforeHalt: { owner: TC, name: 'beforeHalt', desc: '()V' },
  triggerSampling: { owner: TC, name: 'triggerSampling', desc: `(${STACK_DESC}II)V` },
  triggerSamplingLeaf: { owner: TC, name: 'triggerSamplingLeaf', desc: `(${STACK_DESC}I${MID_DESC}I)V` },
  midCreate: {
    owner: MID_IMPL,
    name: 'create',
    desc: `(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)${MID_DESC}`,
  },
} as const;

/** Name of the synthetic static field holding the MID of the k-th instrumented method. */
export function midFieldName(k: number): string {
  return `$komorium$mid${k}`;
}

/** The extended descriptor: the extra parameters appended. */
export function extendedDescriptor(desc: string): string {
  const close = desc.lastIndexOf(')');
  return `${desc.slice(0, close)}${EXTRA_PARAMS}${desc.slice(close)}`;
}
