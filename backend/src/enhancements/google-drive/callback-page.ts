import { createHash } from 'node:crypto';

/** Closes the popup the cloud-storage dialog opened (the dialog watches for it to close). */
const CLOSE_SCRIPT = 'setTimeout(function () { window.close(); }, 1500);';
const CLOSE_SCRIPT_HASH = `'sha256-${createHash('sha256').update(CLOSE_SCRIPT, 'utf8').digest('base64')}'`;

/**
 * The callback page's own CSP (replacing the app's): nothing but its one inline script, allowed
 * by hash as the shell's are (common/inline-script-hashes.ts), and its inline style.
 */
export const CALLBACK_PAGE_CSP = [
  "default-src 'none'",
  `script-src ${CLOSE_SCRIPT_HASH}`,
  "style-src 'unsafe-inline'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export type CallbackOutcome = 'connected' | 'denied' | 'invalid-state' | 'failed';

const TEXTS: Record<CallbackOutcome, { en: string; fr: string }> = {
  connected: {
    en: 'Connected — you can close this window.',
    fr: 'Connecté — vous pouvez fermer cette fenêtre.',
  },
  denied: {
    en: 'Google Drive was not connected: access was denied. You can close this window.',
    fr: "Google Drive n'a pas été connecté : l'accès a été refusé. Vous pouvez fermer cette fenêtre.",
  },
  'invalid-state': {
    en: 'This connection link is not valid or has expired. Close this window and try again.',
    fr: "Ce lien de connexion n'est pas valide ou a expiré. Fermez cette fenêtre et réessayez.",
  },
  failed: {
    en: 'Google Drive could not be connected. Close this window and try again.',
    fr: "Google Drive n'a pas pu être connecté. Fermez cette fenêtre et réessayez.",
  },
};

/**
 * A tiny page for the OAuth popup, in English and French (the popup has no access to the app's
 * language setting). Only fixed texts: nothing from the query string is echoed back.
 */
export function callbackPage(outcome: CallbackOutcome): string {
  const { en, fr } = TEXTS[outcome];
  const script = outcome === 'connected' ? `<script>${CLOSE_SCRIPT}</script>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Google Drive</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;text-align:center;color:#1d1d1d}p{margin:.75rem 0}</style>
</head>
<body>
<p>${en}</p>
<p lang="fr">${fr}</p>
${script}
</body>
</html>
`;
}
