// Draws Kasa's app icons (PWA manifest, iOS home screen) from one SVG mark and writes the PNGs to
// frontend-shell/public/icons/, where the shell build copies them from. Offline (resvg renders
// shapes, no fonts needed). The PNGs are committed; run again only when the mark changes:
//   node tools/pwa/make-icons.mjs
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';

// @resvg/resvg-js is a dev dependency of the shell workspace.
const require = createRequire(join(import.meta.dirname, '../../frontend-shell/package.json'));
const { Resvg } = require('@resvg/resvg-js');

const outDir = join(import.meta.dirname, '../../frontend-shell/public/icons');
const YELLOW = '#ffd60a'; // theme colour (docs/product.md#constants)
const INK = '#141414';

/**
 * The mark on a 512 × 512 grid: a 'K' whose upper arm is a leaf (farmers first). It spans about
 * 300 px, centred, so it also fits a maskable icon's safe zone (a circle of radius 40 %) once scaled.
 */
const MARK = `
  <path d="M176 118 V394" stroke="${INK}" stroke-width="60" stroke-linecap="round" fill="none"/>
  <path d="M214 300 L352 394" stroke="${INK}" stroke-width="60" stroke-linecap="round" fill="none"/>
  <path d="M196 286 C220 176 290 118 372 112 C366 204 300 270 196 286 Z" fill="${INK}"/>
  <path d="M224 262 C262 226 300 188 336 150" stroke="${YELLOW}" stroke-width="10" stroke-linecap="round" fill="none"/>`;

/**
 * @param {object} o
 * @param {number} o.scale     size of the mark relative to the canvas (1 = as drawn on 512)
 * @param {number} o.radius    corner radius of the yellow tile (0 = full bleed)
 */
function svg({ scale, radius }) {
  const offset = (512 - 512 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">
  <rect width="512" height="512" rx="${radius}" fill="${YELLOW}"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})">${MARK}</g>
</svg>`;
}

const icons = [
  // 'any': a rounded tile, the mark large.
  { file: 'icon-192.png', size: 192, scale: 1, radius: 96 },
  { file: 'icon-512.png', size: 512, scale: 1, radius: 96 },
  // 'maskable': full bleed (the platform cuts the shape), the mark inside the 80 % safe circle.
  { file: 'maskable-512.png', size: 512, scale: 0.78, radius: 0 },
  { file: 'maskable-192.png', size: 192, scale: 0.78, radius: 0 },
  // iOS rounds the corners itself and shows transparency as black: full bleed, a little padding.
  { file: 'apple-touch-icon.png', size: 180, scale: 0.86, radius: 0 },
];

for (const icon of icons) {
  const png = new Resvg(svg(icon), { fitTo: { mode: 'width', value: icon.size } }).render().asPng();
  writeFileSync(join(outDir, icon.file), png);
  console.log(`${icon.file}: ${icon.size}x${icon.size}, ${png.length} bytes`);
}
