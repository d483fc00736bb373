// The words of the site, for typo tolerance and "Try searching for" suggestions: Pagefind matches
// exact words and prefixes only, so a misspelt word is corrected against this list before searching.

const WORD = /[a-z][a-z0-9]*(?:[_-][a-z0-9]+)*/g;

/** Counts, for each word of 4+ characters, the pages it appears on. */
export class VocabularyBuilder {
  private pages = new Map<string, number>();
  private titleWords = new Set<string>();

  addPage(text: string, titleAndHeadings: string[]): void {
    for (const word of new Set(text.toLowerCase().match(WORD) ?? [])) {
      if (word.length >= 4 && word.length <= 40) this.pages.set(word, (this.pages.get(word) ?? 0) + 1);
    }
    for (const heading of titleAndHeadings) {
      for (const word of heading.toLowerCase().match(WORD) ?? []) if (word.length >= 4) this.titleWords.add(word);
    }
  }

  /**
   * Words on at least `minPages` pages, plus every title and heading word, most frequent first,
   * so that among equally close corrections the commoner word wins.
   */
  build(minPages = 2): string[] {
    return [...this.pages]
      .filter(([word, n]) => n >= minPages || this.titleWords.has(word))
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .map(([word]) => word);
  }
}
