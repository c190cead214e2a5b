// The painted background shared by posters, banners and stills: a sky gradient, a glow (sun or
// moon) and a motif that suits the mood (bokeh for romance, skyline for thrillers, ridges for
// historical epics, stars for fantasy...). A few dozen shapes at most, so each file stays small.
import { n, type Palette } from './art-palettes.ts';
import type { Random } from './rng.ts';
import type { Mood } from './taxonomy.ts';

function drawRidge(rng: Random, w: number, h: number, base: number, rough: number, fill: string, opacity: number): string {
  const steps = 7;
  let d = `M0 ${h}L0 ${n(base + rng.float(-rough, rough))}`;
  for (let i = 1; i <= steps; i++) {
    const x = (w * i) / steps - rng.float(0, w / steps / 2);
    d += `L${n(x)} ${n(base + rng.float(-rough, rough))}`;
  }
  return `<path d="${d}L${w} ${n(base)}L${w} ${h}Z" fill="${fill}" opacity="${opacity}"/>`;
}

function drawSkyline(rng: Random, w: number, h: number, p: Palette, windows: boolean, opacity = 1): string {
  let out = `<g fill="${p[3]}" opacity="${opacity}">`;
  let lights = '';
  for (let x = -5; x < w; ) {
    const bw = rng.float(w / 16, w / 7);
    const bh = rng.float(h * 0.12, h * 0.42);
    const r = Math.round;
    out += `<rect x="${r(x)}" y="${r(h - bh)}" width="${r(bw + 1)}" height="${r(bh)}"/>`;
    if (windows && rng.chance(0.6)) {
      lights += `<rect x="${r(x + bw * 0.3)}" y="${r(h - bh * 0.8)}" width="${r(bw * 0.15)}" height="${r(bh * 0.08)}"/>`;
    }
    x += bw;
  }
  return `${out}</g>${lights ? `<g fill="${p[2]}" opacity=".55">${lights}</g>` : ''}`;
}

function drawDots(rng: Random, w: number, h: number, count: number, rMin: number, rMax: number, fill: string, top = 0, bottom = 1): string {
  // three opacity groups instead of an opacity per dot: same look, fewer bytes
  const groups = ['', '', ''];
  for (let i = 0; i < count; i++) {
    const cy = rng.float(h * top, h * bottom);
    groups[i % 3] += `<circle cx="${Math.round(rng.float(0, w))}" cy="${Math.round(cy)}" r="${n(rng.float(rMin, rMax))}"/>`;
  }
  return groups.map((g, i) => `<g fill="${fill}" opacity="${['.2', '.38', '.56'][i]}">${g}</g>`).join('');
}

function drawMotif(rng: Random, mood: Mood, p: Palette, w: number, h: number): string {
  const u = Math.min(w, h);
  switch (mood) {
    case 'romance':
      return drawDots(rng, w, h, 12, u * 0.01, u * 0.07, p[2]) + drawRidge(rng, w, h, h * 0.8, h * 0.05, p[3], 0.3);
    case 'dark':
      return `<path d="M${n(w * 0.2)} 0L${n(w * 0.35)} 0L${n(w * 0.7)} ${h}L${n(w * 0.4)} ${h}Z" fill="${p[2]}" opacity=".07"/>` +
        drawSkyline(rng, w, h, p, true) +
        `<path d="M0 ${n(h * 0.62)}L${w} ${n(h * 0.5)}" stroke="${p[2]}" stroke-width="${n(u * 0.012)}" opacity=".8"/>`;
    case 'historical':
      return drawRidge(rng, w, h, h * 0.55, h * 0.08, p[3], 0.35) + drawRidge(rng, w, h, h * 0.68, h * 0.07, p[3], 0.6) +
        drawRidge(rng, w, h, h * 0.8, h * 0.05, p[3], 0.92);
    case 'fantasy':
      return drawDots(rng, w, h, 22, u * 0.002, u * 0.007, '#fff', 0, 0.6) +
        `<circle cx="${n(w / 2)}" cy="${n(h * 0.42)}" r="${n(u * 0.36)}" fill="none" stroke="${p[2]}" stroke-width="${n(u * 0.006)}" opacity=".35"/>` +
        drawRidge(rng, w, h, h * 0.78, h * 0.06, p[3], 0.9);
    case 'bright':
      return drawDots(rng, w, h, 4, u * 0.1, u * 0.25, p[2]) + drawDots(rng, w, h, 14, u * 0.008, u * 0.02, p[3]);
    case 'work':
      return `<path d="M0 ${n(h * 0.3)}L${w} 0L${w} ${n(h * 0.12)}L0 ${n(h * 0.42)}Z" fill="${p[2]}" opacity=".18"/>` +
        drawSkyline(rng, w, h, p, false, 0.55);
    case 'action': {
      let lines = `<g stroke="${p[2]}" opacity=".35">`;
      for (let i = 0; i < 7; i++) {
        const x = rng.float(-w * 0.3, w);
        lines += `<path d="M${n(x)} 0L${n(x + w * 0.5)} ${h}" stroke-width="${n(rng.float(1, u * 0.02))}"/>`;
      }
      return `${lines}</g>${drawRidge(rng, w, h, h * 0.82, h * 0.06, p[3], 0.95)}`;
    }
    default:
      return [0.45, 0.33, 0.22].map((r) => `<circle cx="${n(w / 2)}" cy="${n(h * 0.4)}" r="${n(u * r)}" fill="${p[2]}" opacity=".15"/>`).join('') +
        drawDots(rng, w, h, 16, u * 0.008, u * 0.025, p[3]);
  }
}

/** The background layers; `key` makes gradient ids unique when several pictures share a page. */
export function drawBackdrop(rng: Random, mood: Mood, p: Palette, w: number, h: number, key: string): string {
  const angle = rng.chance(0.5) ? 'x2="0" y2="1"' : 'x2=".4" y2="1"';
  const gx = n(rng.float(0.25, 0.75));
  const gy = n(rng.float(0.15, 0.38));
  return `<defs><linearGradient id="s${key}" x1="0" y1="0" ${angle}><stop offset="0" stop-color="${p[0]}"/>` +
    `<stop offset="1" stop-color="${p[1]}"/></linearGradient><radialGradient id="g${key}" cx="${gx}" cy="${gy}" r=".45">` +
    `<stop offset="0" stop-color="${p[2]}" stop-opacity=".95"/><stop offset="1" stop-color="${p[2]}" stop-opacity="0"/>` +
    `</radialGradient></defs><rect width="${w}" height="${h}" fill="url(#s${key})"/><rect width="${w}" height="${h}" fill="url(#g${key})"/>` +
    drawMotif(rng, mood, p, w, h);
}
