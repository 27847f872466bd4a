// The only module that knows about @vscode/webview-ui-toolkit (deprecated upstream): tabs,
// buttons, a text field and a drop-down, each behind a tiny interface so the toolkit can be
// replaced by plain elements later without touching the views.

import {
  provideVSCodeDesignSystem,
  vsCodeButton,
  vsCodeDropdown,
  vsCodeOption,
  vsCodePanels,
  vsCodePanelTab,
  vsCodePanelView,
  vsCodeTextField,
} from '@vscode/webview-ui-toolkit';

let registered = false;

export function registerControls(): void {
  if (registered) return;
  registered = true;
  provideVSCodeDesignSystem().register(
    vsCodeButton(),
    vsCodeDropdown(),
    vsCodeOption(),
    vsCodePanels(),
    vsCodePanelTab(),
    vsCodePanelView(),
    vsCodeTextField(),
  );
}

export interface Tabs {
  el: HTMLElement;
  setActive(id: string): void;
}

/** A tab strip; the views themselves live outside it. `onChange` fires on user selection only. */
export function tabs(items: readonly { id: string; label: string }[], active: string, onChange: (id: string) => void): Tabs {
  const el = document.createElement('vscode-panels');
  el.className = 'tabs';
  el.setAttribute('aria-label', 'Views');
  for (const it of items) {
    const tab = document.createElement('vscode-panel-tab');
    tab.id = `tab-${it.id}`;
    tab.textContent = it.label;
    el.appendChild(tab);
  }
  // The toolkit pairs every tab with a panel; ours are empty.
  for (const it of items) {
    const view = document.createElement('vscode-panel-view');
    view.id = `tabview-${it.id}`;
    el.appendChild(view);
  }
  el.setAttribute('activeid', `tab-${active}`);
  let current = active;
  el.addEventListener('change', (e) => {
    const target = (e as CustomEvent<unknown>).detail;
    const id = target instanceof HTMLElement && target.id.startsWith('tab-') ? target.id.slice(4) : null;
    if (id !== null && id !== current) {
      current = id;
      onChange(id);
    }
  });
  return {
    el,
    setActive(id: string): void {
      if (id === current) return;
      current = id;
      el.setAttribute('activeid', `tab-${id}`);
    },
  };
}

export interface ButtonOptions {
  title?: string;
  appearance?: 'primary' | 'secondary' | 'icon';
  className?: string;
}

export interface Button {
  el: HTMLElement;
  setLabel(label: string): void;
  setPressed(pressed: boolean): void;
  setDisabled(disabled: boolean): void;
}

export function button(label: string, o: ButtonOptions, onClick: () => void): Button {
  const el = document.createElement('vscode-button');
  el.setAttribute('appearance', o.appearance ?? 'secondary');
  if (o.title) {
    el.title = o.title;
    el.setAttribute('aria-label', o.title);
  }
  if (o.className) el.className = o.className;
  el.textContent = label;
  el.addEventListener('click', () => {
    if (!el.hasAttribute('disabled')) onClick();
  });
  return {
    el,
    setLabel: (l) => (el.textContent = l),
    setPressed: (p) => el.setAttribute('aria-pressed', p ? 'true' : 'false'),
    setDisabled: (d) => (d ? el.setAttribute('disabled', '') : el.removeAttribute('disabled')),
  };
}

export interface TextField {
  el: HTMLElement;
  value: string;
  focus(): void;
}

interface ValueElement extends HTMLElement {
  value: string;
}

export function textField(o: { placeholder: string; label: string; value: string }, onInput: (v: string) => void): TextField {
  const el = document.createElement('vscode-text-field') as ValueElement;
  el.setAttribute('placeholder', o.placeholder);
  el.setAttribute('aria-label', o.label);
  el.setAttribute('value', o.value);
  el.addEventListener('input', () => onInput(el.value ?? ''));
  return {
    el,
    get value(): string {
      return el.value ?? '';
    },
    set value(v: string) {
      el.value = v;
    },
    focus: () => el.focus(),
  };
}

export interface Dropdown {
  el: HTMLElement;
  setOptions(options: readonly { value: string; label: string }[], selected: string): void;
}

export function dropdown(label: string, onChange: (value: string) => void): Dropdown {
  const el = document.createElement('vscode-dropdown') as ValueElement;
  el.setAttribute('aria-label', label);
  el.title = label;
  let settingUp = false;
  el.addEventListener('change', () => {
    if (!settingUp) onChange(el.value);
  });
  let lastKey = '';
  return {
    el,
    setOptions(options, selected): void {
      const key = JSON.stringify(options);
      settingUp = true;
      if (key !== lastKey) {
        lastKey = key;
        el.replaceChildren(
          ...options.map((o) => {
            const opt = document.createElement('vscode-option');
            opt.setAttribute('value', o.value);
            opt.textContent = o.label;
            return opt;
          }),
        );
      }
      el.value = selected;
      settingUp = false;
    },
  };
}

/** A small pill (the toolkit's badge sets inline style attributes, which the CSP blocks). */
export function badge(text: string): { el: HTMLElement; set(text: string): void } {
  const el = document.createElement('span');
  el.className = 'badge';
  el.textContent = text;
  return { el, set: (t) => (el.textContent = t) };
}
