// Client module. A first visit keeps the server's highlighted code and never loads the highlighter, but
// a client-side navigation renders the next page in the browser, where its code needs it. Loading it as
// the navigation starts, alongside the page's own chunks, shows that code highlighted, not plain first.
import type { ClientModule } from '@docusaurus/types';

const clientModule: ClientModule = {
  onRouteUpdate({ location, previousLocation }) {
    if (previousLocation && previousLocation.pathname !== location.pathname) {
      void import('../theme/CodeBlock/Content/Highlighted');
    }
  },
};

export default clientModule;
