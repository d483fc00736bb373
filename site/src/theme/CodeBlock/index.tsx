import React, { isValidElement, type ReactNode } from 'react';
import type { Props } from '@theme/CodeBlock';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';

// Ejected from theme-classic without its `key={String(isBrowser)}`: that key re-mounted every code block
// after hydration to swap the server's (light) inline Prism colours for the reader's mode. Our code colours
// are CSS for both modes (src/code-blocks), so the server's markup is already right, and a re-mounted block
// would render in the browser with no server lines and download the highlighter.

/** Plain string children become one string (copyable); children with elements stay as they are. */
function maybeStringifyChildren(children: ReactNode): ReactNode {
  if (React.Children.toArray(children).some((child) => isValidElement(child))) return children;
  return Array.isArray(children) ? children.join('') : children;
}

export default function CodeBlock({ children: rawChildren, ...props }: Props): ReactNode {
  const children = maybeStringifyChildren(rawChildren);
  const Content = typeof children === 'string' ? StringContent : ElementContent;
  return <Content {...props}>{children as string}</Content>;
}
