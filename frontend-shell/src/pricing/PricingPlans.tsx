import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import {
  UNLIMITED,
  USAGE_FEATURES,
  type PlanId,
  type PlansResponse,
  type UsageFeature,
} from '@kasa/contracts';
import { LOCALES, PageLink, useLanguage, useT, type Language } from '@kasa/ui';
import { pricingMessages } from './messages';

/** Public: the pricing page renders the server's plan table (one plan table: docs/product.md#plans-and-limits). */
export const PLANS_QUERY_KEY = ['/api/subscription/plans'] as const;

type PricingKey = keyof (typeof pricingMessages)['en'];

/** Not metered, so not in the plan table: docs/product.md#plans-and-limits gives them per plan. */
const FIXED_ROWS: ReadonlyArray<[PricingKey, Record<PlanId, PricingKey>]> = [
  ['canvas', { BASIC_PLAN: 'canvasBasic', PRO_PLAN: 'canvasFull' }],
  ['languageTool', { BASIC_PLAN: 'included', PRO_PLAN: 'included' }],
  ['support', { BASIC_PLAN: 'supportEmail', PRO_PLAN: 'supportPriority' }],
];

function formatCount(value: number, language: Language): string {
  return value.toLocaleString(LOCALES[language]);
}

/** Voice limits are stored in seconds and shown in minutes, rounded down (docs/product.md#usage-meters). */
function limitCell(feature: UsageFeature, value: number, language: Language, unlimited: string): string {
  if (value === UNLIMITED) return unlimited;
  return formatCount(feature === 'voiceMinutesPerMonth' ? Math.floor(value / 60) : value, language);
}

/** The plan comparison above the pricing text, with the ways in: sign up, and the subscription page. */
export function PricingPlans() {
  const t = useT(pricingMessages);
  const { language } = useLanguage();
  const query = useQuery<PlansResponse>({ queryKey: PLANS_QUERY_KEY });
  // Without the table (offline, server trouble) the page's text still describes the plans.
  if (!query.data?.plans.length) return null;
  const plans = query.data.plans;

  const price = (plan: PlansResponse['plans'][number]) =>
    plan.price === 0 ? (
      t('free')
    ) : (
      <>
        {t('proCardPrice', { price: `$${formatCount(plan.price, language)}` })}
        <br />
        {t('proMobileMoneyPrice', { price: `₣${formatCount(plan.priceXaf, language)}` })}
      </>
    );

  const cell = {
    p: 1,
    borderBottom: '1px solid',
    borderColor: 'divider',
    textAlign: 'left',
    verticalAlign: 'top',
  };
  return (
    <Box data-testid="pricing-plans" sx={{ mb: 3 }}>
      {/* Wider than a 320 px phone in French: the table scrolls sideways inside the page, and a
          shadow at the edge with more says so (static.css, .kasa-scroll-x). Focusable, so a keyboard
          can scroll it too. */}
      <div
        className="kasa-scroll-x"
        data-testid="pricing-scroller"
        role="region"
        aria-label={t('caption')}
        tabIndex={0}
      >
        <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', fontSize: '0.9rem' }}>
          <Box component="caption" sx={{ textAlign: 'left', fontWeight: 700, mb: 1, fontSize: '1rem' }}>
            {t('caption')}
          </Box>
          <thead>
            <tr>
              <Box component="th" scope="col" sx={cell}>
                {t('feature')}
              </Box>
              {plans.map((plan) => (
                <Box component="th" scope="col" key={plan.id} sx={cell}>
                  {plan.name}
                </Box>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <Box component="th" scope="row" sx={{ ...cell, fontWeight: 600 }}>
                {t('price')}
              </Box>
              {plans.map((plan) => (
                <Box component="td" key={plan.id} sx={cell}>
                  {price(plan)}
                </Box>
              ))}
            </tr>
            {USAGE_FEATURES.map((feature) => (
              <tr key={feature} data-testid={`pricing-row-${feature}`}>
                <Box component="th" scope="row" sx={{ ...cell, fontWeight: 600 }}>
                  {t(feature)}
                </Box>
                {plans.map((plan) => (
                  <Box component="td" key={plan.id} sx={cell}>
                    {limitCell(feature, plan[feature], language, t('unlimited'))}
                  </Box>
                ))}
              </tr>
            ))}
            {FIXED_ROWS.map(([label, values]) => (
              <tr key={label}>
                <Box component="th" scope="row" sx={{ ...cell, fontWeight: 600 }}>
                  {t(label)}
                </Box>
                {plans.map((plan) => (
                  <Box component="td" key={plan.id} sx={cell}>
                    {t(values[plan.id])}
                  </Box>
                ))}
              </tr>
            ))}
          </tbody>
        </Box>
      </div>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, mt: 1.5 }}>
        <PageLink to="/register" testId="pricing-register" fontWeight={700}>
          {t('register')}
        </PageLink>
        <PageLink to="/subscription" testId="pricing-upgrade" fontWeight={700}>
          {t('upgrade')}
        </PageLink>
      </Box>
    </Box>
  );
}
