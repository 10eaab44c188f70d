// 'Print or save as PDF': the conversation as it is on this device (the cached messages, so it
// works offline), rendered in a copy only print shows (./print-styles.ts), then the browser's
// print dialog, where 'Save as PDF' is one of the printers. Role labels, the title and the dates
// stand in for the app's chrome; replies print through the chat's markdown renderer when it is
// loaded (it is, once a reply has been shown), else as written.
import { type ComponentType, useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import type { ChatMessage } from '@kasa/contracts';
import { useAppInfo, useLanguage, useT } from '@kasa/ui';
import { exportMessages } from './messages';
import { PRINT_CSS, PRINT_VIEW_CLASS } from './print-styles';

/** The markdown renderer (@kasa/ui/markdown), passed in loaded so the page is whole when print opens. */
export type ReplyRenderer = ComponentType<{ source: string }>;

/** The renderer, or null when its chunk cannot be fetched (offline before any reply showed). */
export function loadReplyRenderer(): Promise<ReplyRenderer | null> {
  return import('@kasa/ui/markdown').then(
    (module) => module.Markdown,
    () => null,
  );
}

export interface PrintViewProps {
  title: string;
  /** When the conversation began (ConversationSummary.createdAt), if known. */
  createdAt?: string;
  messages: readonly ChatMessage[];
  /** Renders replies' markdown; null: they print as written. */
  Renderer?: ReplyRenderer | null;
  /** The print dialog closed (printed, saved or cancelled). */
  onDone: () => void;
}

function formatter(language: string, withTime: boolean): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(language === 'fr' ? 'fr-FR' : 'en-GB', {
    dateStyle: 'long',
    ...(withTime ? { timeStyle: 'short' } : {}),
  });
}

function safeDate(value: string | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function PrintView({ title, createdAt, messages, Renderer, onDone }: PrintViewProps) {
  const t = useT(exportMessages);
  const { language } = useLanguage();
  const { assistantName } = useAppInfo();
  const printed = useRef(false);
  const done = useRef(onDone);
  done.current = onDone;

  useEffect(() => {
    const after = () => done.current();
    window.addEventListener('afterprint', after);
    // Once per opening (React's development double effect must not print twice).
    if (!printed.current) {
      printed.current = true;
      window.print();
    }
    return () => window.removeEventListener('afterprint', after);
  }, []);

  const long = formatter(language, true);
  const started = safeDate(createdAt);
  return createPortal(
    <div className={PRINT_VIEW_CLASS} data-testid="print-view" lang={language}>
      <style>{PRINT_CSS}</style>
      <h1>{title || t('untitled')}</h1>
      <p className="kasa-print-dates">
        {started && <>{t('startedOn', { date: long.format(started) })} · </>}
        {t('printedOn', { date: long.format(new Date()) })}
      </p>
      {messages.length === 0 && <p>{t('nothingToPrint')}</p>}
      {messages.map((message) => {
        const at = safeDate(message.createdAt);
        const files = (message.attachments ?? []).map((a) => a.name).filter(Boolean);
        return (
          <article key={message.id} data-testid="print-message" data-role={message.role}>
            <p className="kasa-print-role">
              {message.role === 'user'
                ? t('you')
                : message.modelName
                  ? `${assistantName} (${message.modelName})`
                  : assistantName}
              {at && <time dateTime={message.createdAt}>{long.format(at)}</time>}
            </p>
            {message.mediaType === 'image' && <p className="kasa-print-note">{t('image')}</p>}
            {message.audioUrl && !message.content && <p className="kasa-print-note">{t('voice')}</p>}
            {message.content &&
              (Renderer && message.role === 'assistant' ? (
                <div className="kasa-print-text">
                  <Renderer source={message.content} />
                </div>
              ) : (
                <p className="kasa-print-text">{message.content}</p>
              ))}
            {message.transcription && message.transcription !== message.content && (
              <p className="kasa-print-text">{message.transcription}</p>
            )}
            {files.length > 0 && <p className="kasa-print-note">{t('files', { names: files.join(', ') })}</p>}
            {message.status === 'stopped' && <p className="kasa-print-note">{t('stopped')}</p>}
            {message.status === 'failed' && <p className="kasa-print-note">{t('failed')}</p>}
          </article>
        );
      })}
    </div>,
    document.body,
  );
}
