import type { AllContent } from '@docusaurus/types';
import { describe, expect, it } from 'vitest';
import { questionsByPermalink } from './pageQuestions';

const doc = (permalink: string, frontMatter: Record<string, unknown>) => ({ permalink, frontMatter });

describe('questionsByPermalink', () => {
  it("keys every docs instance's questions by the built route, trailing slash included", () => {
    const allContent = {
      'docusaurus-plugin-content-docs': {
        default: {
          loadedVersions: [
            {
              docs: [
                doc('/docs/2.0/auth/jwt', { questions: ['  How do I set up JWT auth? ', '', 42] }),
                doc('/docs/2.0/plain', { title: 'No questions' }),
                doc('/docs/2.0/odd', { questions: 'not a list?' }),
              ],
            },
          ],
        },
        wiki: { loadedVersions: [{ docs: [doc('/docs/2.0/wiki/style/', { questions: ['How do I write a list?'] })] }] },
      },
      'docusaurus-plugin-content-pages': { default: [] },
    } as unknown as AllContent;
    expect([...questionsByPermalink(allContent)]).toEqual([
      ['/docs/2.0/auth/jwt/', ['How do I set up JWT auth?']],
      ['/docs/2.0/wiki/style/', ['How do I write a list?']],
    ]);
  });
});
