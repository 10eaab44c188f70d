import type { SubscriptionEntity } from '../entities/subscription.entity';
import { escapeHtml, renderCheckoutPage } from './sandbox-checkout.page';

const checkout = (overrides: Partial<SubscriptionEntity>) =>
  ({ providerRef: 'A'.repeat(32), method: 'card', status: 'pending', ...overrides }) as SubscriptionEntity;

describe('sandbox checkout page', () => {
  it('escapes text that reaches the HTML', () => {
    expect(escapeHtml(`<b>"Kasa" & 'co'</b>`)).toBe('&lt;b&gt;&quot;Kasa&quot; &amp; &#39;co&#39;&lt;/b&gt;');
    expect(renderCheckoutPage(checkout({}), '<script>x</script>', '/subscription')).not.toContain('<script>');
  });

  it('offers the decision while pending, and the outcome with a way back once decided', () => {
    const pending = renderCheckoutPage(checkout({}), 'Kasa', '/subscription');
    expect(pending).toContain('Approve payment');
    expect(pending).toContain('Decline payment');
    const declined = renderCheckoutPage(
      checkout({ status: 'failed' }),
      'Kasa',
      '/subscription?payment=declined',
    );
    expect(declined).not.toContain('<form');
    expect(declined).toContain('This payment was declined.');
    expect(declined).toContain('href="/subscription?payment=declined"');
  });

  it('describes the mobile-money pass as the phone prompt', () => {
    const page = renderCheckoutPage(checkout({ method: 'mobile_money' }), 'Kasa', '/subscription');
    expect(page).toContain('Pay ₣2,500 via Mobile Money');
    expect(page).toContain('payment prompt on your phone');
  });
});
