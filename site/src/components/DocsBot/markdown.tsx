import React, { type ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';

/**
 * The answers' Markdown, rendered with react-markdown (CommonMark and GitHub tables through
 * remark-gfm). Answers quote the docs but pass through the network and, in LLM mode, a model,
 * so the renderer is kept safe: raw HTML is dropped, images are not loaded, and only http(s),
 * site-relative and anchor links become links.
 */

/**
 * The href to use for a link, or undefined when it must not be a link: http and https URLs,
 * paths and anchors. Browsers ignore control characters and whitespace inside a scheme
 * ("java\tscript:"), so those are removed before checking.
 */
export function safeHref(raw: string): string | undefined {
  const href = raw.trim();
  if (href === '') return undefined;
  // eslint-disable-next-line no-control-regex
  const compact = href.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(compact);
  if (scheme) return scheme[1] === 'http' || scheme[1] === 'https' ? href : undefined;
  // Without a letter-led scheme, a colon before the first "/", "?" or "#" still reads as one to some parsers.
  if (/^[^/?#]*:/.test(compact)) return undefined;
  // "//host/path" would leave the site with the page's scheme.
  if (compact.startsWith('//')) return undefined;
  return href;
}

export interface MarkdownComponents {
  /** Renders a link whose href has passed safeHref. */
  link?: (props: { href: string; children: ReactNode }) => ReactNode;
  /** Renders a fenced code block. */
  code?: (props: { language: string; code: string }) => ReactNode;
}

const defaultLink: NonNullable<MarkdownComponents['link']> = ({ href, children }) => <a href={href}>{children}</a>;
const defaultCode: NonNullable<MarkdownComponents['code']> = ({ language, code }) => (
  <pre>
    <code className={language ? `language-${language}` : undefined}>{code}</code>
  </pre>
);

export interface MarkdownProps {
  text: string;
  components?: MarkdownComponents;
}

/** The text of a hast node and its children (a code block's code). */
function textOf(node: unknown): string {
  const n = node as { type?: string; value?: string; children?: unknown[] };
  if (n.type === 'text') return n.value ?? '';
  return (n.children ?? []).map(textOf).join('');
}

// Answers live inside a dialog: their headings are bold text, not headings of the page.
const Heading = ({ children }: { children?: ReactNode }) => (
  <p className="docsbot-heading">
    <strong>{children}</strong>
  </p>
);

export default function Markdown({ text, components = {} }: MarkdownProps): ReactNode {
  const link = components.link ?? defaultLink;
  const code = components.code ?? defaultCode;
  const rendered: Components = {
    a: ({ href, children }) => {
      const safe = href === undefined ? undefined : safeHref(href);
      return safe ? <>{link({ href: safe, children })}</> : <>{children}</>;
    },
    pre: ({ node }) => {
      const element = node?.children.find((child) => child.type === 'element' && child.tagName === 'code');
      const className = element && element.type === 'element' ? element.properties.className : undefined;
      const classes = Array.isArray(className) ? className.map(String) : [];
      const language = classes.find((c) => c.startsWith('language-'))?.slice('language-'.length) ?? '';
      return <>{code({ language, code: textOf(element).replace(/\n$/, '') })}</>;
    },
    // A wide table scrolls inside the answer instead of widening the panel.
    table: ({ children }) => (
      <div className="docsbot-table">
        <table>{children}</table>
      </div>
    ),
    h1: Heading,
    h2: Heading,
    h3: Heading,
    h4: Heading,
    h5: Heading,
    h6: Heading,
  };
  return (
    <ReactMarkdown
      remarkPlugins={[remarkGfm]}
      skipHtml
      disallowedElements={['img']}
      unwrapDisallowed
      urlTransform={(url) => safeHref(url) ?? ''}
      components={rendered}
    >
      {text}
    </ReactMarkdown>
  );
}
