/**
 * <theme-toggle>: its button switches between the light and the dark theme (docs/decisions/018).
 * `aria-pressed` says whether the dark theme is shown. The choice is written to <html data-theme>
 * and localStorage (read again before first paint by the head script, src/lib/ui/inline-code.ts);
 * choosing the system's own theme clears it, so the page follows the system again. The button's
 * state also follows the system setting and choices made in other tabs.
 */
import { flipTheme, isTheme, THEME_STORAGE_KEY, type Theme } from '../../lib/ui/theme.ts';

const root = document.documentElement;
const dark = window.matchMedia('(prefers-color-scheme: dark)');
const systemTheme = (): Theme => (dark.matches ? 'dark' : 'light');
const shownTheme = (): Theme => (isTheme(root.dataset.theme) ? root.dataset.theme : systemTheme());

function apply(choice: Theme | null): void {
  if (choice) root.dataset.theme = choice;
  else delete root.dataset.theme;
}

function store(choice: Theme | null): void {
  try {
    if (choice) localStorage.setItem(THEME_STORAGE_KEY, choice);
    else localStorage.removeItem(THEME_STORAGE_KEY);
  } catch {
    // storage refused (private mode, quota): the choice holds for this page only
  }
}

export class ThemeToggle extends HTMLElement {
  #button: HTMLButtonElement | null = null;

  connectedCallback(): void {
    this.#button = this.querySelector('button');
    this.#button?.addEventListener('click', this.#flip);
    dark.addEventListener('change', this.#sync);
    window.addEventListener('storage', this.#onStorage);
    this.#sync();
  }

  disconnectedCallback(): void {
    this.#button?.removeEventListener('click', this.#flip);
    dark.removeEventListener('change', this.#sync);
    window.removeEventListener('storage', this.#onStorage);
  }

  #flip = (): void => {
    const choice = flipTheme(shownTheme(), systemTheme());
    apply(choice);
    store(choice);
    this.#sync();
  };

  #onStorage = (event: StorageEvent): void => {
    if (event.key !== THEME_STORAGE_KEY && event.key !== null) return;
    apply(isTheme(event.newValue) ? event.newValue : null);
    this.#sync();
  };

  #sync = (): void => {
    this.#button?.setAttribute('aria-pressed', String(shownTheme() === 'dark'));
  };
}
