// `node scripts/make-app-icons.mjs` (run through npx/npm's Node): draws the installed app's icons
// (src/web/public/icons/, named by the web app manifest) from one SVG, in the site's navy and gold,
// with Debian's Chromium (playwright-core). Run once after changing the drawing; the PNGs are
// committed, so a build needs no browser. Chromium's installability check asks for PNGs of
// 192 and 512 px; the maskable one keeps the letters inside the central 80% that any mask shows.
import './support/supported-node.mjs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const NAVY = '#0b1f3a';
const GOLD = '#e3b64a';
const out = path.resolve(import.meta.dirname, '../src/web/public/icons');

/** The icon at `size` px: rounded for "any"; full-bleed with smaller letters for "maskable". */
function svg(size, maskable) {
  const radius = maskable ? 0 : size * 0.1875;
  const font = size * (maskable ? 0.28 : 0.375);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" rx="${radius}" fill="${NAVY}"/>
  <text x="50%" y="50%" dy="0.35em" font-family="Arial, Helvetica, sans-serif" font-size="${font}" font-weight="700" text-anchor="middle" fill="${GOLD}">VBG</text>
</svg>`;
}

const icons = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'maskable-512.png', size: 512, maskable: true },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  for (const { file, size, maskable } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg(size, maskable)}</body></html>`);
    await page.locator('svg').screenshot({ path: path.join(out, file), omitBackground: true });
    await page.close();
    console.log(`wrote ${file}`);
  }
} finally {
  await browser.close();
}
