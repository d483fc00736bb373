// The site's identity and frame: address, titles, versions, repository, announcement, breakpoint. The config,
// components and tests read them from here. Values that belong to one part live with it: the docs assistant's in
// components/DocsBot/settings.ts, the search's in plugins/search and theme/SearchBar/texts.ts, the navbar's
// tracked links in navbarLinks.ts, page views in plugins/analytics, chunk loading in plugins/chunk-loading, and
// each storage key beside the code that uses it.

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

/** Above this viewport width the mobile navbar sidebar closes itself. */
export const DESKTOP_BREAKPOINT_PX = 996;
