import { defineThreadTask } from '../../worker-threads/thread-task';
import { type PageText, readPage } from './html-text';

/** A web page to read on a worker thread: its HTML and the characters of text to keep. */
export interface HtmlPage {
  html: string;
  maxText: number;
}

export function readHtmlPage({ html, maxText }: HtmlPage): PageText {
  return readPage(html, maxText);
}

/** readPage off the event loop (docs/architecture.md#worker-threads): a page's HTML is a stranger's. */
export const READ_HTML_PAGE_TASK = defineThreadTask<HtmlPage, PageText>(__filename, 'readHtmlPage');
