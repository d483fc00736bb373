// Renders the social card (site/static/img/social-card.svg, the source) to the PNG that pages announce
// in og:image / twitter:image, since social networks do not show SVG. Run after changing the SVG:
//   npx tsx scripts/render-social-card.ts
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../e2e/browser';
import { SOCIAL_CARD } from '../site/src/constants';

const IMG = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../site/static/img');
const svg = fs.readFileSync(path.join(IMG, 'social-card.svg'), 'utf8');

const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: SOCIAL_CARD.width, height: SOCIAL_CARD.height } });
  await page.setContent(`<!doctype html><style>html,body{margin:0}svg{display:block}</style>${svg}`);
  const out = path.join(IMG, path.basename(SOCIAL_CARD.path));
  await page.screenshot({ path: out, type: 'png' });
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
}
