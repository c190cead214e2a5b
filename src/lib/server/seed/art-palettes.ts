// Colour palettes of the generated art, by mood, and small SVG helpers shared by every picture.
import type { Mood } from './taxonomy.ts';

/** sky top, sky bottom, glow, ink (shapes), text */
export type Palette = readonly [string, string, string, string, string];

export const PALETTES: Record<Mood, readonly Palette[]> = {
  romance: [
    ['#f9d5d3', '#e97c8a', '#fff4e0', '#8c2f4c', '#ffffff'],
    ['#cdb8f0', '#f2a0b8', '#fff0f5', '#5a3470', '#ffffff'],
    ['#9cc9f0', '#f6b8c4', '#fffbe8', '#3b4e7a', '#ffffff'],
    ['#ffe3c2', '#f28b6e', '#fffaf0', '#7a2e2e', '#ffffff'],
  ],
  dark: [
    ['#0d1b2a', '#1b3a4b', '#d7263d', '#05080d', '#f1f1f1'],
    ['#17181c', '#3a4250', '#f0a202', '#07080a', '#f5f5f5'],
    ['#071a16', '#134e4a', '#4fd1c5', '#020807', '#e6fffa'],
    ['#1a0f1f', '#4a1c3a', '#ff6b6b', '#0a050c', '#ffffff'],
  ],
  historical: [
    ['#3b0d11', '#a4343a', '#f6c667', '#1c0508', '#fff3d6'],
    ['#1d2b53', '#3e7c6f', '#f4e3b1', '#0b1226', '#fffaf0'],
    ['#efe0c0', '#b4513a', '#fff8e7', '#4a1f14', '#2b0f08'],
    ['#2c1a3b', '#8a4b6b', '#ffd58a', '#150b1d', '#fff5e1'],
  ],
  fantasy: [
    ['#1a0b3d', '#6b2fa3', '#ffd86b', '#0b0420', '#fff8e7'],
    ['#06163a', '#1f7aa8', '#b6f3ff', '#020a1d', '#f0fbff'],
    ['#0f2e2a', '#5b3ea8', '#e0c3ff', '#061512', '#ffffff'],
    ['#2d0a2e', '#c2457a', '#ffe0a3', '#150216', '#fff6ea'],
  ],
  bright: [
    ['#fff3b0', '#ffb347', '#ffffff', '#c2541d', '#3b1a06'],
    ['#c8f7e1', '#7ac7e8', '#ffffff', '#1d5f7a', '#0f2e3d'],
    ['#ffd1dc', '#ffe08a', '#ffffff', '#d0506b', '#4a1526'],
    ['#d9f2b4', '#66c2a5', '#ffffff', '#2e6b4f', '#10291e'],
  ],
  work: [
    ['#dfe9f3', '#6a8caf', '#ffffff', '#1f3b57', '#0e2133'],
    ['#0f2741', '#3f7cac', '#e0f0ff', '#06131f', '#ffffff'],
    ['#e3f4f1', '#4aa3a2', '#ffffff', '#1b4d4c', '#0c2423'],
    ['#f3ede4', '#9a8c7a', '#ffffff', '#3d352b', '#1e1a15'],
  ],
  action: [
    ['#1b1b1e', '#c2410c', '#fdba74', '#0a0a0b', '#ffffff'],
    ['#111827', '#b91c1c', '#fca5a5', '#050608', '#ffffff'],
    ['#0c1821', '#56708a', '#e2e8f0', '#04080b', '#ffffff'],
  ],
  show: [
    ['#ff5f9e', '#ffc371', '#ffffff', '#7a1f4f', '#ffffff'],
    ['#36d1dc', '#5b86e5', '#ffffff', '#1b2a6b', '#ffffff'],
    ['#f7971e', '#ffd200', '#ffffff', '#7a3c00', '#3a1c00'],
  ],
};

export const ALL_PALETTES: readonly Palette[] = Object.values(PALETTES).flat();

export const FONTS = {
  serif: "Georgia,'Noto Serif','DejaVu Serif',serif",
  sans: "'Helvetica Neue',Arial,'Liberation Sans','DejaVu Sans',sans-serif",
} as const;

/** rounds to one decimal at most: keeps the files small */
export const n = (x: number) => String(Math.round(x * 10) / 10);

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function wrapSvg(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">${body}</svg>\n`;
}

/** Splits a title into lines of at most `max` characters, breaking between words. */
export function wrapWords(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > max) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}
