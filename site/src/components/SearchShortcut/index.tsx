import React, { useEffect, useState } from 'react';

/** Which keys open the search on this device: none on a touch-only device, where there is no keyboard. */
export type ShortcutKeys = 'apple' | 'other' | 'none';

/**
 * A device whose every pointer is a finger, with nothing that hovers: a phone or a tablet without a
 * keyboard and trackpad. Exported for CSS that must agree (e.g. hiding the line the keys would fill).
 */
export const TOUCH_ONLY_QUERY = '(any-hover: none) and (any-pointer: coarse)';

/** Reads the platform in the browser. Not during server rendering: the HTML is the same for every reader. */
export function detectShortcutKeys(): ShortcutKeys {
  if (matchMedia(TOUCH_ONLY_QUERY).matches) return 'none';
  const nav = navigator as Navigator & { userAgentData?: { platform?: string } };
  const platform = nav.userAgentData?.platform || nav.platform || nav.userAgent;
  return /mac|iphone|ipad|ipod/i.test(platform) ? 'apple' : 'other';
}

/**
 * The keys of the search shortcut for this reader's device, known only after hydration: `undefined` on the
 * server and in the first client render (so the two match), then the detected keys.
 */
export function useShortcutKeys(): ShortcutKeys | undefined {
  const [keys, setKeys] = useState<ShortcutKeys>();
  useEffect(() => setKeys(detectShortcutKeys()), []);
  return keys;
}

export function ShortcutKbd({ keys }: { keys: 'apple' | 'other' }): React.ReactNode {
  return keys === 'apple' ? (
    <>
      <kbd title="Command">⌘</kbd>
      <kbd>K</kbd>
    </>
  ) : (
    <>
      <kbd>Ctrl</kbd>+<kbd>K</kbd>
    </>
  );
}

/**
 * The search shortcut for the reader's platform, in running text: "⌘K" on Apple devices, "Ctrl+K"
 * elsewhere, nothing on touch-only devices. `before` and `after` are words shown only with the keys,
 * e.g. <SearchShortcut before=" (or press " after=")" />. Renders nothing on the server.
 */
export default function SearchShortcut({
  before = '',
  after = '',
}: {
  before?: string;
  after?: string;
}): React.ReactNode {
  const keys = useShortcutKeys();
  if (!keys || keys === 'none') return null;
  return (
    <span className="search-shortcut" data-keys={keys}>
      {before}
      <ShortcutKbd keys={keys} />
      {after}
    </span>
  );
}
