#!/usr/bin/env node
// check-pages: a fast pre-build check of MDX pages, so authors (and helpers writing in parallel)
// find syntax errors, dead relative links and unknown components without a full site build.
// Usage: node scripts/check-pages.mjs [dir-or-file ...]   (default: site/docs site/wiki)
import fs from 'node:fs';
import path from 'node:path';
import { compile } from '@mdx-js/mdx';
import remarkGfm from 'remark-gfm';
import remarkFrontmatter from 'remark-frontmatter';
import remarkDirective from 'remark-directive';
import matter from 'gray-matter';

// Components every page may use without an import (registered in site/src/theme/MDXComponents.tsx).
export const GLOBAL_COMPONENTS = [
  'GraphiQLIDE',
  'Thumbnail',
  'ProductBadge',
  'ReleaseTag',
  'ListTable',
  'Tabs',
  'TabItem',
  'SectionCards',
  'SearchShortcut',
  'Details',
];

// The record of what a page was verified against (front matter `verified`; the wiki's contributing
// guide says how to verify a page): the engine release line and the files read.
export const ENGINE_LINE = /^v2\.\d+$/;
// A path in hasura/graphql-engine (CHANGELOG.md, server/src-lib/…), a path in another repository
// (hasura/kriti-lang:src/Kriti/Parser/Grammar.y) or an https URL.
const SOURCE = /^(?:https:\/\/\S+|(?:[\w.-]+\/[\w.-]+:)?[\w.@()-]+(?:\/[\w.@()[\]-]+)*)$/;

export function verificationProblems(verified) {
  if (verified === undefined) return [];
  if (typeof verified !== 'object' || verified === null || Array.isArray(verified))
    return ['front matter "verified" must be a map with "engine" and "sources"'];
  const problems = [];
  const extra = Object.keys(verified).filter((k) => k !== 'engine' && k !== 'sources');
  if (extra.length) problems.push(`"verified" has unknown fields: ${extra.join(', ')}`);
  if (!ENGINE_LINE.test(String(verified.engine ?? '')))
    problems.push(`"verified.engine" must be a release line such as v2.48, not ${JSON.stringify(verified.engine)}`);
  if (!Array.isArray(verified.sources) || verified.sources.length === 0)
    problems.push('"verified.sources" must list the files or pages read');
  else
    for (const source of verified.sources)
      if (typeof source !== 'string' || !SOURCE.test(source))
        problems.push(`"verified.sources" entry must be a repository path or an https URL: ${JSON.stringify(source)}`);
  return problems;
}

// Doc folders (or pages) whose every page must carry the record: one per line in this file.
export const VERIFIED_SECTIONS_FILE = 'site/verified-sections.txt';

