// The navbar item types this site's config uses, and no others: Docusaurus's map imports all nine (the locale
// dropdown, doc and sidebar links, HTML items...), and whatever it imports is in every page's first load.
// A config item of another type fails the build: Docusaurus's NavbarItem throws "No NavbarItem component found".
import type { ComponentTypesObject } from '@theme/NavbarItem/ComponentTypes';
import DefaultNavbarItem from '@theme/NavbarItem/DefaultNavbarItem';
import DropdownNavbarItem from '@theme/NavbarItem/DropdownNavbarItem';
import SearchNavbarItem from '@theme/NavbarItem/SearchNavbarItem';
import DocsVersionDropdownNavbarItem from '@theme/NavbarItem/DocsVersionDropdownNavbarItem';

const ComponentTypes = {
  default: DefaultNavbarItem,
  search: SearchNavbarItem,
  dropdown: DropdownNavbarItem,
  docsVersionDropdown: DocsVersionDropdownNavbarItem,
  // The type lists all nine of Docusaurus's; the theme only looks types up by name.
} as unknown as ComponentTypesObject;

export default ComponentTypes;
