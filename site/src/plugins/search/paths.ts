import { BASE_URL } from '../../constants';

/** Folder of the embedded index in the build output, and its files as the browser fetches them. */
export const INDEX_DIR = 'pagefind';
export const VOCABULARY_FILE = 'vocabulary.json';
export const RANKING_FILE = 'ranking.json';
export const INDEX_PATH = `${BASE_URL}${INDEX_DIR}/pagefind.js`;
export const VOCABULARY_PATH = `${BASE_URL}${INDEX_DIR}/${VOCABULARY_FILE}`;
export const RANKING_PATH = `${BASE_URL}${INDEX_DIR}/${RANKING_FILE}`;

/** The search page (the docs assistant points there when it cannot help). */
export const SEARCH_PAGE_URL = `${BASE_URL}search/`;
