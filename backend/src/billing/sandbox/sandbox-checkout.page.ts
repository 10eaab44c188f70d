import type { PlanLimits } from '@kasa/contracts';
import type { SubscriptionEntity } from '../entities/subscription.entity';
import { sandboxCheckoutUrl } from './sandbox-checkout-link';
import {
  SANDBOX_PAGE_TEXTS,
  type SandboxPageLanguage,
  type SandboxPageTexts,
} from './sandbox-checkout.texts';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);

// Inline styles are allowed by the CSP (style-src 'unsafe-inline'); scripts are not, and none are used.
const STYLE = `
:root { color-scheme: light dark; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: Canvas; color: CanvasText; }
main { max-width: 28rem; margin: 0 auto; padding: 1.25rem 1rem 2rem; }
.sandbox { margin: 0 0 1rem; padding: .6rem .8rem; border-radius: .5rem; background: #ffd60a; color: #1a1a1a; font-weight: 700; }
h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
.summary { margin: 1rem 0; padding: 1rem; border: 1px solid GrayText; border-radius: .75rem; }
.price { margin: 0; font-size: 1.75rem; font-weight: 700; }
.method { margin: 0 0 .5rem; }
button, .back { display: block; width: 100%; min-height: 3rem; margin-top: .75rem; padding: .75rem; border-radius: .5rem; font: inherit; font-weight: 700; text-align: center; cursor: pointer; }
.approve { border: 0; background: #1b7f3b; color: #fff; }
.decline { border: 2px solid currentColor; background: transparent; color: inherit; }
.back { border: 2px solid currentColor; color: inherit; text-decoration: none; }
.outcome { font-weight: 700; }
`;

function page(appName: string, body: string, language: SandboxPageLanguage): string {
  const texts = SANDBOX_PAGE_TEXTS[language];
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${texts.title} · ${escapeHtml(appName)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="sandbox" role="note">${texts.banner}</p>
${body}
</main>
</body>
</html>
`;
}

/** Pro's prices in the plan table: what the page asks for. */
export type ProPrices = Pick<PlanLimits, 'price' | 'priceXaf'>;

function summary(
  checkout: SubscriptionEntity,
  appName: string,
  pro: ProPrices,
  texts: SandboxPageTexts,
): string {
  const name = escapeHtml(appName);
  if (checkout.method === 'card')
    return `<h1>${name} Pro</h1>
<div class="summary">
<p class="method">${texts.payByCard(pro.price)}</p>
<p class="price">${texts.cardPrice(pro.price)}</p>
<p>${texts.cardExplanation}</p>
</div>`;
  return `<h1>${name} Pro</h1>
<div class="summary">
<p class="method">${texts.payByMobileMoney(pro.priceXaf)}</p>
<p class="price">${texts.mobileMoneyPrice(pro.priceXaf)}</p>
<p>${texts.mobileMoneyExplanation}</p>
</div>`;
}

const OUTCOMES: Record<SubscriptionEntity['status'], 'approved' | 'declined' | null> = {
  pending: null,
  active: 'approved',
  canceled: 'approved',
  failed: 'declined',
};

/** The approve / decline page (plain HTML forms, no script), or the outcome once decided. */
export function renderCheckoutPage(
  checkout: SubscriptionEntity,
  pro: ProPrices,
  appName: string,
  returnUrl: string,
  language: SandboxPageLanguage = 'en',
): string {
  const texts = SANDBOX_PAGE_TEXTS[language];
  const action = sandboxCheckoutUrl(checkout.providerRef);
  const outcome = OUTCOMES[checkout.status];
  const decision = !outcome
    ? `<form method="post" action="${action}/approve"><button class="approve" type="submit">${texts.approve}</button></form>
<form method="post" action="${action}/decline"><button class="decline" type="submit">${texts.decline}</button></form>`
    : `<p class="outcome" role="status">${texts[outcome]}</p>
<a class="back" href="${escapeHtml(returnUrl)}">${texts.back}</a>`;
  return page(appName, `${summary(checkout, appName, pro, texts)}\n${decision}`, language);
}

export function renderMissingCheckoutPage(appName: string, language: SandboxPageLanguage = 'en'): string {
  const texts = SANDBOX_PAGE_TEXTS[language];
  return page(
    appName,
    `<h1>${texts.notFoundTitle}</h1>
<p>${texts.notFoundText}</p>
<a class="back" href="/subscription">${texts.back}</a>`,
    language,
  );
}
