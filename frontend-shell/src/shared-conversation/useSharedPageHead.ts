import { useEffect } from 'react';

/**
 * While a shared page is shown: the tab reads `title` (the conversation's title, once known) and
 * the document carries <meta name="robots" content="noindex">, so a crawler that runs the app does
 * not index a user's conversation either (the server already sends both in the HTML of /s/{id}).
 * Both are put back as they were when the page goes.
 */
export function useSharedPageHead(title: string | undefined): void {
  useEffect(() => {
    const existing = document.head.querySelector<HTMLMetaElement>('meta[name="robots"]');
    if (existing?.content.includes('noindex')) return;
    const meta = existing ?? document.head.appendChild(document.createElement('meta'));
    const before = existing?.content;
    meta.name = 'robots';
    meta.content = 'noindex';
    return () => {
      if (before === undefined) meta.remove();
      else meta.content = before;
    };
  }, []);

  useEffect(() => {
    if (!title) return;
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);
}
