import { describe, expect, it } from 'vitest';
import { themes } from 'prism-react-renderer';
import {
  MIN_CONTRAST,
  codeBackgrounds,
  codeColorsCss,
  contrast,
  darkCodeTheme,
  DARK_SURFACE,
  lightCodeTheme,
  parseColor,
  withReadableColors,
} from './colors';

describe('code block themes', () => {
  it.each([
    ['light', lightCodeTheme],
    ['dark', darkCodeTheme],
  ] as const)('%s: every token colour reaches AA contrast on the block and on a highlighted line', (mode, theme) => {
    const backgrounds = codeBackgrounds(theme, mode);
    for (const color of [theme.plain.color!, ...theme.styles.map((s) => s.style.color!)]) {
      for (const bg of backgrounds) expect(contrast(parseColor(color), bg), color).toBeGreaterThanOrEqual(MIN_CONTRAST);
    }
    expect(theme.styles.every((s) => s.style.opacity === undefined)).toBe(true);
  });

  it('keeps colours that already pass and the token types of the original theme', () => {
    const theme = withReadableColors(themes.github, 'light');
    expect(theme.styles.map((s) => s.types)).toEqual(themes.github.styles.map((s) => s.types));
    expect(theme.styles.find((s) => s.types.includes('function-variable'))?.style.color).toBe('#6f42c1');
    // #36acaa reaches only about 2.6:1 on the light block, so it is darkened.
    expect(theme.styles.find((s) => s.types.includes('property'))?.style.color).not.toBe('#36acaa');
  });

  it('reads hex and rgb() colours, and names the colour it cannot read', () => {
    expect(parseColor('#fff')).toEqual([255, 255, 255]);
    expect(parseColor('#36acaa')).toEqual([54, 172, 170]);
    expect(parseColor('rgb(98, 114, 164)')).toEqual([98, 114, 164]);
    expect(() => parseColor('papayawhip')).toThrow('Cannot read the colour "papayawhip"');
  });
});

describe('codeColorsCss', () => {
  const css = codeColorsCss(lightCodeTheme, darkCodeTheme);
  it('sets the block colours and every token colour of each mode, in scopes that exclude each other', () => {
    expect(css).toContain(
      ":root:not([data-theme='dark']) { --prism-color: #393a34; --prism-background-color: #f6f8fa; }",
    );
    expect(css).toContain(`[data-theme='dark'] { --prism-color: #f8f8f2; --prism-background-color: ${DARK_SURFACE}; }`);
    for (const [scope, theme] of [
      [":root:not([data-theme='dark'])", lightCodeTheme],
      ["[data-theme='dark']", darkCodeTheme],
    ] as const) {
      for (const { types, style } of theme.styles) {
        for (const type of types) expect(css).toContain(`${scope} .prism-code .token.${type}`);
        expect(css).toContain(`color: ${style.color};`);
      }
    }
    // Light rules never reach dark mode: a type only the light theme styles keeps the dark plain colour.
    expect(css).toContain(":root:not([data-theme='dark']) .prism-code .token.property");
    expect(css).not.toContain("[data-theme='dark'] .prism-code .token.property");
  });

  it('writes style properties in CSS form', () => {
    expect(css).toMatch(/\.token\.comment[^{]*\{ color: #[\da-f]{6}; font-style: italic; \}/);
  });
});

describe('the dark palette', () => {
  it('gives code blocks the surface colour that custom.css gives bars and cards', async () => {
    const { readFileSync } = await import('node:fs');
    const css = readFileSync(`${__dirname}/../css/custom.css`, 'utf8');
    expect(/--site-surface:\s*(#[\da-f]{6});/i.exec(css)?.[1]).toBe(DARK_SURFACE);
    expect(darkCodeTheme.plain.backgroundColor).toBe(DARK_SURFACE);
  });
});
