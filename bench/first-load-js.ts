// The JavaScript a first visit to a page downloads (raw and gzip bytes, request count), measured in
// Chromium against the production build. Usage: npx tsx bench/first-load-js.ts [route ...]
import type { Browser } from 'playwright-core';
import { launchChromium } from '../e2e/browser';
import { startStaticServer, type StaticServer } from '../e2e/servers';
import { BENCH_PAGES, files, firstVisit, kb, total } from './pages';
import { isMain, toMarkdown, type BenchReport } from './report';

/** The budget for a doc page. */
const DOC_PAGE_BUDGET = '≤ 150 KB gzip';

/** The scripts a first visit to `route` downloads: count, raw and gzip bytes (exact, so one visit is enough). */
export async function firstLoadJs(browser: Browser, server: StaticServer, route: string) {
  return total(await firstVisit(browser, server, route), 'script');
}

export async function run(pages: readonly { name: string; route: string }[] = BENCH_PAGES): Promise<BenchReport> {
  const server = await startStaticServer();
  const browser = await launchChromium();
  const rows = [];
  try {
    for (const { name, route } of pages) {
      const js = await firstLoadJs(browser, server, route);
      rows.push({
        metric: `${name} (/${route}): first-load JS`,
        value: `${kb(js.gzip)} gzip (${kb(js.raw)} raw, ${files(js.count)})`,
        target: name === 'doc' ? DOC_PAGE_BUDGET : undefined,
      });
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return { title: 'First-load JavaScript', rows };
}

if (isMain(import.meta.url)) {
  const routes = process.argv.slice(2);
  console.log(toMarkdown(await run(routes.length ? routes.map((route) => ({ name: 'page', route })) : undefined)));
}
