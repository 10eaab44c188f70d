import type { SubscriptionEntity } from '../entities/subscription.entity';
import { escapeHtml, renderCheckoutPage, renderMissingCheckoutPage } from './sandbox-checkout.page';
import { SANDBOX_PAGE_TEXTS } from './sandbox-checkout.texts';

const PRO = { price: 4, priceXaf: 2500 };
const checkout = (overrides: Partial<SubscriptionEntity>) =>
  ({ providerRef: 'A'.repeat(32), method: 'card', status: 'pending', ...overrides }) as SubscriptionEntity;

describe('sandbox checkout page', () => {
  it('escapes text that reaches the HTML', () => {
    expect(escapeHtml(`<b>"Kasa" & 'co'</b>`)).toBe('&lt;b&gt;&quot;Kasa&quot; &amp; &#39;co&#39;&lt;/b&gt;');
    expect(renderCheckoutPage(checkout({}), PRO, '<script>x</script>', '/subscription')).not.toContain(
      '<script>',
    );
  });

  it('offers the decision while pending, and the outcome with a way back once decided', () => {
    const pending = renderCheckoutPage(checkout({}), PRO, 'Kasa', '/subscription');
    expect(pending).toContain('Approve payment');
    expect(pending).toContain('Decline payment');
    const declined = renderCheckoutPage(
      checkout({ status: 'failed' }),
      PRO,
      'Kasa',
      '/subscription?payment=declined',
    );
    expect(declined).not.toContain('<form');
    expect(declined).toContain('This payment was declined.');
    expect(declined).toContain('href="/subscription?payment=declined"');
  });

  it('describes the mobile-money pass as the phone prompt', () => {
    const page = renderCheckoutPage(checkout({ method: 'mobile_money' }), PRO, 'Kasa', '/subscription');
    expect(page).toContain('Pay ₣2,500 via Mobile Money');
    expect(page).toContain('payment prompt on your phone');
  });

  it("asks for Pro's prices as given (the plan table's)", () => {
    const raised = { price: 4.5, priceXaf: 3000 };
    expect(renderCheckoutPage(checkout({}), raised, 'Kasa', '/subscription')).toContain(
      '<p class="method">Pay $4.50 with Credit Card</p>\n<p class="price">$4.50 / month</p>',
    );
    expect(
      renderCheckoutPage(checkout({ method: 'mobile_money' }), raised, 'Kasa', '/subscription'),
    ).toContain('<p class="method">Pay ₣3,000 via Mobile Money</p>\n<p class="price">₣3,000 · 30 days</p>');
  });

  it('speaks French when asked: every word, the prices as French writes them', () => {
    const pending = renderCheckoutPage(
      checkout({ method: 'mobile_money' }),
      PRO,
      'Kasa',
      '/subscription',
      'fr',
    );
    expect(pending).toContain('<html lang="fr">');
    expect(pending).toMatch(/Payer 2\s500 ₣ par Mobile Money/);
    expect(pending).toContain('Accepter le paiement');
    expect(pending).toContain('Refuser le paiement');
    expect(pending).not.toMatch(/Approve|Decline|Sandbox checkout/);
    const declined = renderCheckoutPage(checkout({ status: 'failed' }), PRO, 'Kasa', '/subscription', 'fr');
    expect(declined).toContain('Ce paiement a été refusé.');
    expect(declined).toContain('Retour à votre abonnement');
    expect(renderMissingCheckoutPage('Kasa', 'fr')).toContain('Paiement introuvable');
    expect(renderCheckoutPage(checkout({}), { price: 4.5, priceXaf: 2500 }, 'Kasa', '/', 'fr')).toMatch(
      /Payer 4,50 \$ par carte bancaire/,
    );
  });

  it('has the same texts in both languages', () => {
    expect(Object.keys(SANDBOX_PAGE_TEXTS.fr).sort()).toEqual(Object.keys(SANDBOX_PAGE_TEXTS.en).sort());
  });
});
