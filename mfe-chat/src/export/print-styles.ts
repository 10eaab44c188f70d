/** The class of the printed conversation: a direct child of <body>, hidden on screen. */
export const PRINT_VIEW_CLASS = 'kasa-print-view';

/**
 * Print CSS: on paper only the printed conversation shows; the app (its chrome, sidebar and
 * composer, every dialog and menu: all other children of <body>) is left out. On screen the
 * printed copy is never seen.
 */
export const PRINT_CSS = `
@media screen { .${PRINT_VIEW_CLASS} { display: none !important; } }
@media print {
  @page { margin: 16mm 14mm; }
  html, body { height: auto !important; overflow: visible !important; background: #fff !important; }
  body > *:not(.${PRINT_VIEW_CLASS}) { display: none !important; }
  .${PRINT_VIEW_CLASS} { display: block; color: #000; background: #fff; font: 11pt/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
  .${PRINT_VIEW_CLASS} h1 { font-size: 18pt; margin: 0 0 4pt; }
  .${PRINT_VIEW_CLASS} .kasa-print-dates { color: #444; font-size: 9pt; margin: 0 0 14pt; }
  .${PRINT_VIEW_CLASS} article { margin: 0 0 12pt; padding-top: 8pt; border-top: 1px solid #bbb; }
  .${PRINT_VIEW_CLASS} .kasa-print-role { font-weight: 700; margin: 0 0 2pt; break-after: avoid; }
  .${PRINT_VIEW_CLASS} .kasa-print-role time { font-weight: 400; color: #444; font-size: 9pt; margin-left: 6pt; }
  .${PRINT_VIEW_CLASS} .kasa-print-text { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0; }
  .${PRINT_VIEW_CLASS} .kasa-print-note { color: #444; font-size: 9pt; margin: 2pt 0 0; }
}
`;
