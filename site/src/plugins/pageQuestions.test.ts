import type { AllContent, DefaultParseFrontMatter } from '@docusaurus/types';
import { describe, expect, it } from 'vitest';
import { parseFrontMatterKeepingQuestions, questionsByPermalink } from './pageQuestions';

// Docusaurus's default parse stands in here: the front matter is given, the content is kept.
const parsed =
  (frontMatter: Record<string, unknown>): DefaultParseFrontMatter =>
  async ({ fileContent }) => ({
    frontMatter,
    content: fileContent,
  });
const parse = (filePath: string, frontMatter: Record<string, unknown>) =>
  parseFrontMatterKeepingQuestions({ filePath, fileContent: 'Body', defaultParseFrontMatter: parsed(frontMatter) });

describe('reader questions', () => {
  it('are taken out of the front matter that reaches the browser', async () => {
    const result = await parse('/site/docs/auth/jwt.mdx', { title: 'JWT', questions: ['How do I set up JWT auth?'] });
    expect(result).toEqual({ frontMatter: { title: 'JWT' }, content: 'Body' });
  });

  it('leave the verification record out of the browser front matter too', async () => {
    const verified = { engine: 'v2.48', sources: ['server/src-lib/Hasura/Server/Init.hs'] };
    const result = await parse('/site/docs/x.mdx', { title: 'X', verified });
    expect(result.frontMatter).toEqual({ title: 'X' });
  });

  it("are handed to the plugins by each docs instance's built route, trailing slash included", async () => {
    await parse('/site/docs/auth/jwt.mdx', { questions: ['  How do I set up JWT auth? ', '', 42] });
    await parse('/site/docs/plain.mdx', { title: 'No questions' });
    await parse('/site/wiki/style.mdx', { questions: ['How do I write a list?'] });
    const allContent = {
      'docusaurus-plugin-content-docs': {
        default: {
          loadedVersions: [
            {
              docs: [
                { permalink: '/docs/2.0/auth/jwt', source: '@site/docs/auth/jwt.mdx' },
                { permalink: '/docs/2.0/plain', source: '@site/docs/plain.mdx' },
              ],
            },
          ],
        },
        wiki: { loadedVersions: [{ docs: [{ permalink: '/docs/2.0/wiki/style/', source: '@site/wiki/style.mdx' }] }] },
      },
      'docusaurus-plugin-content-pages': { default: [] },
    } as unknown as AllContent;
    expect([...questionsByPermalink(allContent, '/site')]).toEqual([
      ['/docs/2.0/auth/jwt/', ['How do I set up JWT auth?']],
      ['/docs/2.0/wiki/style/', ['How do I write a list?']],
    ]);
  });
});