/** Doc pages without a record, and those of them that sit in a section marked as verified. */
export function unverifiedPages(docsDir = 'site/docs', sectionsFile = VERIFIED_SECTIONS_FILE) {
  const sections = fs.existsSync(sectionsFile)
    ? fs
        .readFileSync(sectionsFile, 'utf8')
        .split('\n')
        .map((l) => l.replace(/#.*/, '').trim().replace(/\/+$/, ''))
        .filter(Boolean)
    : [];
  const missing = [];
  for (const file of walk(docsDir)) {
    const rel = path.relative(docsDir, file).split(path.sep).join('/');
    if (path.basename(rel).startsWith('_')) continue; // sidebar heading pages: no claims
    if (matter(fs.readFileSync(file, 'utf8')).data.verified !== undefined) continue;
    const section = sections.find((s) => rel === s || rel === `${s}.mdx` || rel.startsWith(`${s}/`));
    missing.push({ page: rel, section });
  }
  return { sections, missing };
}

function walk(p, out = []) {
  const st = fs.statSync(p);
  if (st.isFile()) return p.endsWith('.mdx') || p.endsWith('.md') ? [...out, p] : out;
  for (const e of fs.readdirSync(p)) walk(path.join(p, e), out).forEach((f) => out.includes(f) || out.push(f));
  return out;
}

export async function checkFile(file) {
  const problems = [];
  const raw = fs.readFileSync(file, 'utf8');
  let fm;
  try {
    fm = matter(raw).data;
  } catch (e) {
    return [`front matter is not valid YAML: ${e.message}`];
  }
  for (const key of ['title', 'description']) if (!fm[key]) problems.push(`front matter has no ${key}`);
  if (fm.description && String(fm.description).length > 160) problems.push('description is over 160 characters');
  // The questions a page answers, in readers' words: the docs assistant and search match them.
  if (fm.questions !== undefined) {
    if (!Array.isArray(fm.questions)) problems.push('front matter "questions" must be a list');
    else
      for (const q of fm.questions) {
        if (typeof q !== 'string' || !q.trim().endsWith('?'))
          problems.push(`question must be a string ending in "?": ${q}`);
        else if (q.length > 160) problems.push(`question is over 160 characters: ${q}`);
      }
  }
  problems.push(...verificationProblems(fm.verified));
  try {
    await compile(raw, { remarkPlugins: [remarkFrontmatter, remarkGfm, remarkDirective] });
  } catch (e) {
    const where = e.line ? `line ${e.line}:${e.column ?? ''} ` : '';
    problems.push(`MDX does not compile: ${where}${e.reason ?? e.message}`);
  }
  const withoutCode = raw.replace(/```[\s\S]*?```/g, (m) => m.replace(/[^\n]/g, ' '));
  // MDX 3 titles admonitions in brackets; the MDX 1 form (":::note Title") renders as raw text here.
  for (const m of withoutCode.matchAll(/^\s*:::(\w+) +(\S.*)$/gm))
    problems.push(`admonition title must be written :::${m[1]}[${m[2].trim()}], not ":::${m[1]} ${m[2].trim()}"`);
  const imported = new Set([...withoutCode.matchAll(/^import\s+(\w+)/gm)].map((m) => m[1]));
  for (const m of withoutCode.matchAll(/<([A-Z]\w*)/g)) {
    if (!GLOBAL_COMPONENTS.includes(m[1]) && !imported.has(m[1])) problems.push(`unknown component <${m[1]}>`);
  }
  for (const m of withoutCode.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = m[1];
    if (/^(https?:|mailto:|#|\/)/.test(target)) continue;
    const clean = decodeURIComponent(target.split('#')[0]);
    if (!/\.mdx?$/.test(clean)) {
      problems.push(`relative link "${target}" must point to an .mdx file`);
      continue;
    }
    if (!fs.existsSync(path.resolve(path.dirname(file), clean)))
      problems.push(`link "${target}" points to a file that does not exist`);
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const wholeSite = process.argv.length <= 2;
  const roots = wholeSite ? ['site/docs', 'site/wiki'] : process.argv.slice(2);
  const files = roots.flatMap((r) => (fs.existsSync(r) ? walk(r) : []));
  let bad = 0;
  for (const f of files) {
    const problems = await checkFile(f);
    if (problems.length) {
      bad++;
      for (const p of problems) console.log(`${f}: ${p}`);
    }
  }
  console.log(`${files.length} pages checked, ${bad} with problems`);
  // The verification record: listed per top-level section; a page of a section marked verified fails.
  const { missing } = wholeSite ? unverifiedPages() : { missing: [] };
  const bySection = new Map();
  for (const m of missing) bySection.set(m.page.split('/')[0], (bySection.get(m.page.split('/')[0]) ?? 0) + 1);
  if (missing.length)
    console.log(
      `doc pages without a verification record: ${missing.length} (` +
        [...bySection].map(([s, n]) => `${s} ${n}`).join(', ') +
        ')',
    );
  const required = missing.filter((m) => m.section);
  for (const m of required)
    console.log(
      `site/docs/${m.page}: no "verified" record, but ${m.section} is marked verified in ${VERIFIED_SECTIONS_FILE}`,
    );
  process.exit(bad || required.length ? 1 : 0);
}
