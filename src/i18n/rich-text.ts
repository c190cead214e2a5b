/**
 * A catalogue message that holds trusted markup (the static pages' bodies: headings, lists, links),
 * made ready for `set:html`: its site links (`href="/terms"`) go to the page's language. Only the
 * catalogue's own text is ever passed here, never anything a visitor typed.
 */
export function localizeLinks(html: string, href: (path: string) => string): string {
  return html.replace(/href="(\/(?!\/)[^"]*)"/g, (_, path: string) => `href="${href(path)}"`);
}
