// A floating tooltip that follows the pointer; text only (textContent), never HTML.

import type { TooltipContent } from './tooltip-content';

export type { TooltipContent };

export class Tooltip {
  readonly el: HTMLElement;

  constructor() {
    this.el = document.createElement('div');
    this.el.className = 'tooltip';
    this.el.setAttribute('role', 'tooltip');
    this.el.hidden = true;
  }

  show(c: TooltipContent, clientX: number, clientY: number): void {
    const parts: HTMLElement[] = [];
    const title = document.createElement('div');
    title.className = 'tooltip-title';
    title.textContent = c.title;
    parts.push(title);
    if (c.subtitle) {
      const sub = document.createElement('div');
      sub.className = 'tooltip-subtitle';
      sub.textContent = c.subtitle;
      parts.push(sub);
    }
    const table = document.createElement('div');
    table.className = 'tooltip-rows';
    for (const [k, v] of c.rows) {
      const kd = document.createElement('span');
      kd.className = 'tooltip-key';
      kd.textContent = k;
      const vd = document.createElement('span');
      vd.className = 'tooltip-value';
      vd.textContent = v;
      table.append(kd, vd);
    }
    parts.push(table);
    if (c.hint) {
      const hint = document.createElement('div');
      hint.className = 'tooltip-hint';
      hint.textContent = c.hint;
      parts.push(hint);
    }
    this.el.replaceChildren(...parts);
    this.el.hidden = false;
    // Place below-right of the pointer, flipped to stay inside the window.
    const r = this.el.getBoundingClientRect();
    const gap = 14;
    let x = clientX + gap;
    let y = clientY + gap;
    if (x + r.width > window.innerWidth - 4) x = Math.max(4, clientX - gap - r.width);
    if (y + r.height > window.innerHeight - 4) y = Math.max(4, clientY - gap - r.height);
    this.el.style.left = `${x}px`;
    this.el.style.top = `${y}px`;
  }

  hide(): void {
    this.el.hidden = true;
  }
}
