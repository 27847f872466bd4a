// The messages between the extension host and the profile webview. Pure types plus small
// guards; imported by both sides (no DOM, no Node).

/** host → webview: show this profile (the raw JSON object of docs/PROFILE_FORMAT.md). */
export interface ProfileMessage {
  type: 'profile';
  /** The profile JSON: its text or its parsed value; parsed and validated by the webview. Left out when `same`. */
  profile?: unknown;
  /** The profile shown (the last `profile` message's) again, with this diff (or none): `profile`
   *  left out, the webview keeps what it read of it. The host sends it only to a page it posted
   *  that profile to (a reloaded page gets the whole profile). */
  same?: true;
  /** True while the run is still going: the view updates in place, keeping zoom, selection and search. */
  live: boolean;
  /** Shown in the panel's header; defaults to the profiled program. */
  title?: string;
  /** The differential view against a baseline (server/src/profile/diff-view.ts), validated by the webview. */
  diff?: unknown;
}

/** host → webview: forget the profile and show the empty state. */
export interface ClearMessage {
  type: 'clear';
}

/** host → webview: the colour theme changed; re-read the `--vscode-*` colours. */
export interface ThemeMessage {
  type: 'theme';
}

/** host → webview: focus on a method (a code lens was clicked): highlight its frames, zoom to it. */
export interface FocusMessage {
  type: 'focus';
  className: string;
  methodName: string;
  descriptor: string;
}

export type HostToWebview = ProfileMessage | ClearMessage | ThemeMessage | FocusMessage;

/** webview → host: the page has loaded; the host answers with the current profile, if any. Sent once. */
export interface ReadyMessage {
  type: 'ready';
}

/**
 * webview → host: open the source of a frame or row.
 * `line` is 1-based, or 0 when unknown (open the file, or the method, at its start). Which line:
 * - a flame-graph frame or call-tree row (a calling context): the hottest line of that method
 *   within that context — the line with the most samples, counting the context's own samples
 *   by line and its callees' samples by the call line they were called from;
 * - a hot-methods row, or a callers-view root: the method's hottest line over the whole tree;
 * - a callers-view caller row: the line in the caller where it calls the callee (the heaviest
 *   one when it calls from several lines).
 */
export interface OpenMessage {
  type: 'open';
  className: string;
  methodName: string;
  descriptor: string;
  sourceFile: string | null;
  line: number;
}

/** webview → host: something went wrong (an invalid profile, ...); the text is also shown in the panel. */
export interface ErrorMessage {
  type: 'error';
  message: string;
}

export type WebviewToHost = ReadyMessage | OpenMessage | ErrorMessage;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Narrows an incoming message to a host → webview message, or null for anything else. */
export function asHostMessage(v: unknown): HostToWebview | null {
  if (!isObject(v)) return null;
  switch (v.type) {
    case 'profile':
      return {
        type: 'profile',
        ...(v.same === true ? { same: true } : { profile: v.profile }),
        live: v.live === true,
        ...(typeof v.title === 'string' ? { title: v.title } : {}),
        ...(v.diff !== undefined && v.diff !== null ? { diff: v.diff } : {}),
      };
    case 'clear':
      return { type: 'clear' };
    case 'theme':
      return { type: 'theme' };
    case 'focus':
      return typeof v.className === 'string' && typeof v.methodName === 'string' && typeof v.descriptor === 'string'
        ? { type: 'focus', className: v.className, methodName: v.methodName, descriptor: v.descriptor }
        : null;
    default:
      return null;
  }
}

/** Narrows a message from the webview (for the host side). */
export function asWebviewMessage(v: unknown): WebviewToHost | null {
  if (!isObject(v)) return null;
  switch (v.type) {
    case 'ready':
      return { type: 'ready' };
    case 'error':
      return typeof v.message === 'string' ? { type: 'error', message: v.message } : null;
    case 'open': {
      const { className, methodName, descriptor, sourceFile, line } = v;
      if (typeof className !== 'string' || typeof methodName !== 'string' || typeof descriptor !== 'string') return null;
      if (sourceFile !== null && typeof sourceFile !== 'string') return null;
      if (typeof line !== 'number' || !Number.isInteger(line) || line < 0) return null;
      return { type: 'open', className, methodName, descriptor, sourceFile, line };
    }
    default:
      return null;
  }
}
