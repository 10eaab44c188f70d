import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@kasa/api-client';
import type { PlansResponse } from '@kasa/contracts';
import { KasaUiProvider, type Language } from '@kasa/ui';
import { LegalPage } from '../LegalPage';
import { jsonResponse } from '../testing/json-response';

const plans: PlansResponse = {
  plans: [
    {
      id: 'BASIC_PLAN',
      name: 'Basic',
      price: 0,
      priceXaf: 0,
      messagesPerMonth: 50,
      mediaGenerationsPerMonth: 5,
      voiceMinutesPerMonth: 600,
      audioUploadsPerMonth: 5,
      webSearchesPerMonth: 20,
    },
    {
      id: 'PRO_PLAN',
      name: 'Pro',
      price: 4,
      priceXaf: 2500,
      messagesPerMonth: 2000,
      mediaGenerationsPerMonth: 200,
      voiceMinutesPerMonth: 18000,
      audioUploadsPerMonth: 500,
      webSearchesPerMonth: -1,
    },
  ],
};

/** The network boundary: the legal page and the public plans endpoint (or a failing one). */
function stubFetch(plansAnswer: PlansResponse | Error) {
  const stub = jest.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const body =
      url === '/api/subscription/plans'
        ? plansAnswer
        : url.startsWith('/api/legal/pages/pricing?lang=')
          ? {
              title: 'Pricing',
              version: '1.0',
              effectiveDate: '2025-01-01',
              content: '# Plans\n\nTwo plans.',
            }
          : new TypeError('Failed to fetch');
    if (body instanceof Error) throw body;
    return jsonResponse(200, body);
  });
  (globalThis as { fetch?: unknown }).fetch = stub;
  return stub;
}

function renderPricing(language: Language = 'en') {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/legal/pricing']}>
        <KasaUiProvider initialLanguage={language}>
          <Routes>
            <Route path="/legal/:page" element={<LegalPage />} />
          </Routes>
        </KasaUiProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

test('the plan table comes from GET /api/subscription/plans, with links to /register and /subscription', async () => {
  const stub = stubFetch(plans);
  renderPricing();
  const table = await screen.findByRole('table', { name: 'Plans and monthly limits' });
  const row = (name: string) => within(table).getByRole('row', { name: new RegExp(`^${name}`) });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent),
  ).toEqual(['Feature', 'Basic', 'Pro']);
  expect(row('Price')).toHaveTextContent('Free');
  expect(row('Price')).toHaveTextContent('$4 per month by card');
  expect(row('Price')).toHaveTextContent('₣2,500 for 30 days by mobile money');
  expect(row('Messages per month')).toHaveTextContent('Messages per month502,000');
  expect(row('Voice minutes per month')).toHaveTextContent('Voice minutes per month10300');
  expect(row('Web searches per month')).toHaveTextContent('Web searches per month20Unlimited');
  expect(row('Support')).toHaveTextContent('SupportEmail onlyPriority WhatsApp/phone');
  expect(screen.getByTestId('pricing-register')).toHaveAttribute('href', '/register');
  expect(screen.getByTestId('pricing-upgrade')).toHaveAttribute('href', '/subscription');
  // The page's own text still follows.
  expect(await screen.findByText('Two plans.')).toBeInTheDocument();
  expect(stub.mock.calls.map((c) => String(c[0]))).toContain('/api/subscription/plans');
});

test('in French', async () => {
  stubFetch(plans);
  renderPricing('fr');
  const table = await screen.findByRole('table', { name: 'Forfaits et limites mensuelles' });
  expect(within(table).getByRole('row', { name: /^Recherches web par mois/ })).toHaveTextContent('Illimité');
  expect(screen.getByTestId('pricing-register')).toHaveTextContent('Créer un compte gratuit');
});

test('without the plans the page shows its text alone', async () => {
  stubFetch(new TypeError('Failed to fetch'));
  renderPricing();
  expect(await screen.findByText('Two plans.')).toBeInTheDocument();
  expect(screen.queryByTestId('pricing-plans')).not.toBeInTheDocument();
});
