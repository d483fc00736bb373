// Page weight of a first visit: the HTML, JavaScript and CSS bytes (raw and gzip) and the number of
// requests, for each benchmark page, in Chromium against the production build.
import { launchChromium } from '../e2e/browser';
import { startStaticServer } from '../e2e/servers';
import { BENCH_PAGES, files, firstVisit, kb, total } from './pages';
import { isMain, toMarkdown, type BenchReport, type BenchRow } from './report';

const TYPES = [
  ['HTML', 'document'],
  ['JS', 'script'],
  ['CSS', 'stylesheet'],
] as const;

export async function run(): Promise<BenchReport> {
  const server = await startStaticServer();
  const browser = await launchChromium();
  const rows: BenchRow[] = [];
  try {
    for (const { name, route } of BENCH_PAGES) {
      const downloads = await firstVisit(browser, server, route);
      for (const [label, type] of TYPES) {
        const t = total(downloads, type);
        rows.push({ metric: `${name}: ${label}`, value: `${kb(t.raw)} raw, ${kb(t.gzip)} gzip (${files(t.count)})` });
      }
      rows.push({ metric: `${name}: requests`, value: String(downloads.length) });
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return { title: 'Page weight (first visit)', rows };
}

if (isMain(import.meta.url)) console.log(toMarkdown(await run()));
