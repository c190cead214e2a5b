/**
 * The few scripts and styles that must be inline in the page (they run or apply while the page is
 * parsed, before any file could load). Each is rendered with `set:html` from here, and
 * astro.config.mjs adds each one's SHA-256 to the Content-Security-Policy, so the policy allows
 * exactly these texts and no other inline code (docs/decisions/011). Edit them here only.
 */
import { THEME_STORAGE_KEY } from './theme.ts';

/**
 * BaseLayout, in <head>: marks the page signed-in before first paint, so signed-out-only items
 * (e.g. the footer's Join Community) never flash for a member. `access_token` is the spec's key.
 */
export const AUTH_FLAG_SCRIPT =
  "try{if(localStorage.getItem('access_token'))document.documentElement.dataset.auth='signed-in'}catch(e){}";

/**
 * BaseLayout, in <head>: applies the theme the visitor picked (src/lib/ui/theme.ts) before first
 * paint; with none stored the page follows the system (color-scheme: light dark).
 */
export const THEME_SCRIPT = `try{var t=localStorage.getItem('${THEME_STORAGE_KEY}');if(t==='light'||t==='dark')document.documentElement.dataset.theme=t}catch(e){}`;

/**
 * DramaTabs, right after the tab list: picks the tab named by the URL hash before the panels are
 * painted (no flash of the wrong panel, no shift).
 */
export const DRAMA_TAB_SCRIPT = `(function () {
  var root = document.currentScript.parentElement;
  var key = location.hash.slice(1).toLowerCase();
  var tab = key === 'cast' || key === 'photos' ? key : 'details';
  root.setAttribute('data-tab', tab);
  root.querySelectorAll('[role=tab]').forEach(function (el) {
    var on = el.getAttribute('data-tab') === tab;
    el.setAttribute('aria-selected', on ? 'true' : 'false');
    el.tabIndex = on ? 0 : -1;
  });
})();`;

/** BaseLayout, in <noscript>: the theme toggle needs JavaScript; without it the system's theme applies. */
export const THEME_TOGGLE_NOSCRIPT_STYLE = 'theme-toggle{display:none!important}';

/** PeopleSearchPage, in <noscript>: without JavaScript the filter panel is open and its toggle hidden. */
export const PEOPLE_FILTERS_NOSCRIPT_STYLE =
  '#people-filters{display:block!important}#people-filters-toggle{display:none!important}';

export const INLINE_SCRIPTS = [AUTH_FLAG_SCRIPT, THEME_SCRIPT, DRAMA_TAB_SCRIPT];
export const INLINE_STYLES = [THEME_TOGGLE_NOSCRIPT_STYLE, PEOPLE_FILTERS_NOSCRIPT_STYLE];
