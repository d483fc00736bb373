// Every literal the spec fixes has one home here; the config, components and tests read it from this file.

export const SITE_URL = 'https://hasura.io';
export const BASE_URL = '/docs/2.0/';
export const SITE_TITLE = 'Hasura GraphQL Docs';
export const TAGLINE = 'Instant GraphQL on all your data';
/** The image that link previews show (og:image, twitter:image): a PNG, as social networks do not show SVG. */
export const SOCIAL_CARD = {
  path: 'img/social-card.png',
  width: 1200,
  height: 630,
  alt: 'Hasura GraphQL Engine v2.x documentation: Instant GraphQL on all your data',
} as const;

/** Docs versions: the current one is built here; the others are published elsewhere. */
export const CURRENT_VERSION_LABEL = 'v2.x';
/** The engine release every example runs (image tags in code are rewritten to it: src/plugins/engine-version). */
export const ENGINE_VERSION = 'v2.48.5';
export const WIKI_VERSION_LABEL = 'Next';
export const NEWER_VERSIONS = [{ label: 'v3.x', href: 'https://hasura.io/docs/3.0/' }] as const;
export const OLDER_VERSIONS = [{ label: 'v1.x', href: 'https://hasura.io/docs/1.0/graphql/core/index.html' }] as const;
export const OTHER_VERSIONS = [...NEWER_VERSIONS, ...OLDER_VERSIONS] as const;

/** The engine's source repository, and the folder of this site in it ("Edit this page" appends docs/… or wiki/…). */
export const REPO_URL = 'https://github.com/hasura/graphql-engine';
export const EDIT_URL = `${REPO_URL}/edit/master/docs/`;
/** Where "Let us know." and feedback links open a new issue. */
export const NEW_ISSUE_URL = `${REPO_URL}/issues/new`;

/** Announcement bar: change the id whenever the content changes, so readers who dismissed the old one see the new one. */
export const ANNOUNCEMENT = {
  id: 'announcement-v2-docs-2026-11',
  content:
    'Hasura DDN (v3) is here. These docs cover v2.x; see <a href="https://hasura.io/docs/3.0/">the v3.x docs</a> for the new engine.',
};

/** Timings of the loading experience (ms). Progress bar: delay, nprogress speed and trickle. */
export const PROGRESS_BAR = { delay: 200, speed: 200, trickleSpeed: 800 } as const;
export const SPINNER_DELAY_MS = 200;
export const PAGE_VIEW_DELAY_MS = 50;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Above this viewport width the mobile navbar sidebar closes itself. */
export const DESKTOP_BREAKPOINT_PX = 996;

/** Browser storage keys. */
export const STORAGE_KEYS = {
  colorMode: 'theme',
  announcementDismiss: 'docusaurus.announcement.dismiss',
  announcementId: 'docusaurus.announcement.id',
  tabGroupPrefix: 'docusaurus.tab.',
  /** The docs assistant's thread, one per docs version: this prefix + the version label (e.g. "v2.x"). */
  docsBotThreadPrefix: 'docsbot.thread.',
  /** The docs assistant's anonymous reader id, sent to the server as `userId`. */
  docsBotUserId: 'docsbot.user',
  /** The engine endpoint a reader last ran a GraphiQLIDE example against ("Try it"). */
  tryItEndpoint: 'tryit.endpoint',
} as const;

/** The search page (the docs assistant points there when it cannot help). */
export const SEARCH_PAGE_URL = `${BASE_URL}search/`;

/** The docs assistant: the widget in src/components/DocsBot, the server in docs-server/. */
export const DOCS_BOT = {
  /** The websocket's same-origin path, used when DOCS_SERVER_URL is not set at build time. */
  socketPath: '/docs-services/docs-server/bot/query',
  /** Reconnect delays grow exponentially from the base and stop growing at the cap. */
  reconnectBaseMs: 500,
  reconnectMaxMs: 10_000,
  /** After this many failed attempts in a row the panel says the assistant is unreachable (it keeps trying). */
  unreachableAfterFailures: 4,
  /** Earlier turns sent along with a question, so follow-ups are understood. */
  historyTurns: 6,
  /** Turns kept in localStorage; older ones are dropped. */
  maxStoredTurns: 40,
} as const;

/** Marketing site and cloud console links in the navbar. */
export const PUBLIC_SITE = 'https://hasura.io';
export const CLOUD_CONSOLE = 'https://cloud.hasura.io';

/** Tracking parameters carried by every call-to-action link: page, placement, call to action, technology. */
export const TRACKING_PARAMS = ['pg', 'plcmt', 'cta', 'tech'] as const;
export function trackedUrl(base: string, placement: string, cta: string): string {
  const url = new URL(base);
  const values: Record<(typeof TRACKING_PARAMS)[number], string> = {
    pg: 'docs',
    plcmt: placement,
    cta,
    tech: 'default',
  };
  for (const key of TRACKING_PARAMS) url.searchParams.set(key, values[key]);
  return url.toString();
}

export const NAVBAR_LINKS = {
  product: `${PUBLIC_SITE}/product/`,
  blog: `${PUBLIC_SITE}/blog/`,
  tutorials: `${PUBLIC_SITE}/learn/`,
  whatsNew: `${PUBLIC_SITE}/changelog/`,
  pricing: trackedUrl(`${PUBLIC_SITE}/pricing/`, 'header', 'pricing'),
  login: trackedUrl(`${CLOUD_CONSOLE}/login`, 'header', 'log-in'),
  getStarted: trackedUrl(`${CLOUD_CONSOLE}/signup`, 'header', 'get-started'),
} as const;

/** Search tags of the two docs instances (contextual search facets). */
export const SEARCH_TAGS = { docs: 'docs-default-current', wiki: 'docs-wiki-current' } as const;

/** The texts of the search dialog and page that the spec fixes; `{count}` and `{query}` are filled in. */
export const SEARCH_TEXTS = {
  button: 'Search',
  seeAll: 'See all {count} results',
  noResults: 'No results for',
  trySearching: 'Try searching for',
  reportMissing: 'Believe this query should return results?',
  reportMissingLink: 'Let us know.',
  errorTitle: 'Unable to fetch results',
  errorHelp: 'You might want to check your network connection.',
  askAssistant: 'Ask the docs assistant',
} as const;

/** The event the search dialog dispatches on window to hand its query to the docs assistant's panel. */
export const DOCS_BOT_ASK_EVENT = 'docsbot:ask';

/** Offered under "Try searching for" when a search finds nothing: the site's most searched topics. */
export const SEARCH_SUGGESTIONS = ['permissions', 'event triggers', 'actions', 'authentication'];
