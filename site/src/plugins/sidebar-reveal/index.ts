// Client module: the docs sidebar shows the reader's page. On a long sidebar the active link can sit
// far below the fold on load (the JWT page's was at y = 1001); this scrolls the sidebar's own menu,
// never the window, so the link is in view. A link already in view (a click in the sidebar) stays put.
import type { ClientModule } from '@docusaurus/types';

/** The deepest active link of the docs sidebar: categories that hold the page are marked active too. */
function activeLink(): HTMLElement | undefined {
  const links = document.querySelectorAll<HTMLElement>('.theme-doc-sidebar-menu .menu__link--active');
  return links[links.length - 1];
}

export function revealActiveLink(): void {
  const link = activeLink();
  const menu = link?.closest<HTMLElement>('nav.menu');
  if (!link || !menu || menu.scrollHeight <= menu.clientHeight) return;
  const top = link.getBoundingClientRect().top - menu.getBoundingClientRect().top;
  if (top >= 0 && top + link.offsetHeight <= menu.clientHeight) return;
  menu.scrollTop += top - menu.clientHeight / 3;
}

const clientModule: ClientModule = {
  onRouteDidUpdate() {
    requestAnimationFrame(revealActiveLink);
  },
};
export default clientModule;
