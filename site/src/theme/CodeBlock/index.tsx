import React, { Children, isValidElement, type ReactNode } from 'react';
import type { Props } from '@theme/CodeBlock';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';

/** Plain text children become one string (highlighted and copyable); children with elements stay as they are. */
function asStringIfText(children: ReactNode): ReactNode {
  const parts = Children.toArray(children);
  return parts.some((part) => isValidElement(part)) ? children : parts.join('');
}

/**
 * Docusaurus's CodeBlock, without its re-mount after hydration. That re-mount swaps the inline colours
 * of the server's (light) theme for the reader's mode, and re-renders every code block of the page
 * once it has loaded. Our code colours are CSS for both modes (src/code-blocks), so the server's
 * markup is already right.
 */
export default function CodeBlock({ children, ...props }: Props): ReactNode {
  const content = asStringIfText(children);
  return typeof content === 'string' ? (
    <StringContent {...props}>{content}</StringContent>
  ) : (
    <ElementContent {...props}>{content}</ElementContent>
  );
}
