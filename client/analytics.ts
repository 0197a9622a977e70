/**
 * The tag manager, only when the site configures a container (`<meta name="docs:analytics">`)
 * and never for a visitor who sends Do Not Track or Global Privacy Control.
 */
import { meta, onNavigated } from './dom.js';

export function initAnalytics(): void {
  const id = meta('docs:analytics');
  if (!id || navigator.doNotTrack === '1' || navigator.globalPrivacyControl === true) return;
  const dataLayer = (window.dataLayer ??= []);
  dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`;
  document.head.append(script);
  // Pages shown by the router are page views too; the container decides what to do with them.
  onNavigated(
    (samePage) =>
      !samePage && dataLayer.push({ event: 'docs.pageview', page_path: location.pathname, page_title: document.title }),
  );
}
