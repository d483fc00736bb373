// Prints the JavaScript a first visit to a page downloads (raw and gzip bytes, request count), measured
// in Chromium against the production build. Usage: npx tsx bench/first-load-js.ts [route ...]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { BUILD_DIR, hydrated, launchChromium, newPage, startStaticServer } from '../e2e/harness';

const routes = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['', 'queries/postgres/filters/comparison-operators/', 'wiki/'];
const server = await startStaticServer();
const browser = await launchChromium();
console.log('| page | JS requests | JS raw (KB) | JS gzip (KB) |\n| --- | --- | --- | --- |');
for (const route of routes) {
  const { page, close } = await newPage(browser, server);
  const scripts = new Set<string>();
  page.on('request', (r) => r.resourceType() === 'script' && scripts.add(new URL(r.url()).pathname));
  await page.goto(server.url(route));
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  let raw = 0;
  let gz = 0;
  for (const p of scripts) {
    const file = fs.readFileSync(path.join(BUILD_DIR, p.replace(/^\/docs\/2\.0\//, '')));
    raw += file.length;
    gz += zlib.gzipSync(file, { level: 9 }).length;
  }
  console.log(`| /docs/2.0/${route} | ${scripts.size} | ${(raw / 1024).toFixed(1)} | ${(gz / 1024).toFixed(1)} |`);
  await close();
}
await browser.close();
await server.close();
