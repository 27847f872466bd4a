// Reads the theme's colours for the canvas from the `--vscode-*` CSS variables: each variable
// is resolved through a hidden probe element so any CSS colour syntax comes back as rgb().

import { DEFAULT_THEME, parseColor, type Rgb, type ThemeColors } from '../flame/colors';

const VARS: Record<Exclude<keyof ThemeColors, 'font'>, string[]> = {
  background: ['--vscode-editor-background'],
  foreground: ['--vscode-editor-foreground', '--vscode-foreground'],
  red: ['--vscode-charts-red'],
  orange: ['--vscode-charts-orange'],
  yellow: ['--vscode-charts-yellow'],
  blue: ['--vscode-charts-blue'],
  purple: ['--vscode-charts-purple'],
  focus: ['--vscode-focusBorder'],
};

function cssVar(style: CSSStyleDeclaration, names: string[]): string {
  for (const n of names) {
    const v = style.getPropertyValue(n).trim();
    if (v !== '') return v;
  }
  return '';
}

export function readTheme(): ThemeColors {
  const root = getComputedStyle(document.documentElement);
  const probe = document.createElement('span');
  probe.style.display = 'none';
  document.body.appendChild(probe);
  const resolve = (raw: string, fallback: Rgb, over: Rgb): Rgb => {
    if (raw === '') return fallback;
    probe.style.color = '';
    probe.style.color = raw;
    return parseColor(getComputedStyle(probe).color, over) ?? parseColor(raw, over) ?? fallback;
  };
  const background = resolve(cssVar(root, VARS.background), DEFAULT_THEME.background, DEFAULT_THEME.background);
  const out: ThemeColors = { ...DEFAULT_THEME, background };
  for (const k of Object.keys(VARS) as (keyof typeof VARS)[]) {
    if (k === 'background') continue;
    out[k] = resolve(cssVar(root, VARS[k]), DEFAULT_THEME[k], background);
  }
  probe.remove();
  const family = cssVar(root, ['--vscode-editor-font-family']) || 'Menlo, Consolas, "DejaVu Sans Mono", monospace';
  out.font = `12px ${family}`;
  return out;
}

/** Calls `onChange` when VS Code switches theme (it changes the body class and the root style). */
export function watchTheme(onChange: () => void): void {
  let pending = false;
  const fire = (): void => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      onChange();
    });
  };
  const mo = new MutationObserver(fire);
  mo.observe(document.body, { attributes: true, attributeFilter: ['class'] });
  mo.observe(document.documentElement, { attributes: true, attributeFilter: ['style', 'class'] });
}
