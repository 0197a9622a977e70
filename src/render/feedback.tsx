/**
 * "Was this page helpful?" at the foot of each page, when the configuration turns it on
 * (`feedback`). The markup says where answers go (`data-to`, `data-endpoint`); the small module
 * client/feedback.ts, loaded only by sites that turn it on, sends them on a click. Hidden without
 * JavaScript (nothing could send it) and for visitors who send Do Not Track or Global Privacy Control.
 */
import { useT } from './strings.js';

export function Feedback({
  endpoint,
  analytics,
  comment,
}: {
  endpoint?: string;
  analytics: boolean;
  comment: boolean;
}) {
  const t = useT();
  const to = [analytics && 'analytics', endpoint && 'endpoint'].filter(Boolean).join(' ');
  return (
    <section
      className="feedback"
      aria-labelledby="feedback-question"
      data-feedback=""
      data-to={to}
      data-endpoint={endpoint}
      data-thanks={t('feedback.thanks')}
      data-failed={t('feedback.failed')}
    >
      <form className="feedback-vote">
        <p id="feedback-question" className="feedback-question">
          {t('feedback.question')}
        </p>
        <div className="feedback-buttons" role="group" aria-labelledby="feedback-question">
          <button type="submit" name="helpful" value="yes">
            {t('feedback.yes')}
          </button>
          <button type="submit" name="helpful" value="no">
            {t('feedback.no')}
          </button>
        </div>
      </form>
      {comment && (
        <form className="feedback-comment" hidden>
          <label htmlFor="feedback-text">{t('feedback.comment')}</label>
          <textarea id="feedback-text" name="comment" rows={3} maxLength={2000} />
          <button type="submit">{t('feedback.send')}</button>
        </form>
      )}
      <p className="feedback-status" role="status" />
    </section>
  );
}
