// Whole questions typed into the search dialog, in Chromium against the production build: for each question
// of an evaluation set (the docs assistant's held-out set by default), the share whose first hit, or one of
// the first three pages the dialog lists, is a right page. One page and one dialog for the whole set, as a
// reader who searches several times (Pagefind keeps the index chunks it loaded).
//   npx tsx bench/search-questions.ts [questions.json] [--judged]
import fs from 'node:fs';
import path from 'node:path';
import { hydrated, launchChromium, newPage } from '../e2e/browser';
import { startStaticServer } from '../e2e/servers';
import { loadJudgments, withJudgedPages } from 'docs-server/eval/evaluate';
import { BASE_URL } from '../site/src/constants';
import { isMain, toMarkdown, type BenchReport } from './report';

const DEFAULT_SET = path.resolve(import.meta.dirname, '../docs-server/eval/heldout.json');

interface Question {
  question: string;
  pages: string[];
}

/** The pages a question counts as right: its pages and, for a folder, its index page. */
const rightPages = (q: Question) =>
  new Set(
    q.pages.flatMap((p) => [
      `${BASE_URL}${p.replace(/^\/+|\/+$/g, '')}/`,
      `${BASE_URL}${p.replace(/^\/+|\/+$/g, '')}/index/`,
    ]),
  );

export async function run(file = DEFAULT_SET, judged = false): Promise<BenchReport> {
  const asked = (JSON.parse(fs.readFileSync(file, 'utf8')) as Question[]).filter((q) => q.pages.length > 0);
  // With --judged, the held-out set's pooled judgments add the pages judged to answer (docs-server/eval/evaluate.ts).
  const questions = judged ? withJudgedPages(asked, loadJudgments()) : asked;
  const server = await startStaticServer();
  const browser = await launchChromium();
  let first = 0;
  let top3 = 0;
  try {
    const { page, close } = await newPage(browser, server);
    await page.goto(server.url('auth/overview/'));
    await hydrated(page);
    await page.keyboard.press('Control+k');
    const input = page.getByRole('combobox', { name: 'Search the docs' });
    for (const q of questions) {
      await input.fill(q.question);
      // Done when the footer links the search page for this query, or the dialog says nothing matched it.
      const query = q.question.trim();
      await page.waitForFunction(
        (query) => {
          const seeAll = [...document.querySelectorAll('a[href*="search/?q="]')].some(
            (a) => new URL((a as HTMLAnchorElement).href).searchParams.get('q') === query,
          );
          const none = [...document.querySelectorAll('[role="dialog"] strong')].some((s) => s.textContent === query);
          return seeAll || none;
        },
        query,
        { timeout: 15_000 },
      );
      const hrefs = await page
        .locator('[role="listbox"] a[role="option"]')
        .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
      const pages = [...new Set(hrefs)].slice(0, 3);
      const right = rightPages(q);
      if (right.has(pages[0] ?? '')) first++;
      if (pages.some((p) => right.has(p))) top3++;
    }
    await close();
  } finally {
    await browser.close();
    await server.close();
  }
  const pct = (n: number) => `${((n / questions.length) * 100).toFixed(1)} % of ${questions.length}`;
  return {
    title: `Whole questions in the search dialog (${path.basename(file)}${judged ? ', with pooled judgments' : ''})`,
    rows: [
      { metric: 'first hit on a right page', value: pct(first) },
      { metric: 'a right page among the first three', value: pct(top3), target: '≥ 80 %' },
    ],
  };
}

if (isMain(import.meta.url)) {
  const args = process.argv.slice(2);
  const file = args.find((a) => !a.startsWith('--'));
  console.log(toMarkdown(await run(file, args.includes('--judged'))));
}
