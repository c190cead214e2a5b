/**
 * <mobile-menu>: the hamburger button toggles its panel (found by aria-controls). While open,
 * page scroll is locked (overflow hidden on <html> and <body>, restored on close). Escape closes it
 * and gives focus back to the button; so does growing past the md breakpoint, where the panel is
 * not shown but the lock would stay.
 */
const DESKTOP = '(min-width: 48rem)';

export class MobileMenu extends HTMLElement {
  #button: HTMLButtonElement | null = null;
  #panel: HTMLElement | null = null;
  #saved: { html: string; body: string } | null = null;
  #desktop = window.matchMedia(DESKTOP);

  connectedCallback(): void {
    this.#button = this.querySelector('button[aria-controls]');
    const id = this.#button?.getAttribute('aria-controls');
    this.#panel = id ? document.getElementById(id) : null;
    this.#button?.addEventListener('click', this.#toggle);
    document.addEventListener('keydown', this.#onKeydown);
    this.#desktop.addEventListener('change', this.#onBreakpoint);
    // a page kept in the back/forward cache must not come back with the menu open and scroll locked
    window.addEventListener('pagehide', this.#onPagehide);
  }

  disconnectedCallback(): void {
    this.close();
    this.#button?.removeEventListener('click', this.#toggle);
    document.removeEventListener('keydown', this.#onKeydown);
    this.#desktop.removeEventListener('change', this.#onBreakpoint);
    window.removeEventListener('pagehide', this.#onPagehide);
  }

  get isOpen(): boolean {
    return this.#button?.getAttribute('aria-expanded') === 'true';
  }

  open(): void {
    if (!this.#button || !this.#panel || this.isOpen) return;
    this.#button.setAttribute('aria-expanded', 'true');
    this.#panel.hidden = false;
    const { documentElement: html, body } = document;
    this.#saved = { html: html.style.overflow, body: body.style.overflow };
    html.style.overflow = 'hidden';
    body.style.overflow = 'hidden';
  }

  close({ restoreFocus = false } = {}): void {
    if (!this.#button || !this.#panel || !this.isOpen) return;
    this.#button.setAttribute('aria-expanded', 'false');
    this.#panel.hidden = true;
    if (this.#saved) {
      document.documentElement.style.overflow = this.#saved.html;
      document.body.style.overflow = this.#saved.body;
      this.#saved = null;
    }
    if (restoreFocus) this.#button.focus();
  }

  #toggle = (): void => {
    if (this.isOpen) this.close();
    else this.open();
  };

  #onKeydown = (event: KeyboardEvent): void => {
    if (event.key === 'Escape' && this.isOpen) {
      event.preventDefault();
      this.close({ restoreFocus: true });
    }
  };

  #onPagehide = (): void => {
    this.close();
  };

  #onBreakpoint = (event: MediaQueryListEvent): void => {
    if (event.matches) this.close();
  };
}
