// Code block colours: prism-react-renderer's GitHub (light) and Dracula (dark) themes, with every
// token colour darkened or lightened just enough for WCAG AA contrast (4.5:1) on the code block
// background and on a highlighted line (see --docusaurus-highlighted-code-line-bg in src/css/custom.css).
// The colours reach the page as CSS for both colour modes (codeColorsCss, colorsPlugin.ts), not as
// inline styles: the server's HTML is then right in either mode and code blocks need no re-render
// after hydration (see src/theme/CodeBlock). How code blocks fit together: README.md.
import { themes, type PrismTheme } from 'prism-react-renderer';

export const MIN_CONTRAST = 4.5;

/** The highlighted-line overlays of src/css/custom.css, as [r, g, b, alpha]. */
export const HIGHLIGHT_OVERLAY = { light: [0, 0, 0, 0.08], dark: [255, 255, 255, 0.12] } as const;

type Rgb = [number, number, number];

export function parseColor(css: string): Rgb {
  const hex = /^#([\da-f]{3}|[\da-f]{6})$/i.exec(css)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb;
  }
  const rgb = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)/i.exec(css);
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  throw new Error(`Cannot read the colour "${css}"`);
}

const toHex = (c: Rgb) => `#${c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
const mix = (a: Rgb, b: Rgb, t: number): Rgb => a.map((v, i) => v + (b[i]! - v) * t) as Rgb;

function luminance([r, g, b]: Rgb): number {
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The colour moved towards black (on light backgrounds) or white until it reaches the contrast on each background. */
function readable(color: Rgb, backgrounds: Rgb[]): Rgb {
  const target: Rgb = luminance(backgrounds[0]!) > 0.5 ? [0, 0, 0] : [255, 255, 255];
  for (let t = 0; t <= 1; t += 0.01) {
    const candidate = mix(color, target, t).map(Math.round) as Rgb;
    if (backgrounds.every((bg) => contrast(candidate, bg) >= MIN_CONTRAST)) return candidate;
  }
  return target;
}

/** The backgrounds code text sits on: the block itself and a highlighted line over it. */
export function codeBackgrounds(theme: PrismTheme, mode: 'light' | 'dark'): Rgb[] {
  const background = parseColor(theme.plain.backgroundColor!);
  const [r, g, b, alpha] = HIGHLIGHT_OVERLAY[mode];
  // Browsers blend the overlay into whole 8-bit channels; contrast is checked on the same values.
  return [background, mix(background, [r, g, b], alpha).map(Math.round) as Rgb];
}

/** The theme with readable colours; a style that fades text with opacity gets the faded colour instead. */
export function withReadableColors(theme: PrismTheme, mode: 'light' | 'dark'): PrismTheme {
  const backgrounds = codeBackgrounds(theme, mode);
  const plain = parseColor(theme.plain.color!);
  return {
    plain: { ...theme.plain, color: toHex(readable(plain, backgrounds)) },
    styles: theme.styles.map(({ types, style: { opacity, ...style } }) => {
      const base = style.color ? parseColor(style.color) : plain;
      const faded = typeof opacity === 'number' ? mix(backgrounds[0]!, base, opacity) : base;
      return { types, style: { ...style, color: toHex(readable(faded, backgrounds)) } };
    }),
  };
}

export const lightCodeTheme = withReadableColors(themes.github, 'light');
/** The dark mode's surface colour (src/css/custom.css, --site-surface): code blocks share it with cards and bars. */
export const DARK_SURFACE = '#1c222b';
export const darkCodeTheme = withReadableColors(
  { ...themes.dracula, plain: { ...themes.dracula.plain, backgroundColor: DARK_SURFACE } },
  'dark',
);

/** The theme Docusaurus gets: no inline colours, so the CSS of codeColorsCss applies in both modes. */
export const cssColoredTheme: PrismTheme = { plain: {}, styles: [] };

const declarations = (style: Record<string, unknown>) =>
  Object.entries(style)
    .map(([property, value]) => `${property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: ${String(value)};`)
    .join(' ');

/**
 * CSS for code blocks in both modes: the block's colours as the --prism-* variables Docusaurus reads,
 * and one rule per token style (a later rule wins, as a later theme entry does in prism-react-renderer).
 */
export function codeColorsCss(light: PrismTheme, dark: PrismTheme): string {
  const rules = (theme: PrismTheme, scope: string) => [
    `${scope} { --prism-color: ${theme.plain.color}; --prism-background-color: ${theme.plain.backgroundColor}; }`,
    ...theme.styles.map(
      ({ types, style }) =>
        `${types.map((type) => `${scope} .prism-code .token.${type}`).join(', ')} { ${declarations(style)} }`,
    ),
  ];
  // The scopes exclude each other, so a token type that only one theme styles keeps the plain colour in
  // the other mode. No data-theme attribute (no JavaScript) means light, as in Infima.
  return [...rules(light, ":root:not([data-theme='dark'])"), ...rules(dark, "[data-theme='dark']")].join('\n') + '\n';
}
