import React, { type ReactNode } from 'react';
import clsx from 'clsx';
import { useCodeBlockContext } from '@docusaurus/theme-common/internal';
import Container from '@theme/CodeBlock/Container';
import Title from '@theme/CodeBlock/Title';
import Content from '@theme/CodeBlock/Content';
import Buttons from '@theme/CodeBlock/Buttons';
import { LANGUAGE_NAMES } from './languageNames';
import styles from './styles.module.css';

/**
 * Docusaurus's code block layout with a header on every block: the file name (`title="…"`) or the
 * language, and the copy and wrap buttons. In the header the buttons never cover the first line of
 * code, as they do when they float over it.
 */
export default function CodeBlockLayout({ className }: { className?: string }): ReactNode {
  const { metadata } = useCodeBlockContext();
  const label = metadata.title ?? LANGUAGE_NAMES[metadata.language ?? ''];
  return (
    <Container as="div" className={clsx(className, metadata.className)}>
      <div className={styles.header}>
        <span className={clsx(styles.label, metadata.title ? styles.title : styles.language)}>
          {label && (metadata.title ? <Title>{label}</Title> : label)}
        </span>
        <Buttons className={styles.buttons} />
      </div>
      <div className={styles.content}>
        <Content />
      </div>
    </Container>
  );
}
