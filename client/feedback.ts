/**
 * "Was this page helpful?" (src/render/feedback.tsx): loaded only by sites that turn feedback on,
 * as an entry of its own, so that no other site's pages carry a byte of it. Nothing is sent but on
 * a click, and nothing at all for a visitor who sends Do Not Track or Global Privacy Control (the
 * rule analytics follows, client/analytics.ts): the widget is hidden for them. One listener on the
 * document serves every page the router shows. Imports nothing: a module shared with the main
 * bundle would split into a chunk of its own that every page then loads.
 */
export {};

const declined = () => navigator.doNotTrack === '1' || navigator.globalPrivacyControl === true;

interface Answer {
  kind: 'vote' | 'comment';
  helpful: boolean;
  comment?: string;
}

if (declined()) document.documentElement.dataset.feedback = 'off';
else document.addEventListener('submit', onSubmit);

function onSubmit(event: SubmitEvent): void {
  const form = event.target;
  if (!(form instanceof HTMLFormElement)) return;
  const section = form.closest<HTMLElement>('[data-feedback]');
  if (!section) return;
  event.preventDefault();
  if (declined()) return;
  const status = section.querySelector<HTMLElement>('.feedback-status');
  const report = (ok: boolean) => {
    if (status) status.textContent = (ok ? section.dataset.thanks : section.dataset.failed) ?? '';
  };
  if (form.classList.contains('feedback-vote')) {
    const button = event.submitter;
    if (!(button instanceof HTMLButtonElement) || section.dataset.helpful) return;
    const helpful = button.value === 'yes';
    section.dataset.helpful = helpful ? 'yes' : 'no';
    form.hidden = true;
    const more = section.querySelector<HTMLFormElement>('.feedback-comment');
    if (more) {
      more.hidden = false;
      more.querySelector('textarea')?.focus();
    }
    send(section, { kind: 'vote', helpful }).then(report);
    return;
  }
  const text = form.querySelector('textarea')?.value.trim() ?? '';
  if (!text) return;
  form.hidden = true;
  send(section, { kind: 'comment', helpful: section.dataset.helpful === 'yes', comment: text }).then(report);
}

/** To the analytics container's data layer, the endpoint, or both, as the site configured; resolves whether it went. */
async function send(section: HTMLElement, answer: Answer): Promise<boolean> {
  const to = (section.dataset.to ?? '').split(' ');
  const page = location.pathname;
  const title = document.querySelector('#page-title')?.textContent ?? document.title;
  if (to.includes('analytics'))
    (window.dataLayer ??= []).push({
      event: 'docs.feedback',
      feedback_kind: answer.kind,
      feedback_helpful: answer.helpful ? 'yes' : 'no',
      ...(answer.comment !== undefined ? { feedback_comment: answer.comment } : {}),
      page_path: page,
      page_title: title,
    });
  const endpoint = section.dataset.endpoint;
  if (!to.includes('endpoint') || !endpoint) return true;
  try {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...answer, page, title, lang: document.documentElement.lang }),
      credentials: 'omit',
      keepalive: true,
    });
    return response.ok;
  } catch {
    return false;
  }
}
