// Person photos (a stylised portrait silhouette over a gradient, with initials) and drama stills
// (a scene: backdrop, figures, sometimes a window frame or rain).
import { drawBackdrop } from './art-backdrop.ts';
import { escapeXml, FONTS, n, wrapSvg, type Palette } from './art-palettes.ts';
import type { Random } from './rng.ts';
import type { Mood } from './taxonomy.ts';

/** A 300x400 portrait; `initials` are left out in pooled (shared) portraits. */
export function drawPortrait(rng: Random, p: Palette, female: boolean, key: string, initials?: string): string {
  const cx = n(150 + rng.float(-8, 8));
  const headY = 160 + rng.float(-6, 6);
  const shoulder = rng.float(100, 120);
  const ink = p[3];
  // hair is the ink darkened, so the face stays readable against it
  const hairPath = female
    ? `M${n(150 - 64)} ${n(headY + 6)}C${n(150 - 76)} ${n(headY - 92)} ${n(150 + 76)} ${n(headY - 92)} ${n(150 + 64)} ${n(headY + 6)}` +
      `C${n(150 + 70)} ${n(headY + 60)} ${n(150 + 84)} ${n(headY + 100)} ${n(150 + 76)} ${n(headY + 118)}` +
      `L${n(150 - 76)} ${n(headY + 118)}C${n(150 - 84)} ${n(headY + 100)} ${n(150 - 70)} ${n(headY + 60)} ${n(150 - 64)} ${n(headY + 6)}Z`
    : `M${n(150 - 56)} ${n(headY - 2)}C${n(150 - 60)} ${n(headY - 84)} ${n(150 + 60)} ${n(headY - 84)} ${n(150 + 56)} ${n(headY - 2)}` +
      `C${n(150 + 40)} ${n(headY - 36)} ${n(150 - 40)} ${n(headY - 36)} ${n(150 - 56)} ${n(headY - 2)}Z`;
  const hair = `<path d="${hairPath}" fill="${ink}"/><path d="${hairPath}" fill="#000" opacity=".35"/>`;
  const body =
    `<defs><linearGradient id="b${key}" x1="0" y1="0" x2=".3" y2="1"><stop offset="0" stop-color="${p[0]}"/>` +
    `<stop offset="1" stop-color="${p[1]}"/></linearGradient></defs><rect width="300" height="400" fill="url(#b${key})"/>` +
    `<circle cx="${cx}" cy="${n(headY - 10)}" r="118" fill="${p[2]}" opacity=".28"/>` +
    (female ? hair : '') +
    `<g fill="${ink}"><path d="M${n(150 - shoulder - 40)} 400C${n(150 - shoulder - 30)} ${n(headY + 140)} ${n(150 - 60)} ${n(headY + 104)} 150 ${n(headY + 100)}` +
    `C${n(150 + 60)} ${n(headY + 104)} ${n(150 + shoulder + 30)} ${n(headY + 140)} ${n(150 + shoulder + 40)} 400Z"/>` +
    `<rect x="128" y="${n(headY + 40)}" width="44" height="70" rx="14"/>` +
    `<ellipse cx="150" cy="${n(headY)}" rx="52" ry="63"/></g>` +
    (female ? '' : hair) +
    (initials
      ? `<text x="150" y="368" font-family="${FONTS.sans}" font-size="40" font-weight="700" letter-spacing="6" text-anchor="middle" ` +
        `fill="#fff" opacity=".92">${escapeXml(initials)}</text>`
      : '');
  return wrapSvg(300, 400, body);
}

function drawFigure(x: number, ground: number, height: number, fill: string): string {
  const head = height * 0.13;
  return `<circle cx="${n(x)}" cy="${n(ground - height + head)}" r="${n(head)}" fill="${fill}"/>` +
    `<rect x="${n(x - height * 0.16)}" y="${n(ground - height + head * 2.1)}" width="${n(height * 0.32)}" height="${n(height - head * 2.1)}" rx="${n(height * 0.12)}" fill="${fill}"/>`;
}

/** A 1280x720 drama still: two figures in a landscape of the mood, maybe framed by a window or in rain. */
export function drawStill(rng: Random, mood: Mood, p: Palette, key: string): string {
  let body = drawBackdrop(rng, mood, p, 1280, 720, key);
  const ground = rng.float(640, 700);
  const height = rng.float(170, 260);
  const x = rng.float(380, 900);
  body += drawFigure(x, ground, height, p[3]) + drawFigure(x + rng.float(90, 150), ground, height * rng.float(0.88, 1.05), p[3]);
  const extra = rng.int(0, 3);
  if (extra === 0) {
    body += `<path d="M0 0H1280V720H0ZM90 70V650H610V70ZM670 70V650H1190V70Z" fill="${p[3]}" fill-rule="evenodd" opacity=".92"/>`;
  } else if (extra === 1) {
    let rain = '<g stroke="#fff" stroke-width="2" opacity=".35">';
    for (let i = 0; i < 28; i++) {
      const rx = rng.float(0, 1300);
      const ry = rng.float(0, 700);
      rain += `<path d="M${n(rx)} ${n(ry)}l-14 40"/>`;
    }
    body += `${rain}</g>`;
  }
  return wrapSvg(1280, 720, body);
}
