import React, { useId, useState } from 'react';
import { useLocation } from '@docusaurus/router';
import { recordEvent } from '@site/src/plugins/analytics/client';
import styles from './styles.module.css';

/** The longest comment a reader can send with their answer. */
export const MAX_COMMENT_LENGTH = 1000;

type Stage = { step: 'ask' } | { step: 'comment'; helpful: boolean } | { step: 'done'; helpful: boolean };

/**
 * "Was this page helpful?" under every doc page: a yes/no answer, then an optional comment. Both go
 * through the analytics plugin (recordEvent), so nothing leaves the browser unless an endpoint is set.
 */
export default function Feedback(): React.ReactNode {
  const { pathname } = useLocation();
  const [stage, setStage] = useState<Stage>({ step: 'ask' });
  const [comment, setComment] = useState('');
  const commentId = useId();

  const answer = (helpful: boolean) => {
    recordEvent({ event: 'page_feedback', page_path: pathname, helpful });
    setStage({ step: 'comment', helpful });
  };
  const send = (helpful: boolean) => {
    const text = comment.trim();
    if (text) recordEvent({ event: 'page_feedback_comment', page_path: pathname, helpful, comment: text });
    setStage({ step: 'done', helpful });
  };

  return (
    <section className={styles.feedback} aria-label="Page feedback" data-testid="page-feedback">
      {stage.step === 'ask' && (
        <div className={styles.row}>
          <p className={styles.question}>Was this page helpful?</p>
          <button type="button" className="button button--sm button--secondary" onClick={() => answer(true)}>
            Yes
          </button>
          <button type="button" className="button button--sm button--secondary" onClick={() => answer(false)}>
            No
          </button>
        </div>
      )}
      {stage.step === 'comment' && (
        <form
          className={styles.form}
          onSubmit={(e) => {
            e.preventDefault();
            send(stage.helpful);
          }}
        >
          <p className={styles.thanks} role="status">
            Thanks for telling us.
          </p>
          <label htmlFor={commentId}>
            {stage.helpful ? 'What helped you most? (optional)' : 'What was missing or wrong? (optional)'}
          </label>
          <textarea
            id={commentId}
            rows={3}
            maxLength={MAX_COMMENT_LENGTH}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
          />
          <div className={styles.row}>
            <button type="submit" className="button button--sm button--primary">
              Send
            </button>
            <button
              type="button"
              className="button button--sm button--link"
              onClick={() => setStage({ step: 'done', helpful: stage.helpful })}
            >
              Skip
            </button>
          </div>
        </form>
      )}
      {stage.step === 'done' && (
        <p className={styles.thanks} role="status">
          Thanks for your feedback.
        </p>
      )}
    </section>
  );
}
