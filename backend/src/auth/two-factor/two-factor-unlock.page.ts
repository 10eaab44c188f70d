/**
 * The pages of the e-mailed unlock link (two-factor-unlock.controller.ts): plain HTML, no script
 * (the CSP allows inline styles, not scripts), in English then French, since the person reading
 * may not be signed in anywhere to have chosen a language.
 */

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);

const STYLE = `
:root { color-scheme: light dark; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: Canvas; color: CanvasText; }
main { max-width: 28rem; margin: 0 auto; padding: 1.25rem 1rem 2rem; }
h1 { font-size: 1.4rem; margin: 0 0 .5rem; }
p[lang="fr"] { color: GrayText; }
button, a.next { display: block; width: 100%; min-height: 3rem; margin-top: 1rem; padding: .75rem; border-radius: .5rem; border: 0; background: #1b5e20; color: #fff; font: inherit; font-weight: 700; text-align: center; text-decoration: none; cursor: pointer; }
`;

function page(appName: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(appName)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/** The link opened: a button that unlocks (a POST, so a mail scanner opening the link does nothing). */
export function unlockFormPage(appName: string, path: string): string {
  return page(
    appName,
    'Unlock two-factor sign-in',
    `<h1>Unlock two-factor sign-in</h1>
<p>Too many wrong codes locked two-factor sign-in on your ${escapeHtml(appName)} account. Unlock it to sign in now with a right code.</p>
<p lang="fr">Trop de codes erronés ont verrouillé la connexion en deux étapes de votre compte ${escapeHtml(appName)}. Déverrouillez-la pour vous connecter maintenant avec un code correct.</p>
<form method="post" action="${escapeHtml(path)}">
<button type="submit">Unlock · Déverrouiller</button>
</form>`,
  );
}

export function unlockedPage(appName: string): string {
  return page(
    appName,
    'Two-factor sign-in unlocked',
    `<h1>Two-factor sign-in is unlocked</h1>
<p>You can sign in again with your password and a code from your authenticator app or a backup code.</p>
<p lang="fr">La connexion en deux étapes est déverrouillée. Vous pouvez vous reconnecter avec votre mot de passe et un code de votre application d'authentification ou un code de secours.</p>
<a class="next" href="/">Sign in · Se connecter</a>`,
  );
}

export function unlockGonePage(appName: string): string {
  return page(
    appName,
    'Unlock link no longer valid',
    `<h1>This unlock link has already been used, or the lock is over.</h1>
<p>Try signing in again. If two-factor sign-in is still locked, wait until the time in the e-mail has passed.</p>
<p lang="fr">Ce lien de déverrouillage a déjà servi, ou le verrouillage a pris fin. Essayez de vous reconnecter ; si la connexion en deux étapes est encore verrouillée, attendez la fin du délai indiqué dans l'e-mail.</p>
<a class="next" href="/">Sign in · Se connecter</a>`,
  );
}
