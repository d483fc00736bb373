// The question box of the assistant's panel: the length limit, the send button and the shortcut.
import React, { useId, useState, type ReactNode } from 'react';
import clsx from 'clsx';
import { charCount, MAX_QUESTION_CHARS } from './protocol';
import { questionProblem } from './useDocsBot';
import styles from './Panel.module.css';

export function QuestionForm({
  inputRef,
  onAsk,
}: {
  inputRef: React.RefObject<HTMLTextAreaElement | null>;
  onAsk: (question: string) => string | undefined;
}): ReactNode {
  const [question, setQuestion] = useState('');
  const [problem, setProblem] = useState<string>();
  const inputId = useId();
  const counterId = useId();
  const problemId = useId();
  const chars = charCount(question);
  const over = chars > MAX_QUESTION_CHARS;
  // Too long is said at once; other problems only when the reader tries to send.
  const shown = over ? questionProblem(question) : problem;

  const send = () => {
    const refused = onAsk(question);
    setProblem(refused);
    if (!refused) setQuestion('');
  };

  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <label htmlFor={inputId} className="visually-hidden">
        Your question
      </label>
      <textarea
        id={inputId}
        ref={inputRef}
        className={styles.input}
        rows={2}
        value={question}
        placeholder="Ask about Hasura GraphQL Engine v2.x"
        aria-describedby={shown ? `${counterId} ${problemId}` : counterId}
        aria-invalid={over}
        onChange={(event) => {
          setQuestion(event.target.value);
          setProblem(undefined);
        }}
        onKeyDown={(event) => {
          // Enter sends; Shift+Enter starts a new line.
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            send();
          }
        }}
      />
      <div className={styles.formRow}>
        <span id={counterId} className={clsx(styles.counter, over && styles.counterOver)}>
          {chars} / {MAX_QUESTION_CHARS}
          <span className="visually-hidden"> characters</span>
        </span>
        <button type="submit" className={styles.send}>
          Send
        </button>
      </div>
      {shown && (
        <p id={problemId} className={styles.problem} role="alert">
          {shown}
        </p>
      )}
    </form>
  );
}
