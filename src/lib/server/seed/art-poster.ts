// Posters (2:3) and banners (16:9): the mood's backdrop, a scrim for legibility, the title set in
// the mood's typeface (wrapped and sized to fit), and a small country and type label.
import { drawBackdrop } from './art-backdrop.ts';
import { escapeXml, FONTS, n, wrapSvg, wrapWords, type Palette } from './art-palettes.ts';
import type { Random } from './rng.ts';
import type { Mood } from './taxonomy.ts';

export interface CoverText {
  title: string;
  /** e.g. "SOUTH KOREA · DRAMA" */
  label: string;
  /** e.g. "2024 · tvN" */
  detail: string;
}

/** How each mood sets its title: typeface, case, spacing, average glyph width in em. */
function chooseType(mood: Mood) {
  // widths measured on the widest fallback faces (DejaVu), so titles fit whatever font the viewer has
  if (mood === 'dark' || mood === 'action') return { font: FONTS.sans, weight: 800, upper: true, spacing: 0.06, em: 0.8 };
  if (mood === 'historical' || mood === 'fantasy') return { font: FONTS.serif, weight: 700, upper: false, spacing: 0.01, em: 0.66 };
  if (mood === 'romance') return { font: FONTS.serif, weight: 400, upper: false, spacing: 0, em: 0.6 };
  return { font: FONTS.sans, weight: 800, upper: false, spacing: 0, em: 0.66 };
}

/** Title lines and the font size that makes the longest one fit `width`. */
function fitTitle(text: string, mood: Mood, width: number, maxSize: number, maxChars: number) {
  const type = chooseType(mood);
  const shown = type.upper ? text.toUpperCase() : text;
  const lines = wrapWords(shown, maxChars);
  const longest = Math.max(...lines.map((l) => l.length));
  const size = Math.min(maxSize, width / (longest * (type.em + type.spacing)), (maxSize * 3.2) / (lines.length + 1.2));
  return { type, lines, size };
}

function drawTitle(lines: string[], size: number, type: ReturnType<typeof chooseType>, x: number, bottom: number, anchor: string, fill: string) {
  const lead = size * 1.08;
  const top = bottom - lead * (lines.length - 1);
  const spans = lines.map((l, i) => `<tspan x="${x}" y="${n(top + i * lead)}">${escapeXml(l)}</tspan>`).join('');
  const attrs = `font-family="${type.font}" font-weight="${type.weight}" font-size="${n(size)}" text-anchor="${anchor}"` +
    (type.spacing ? ` letter-spacing="${n(size * type.spacing)}"` : '');
  // a soft offset copy in black stands in for a drop shadow (SVG filters cost bytes and rendering time)
  return `<g ${attrs}><text fill="#000" opacity=".35" transform="translate(1.5 2)">${spans}</text><text fill="${fill}">${spans}</text></g>`;
}

/** the small country and type label, on a translucent pill so it reads on light skies too */
function drawPillLabel(text: string, cx: number, y: number, size: number) {
  const width = text.length * size * 0.86 + size * 2;
  return `<rect x="${n(cx - width / 2)}" y="${n(y - size * 1.25)}" width="${n(width)}" height="${n(size * 1.9)}" rx="${n(size * 0.95)}" ` +
    `fill="#000" opacity=".32"/>${drawLabel(text, cx, y, size, 'middle', '#fff', 0.95)}`;
}

function drawLabel(text: string, x: number, y: number, size: number, anchor: string, fill: string, opacity: number) {
  return `<text x="${x}" y="${y}" font-family="${FONTS.sans}" font-size="${size}" font-weight="700" letter-spacing="${n(size * 0.18)}" ` +
    `text-anchor="${anchor}" fill="${fill}" opacity="${opacity}">${escapeXml(text)}</text>`;
}

/** A 300x450 poster; without `text` it is a titleless key art (the pooled art of large catalogues). */
export function drawPoster(rng: Random, mood: Mood, p: Palette, key: string, text?: CoverText): string {
  const W = 300;
  const H = 450;
  let body = drawBackdrop(rng, mood, p, W, H, key);
  if (text) {
    body += `<defs><linearGradient id="f${key}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-opacity="0"/>` +
      `<stop offset="1" stop-opacity=".78"/></linearGradient></defs><rect y="230" width="${W}" height="220" fill="url(#f${key})"/>`;
    const { type, lines, size } = fitTitle(text.title, mood, 262, 46, 14);
    body += drawTitle(lines, size, type, W / 2, 392, 'middle', '#fff');
    body += `<rect x="135" y="407" width="30" height="2" fill="${p[2]}"/>`;
    body += drawLabel(text.detail, W / 2, 428, 10, 'middle', '#fff', 0.85);
    body += drawPillLabel(text.label, W / 2, 30, 9);
  }
  return wrapSvg(W, H, body);
}

/**
 * A 1280x720 banner: key art without any text. Cards prefer the banner (spec 1 §2.5) and crop it to
 * 2:3 around its centre, so nothing that must be read may sit in it.
 */
export function drawBanner(rng: Random, mood: Mood, p: Palette, key: string): string {
  return wrapSvg(1280, 720, drawBackdrop(rng, mood, p, 1280, 720, key));
}
