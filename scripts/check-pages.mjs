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
  const roots = process.argv.slice(2).length ? process.argv.slice(2) : ['site/docs', 'site/wiki'];
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
  process.exit(bad ? 1 : 0);
}
