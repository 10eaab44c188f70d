import { PLAN_IDS, UNLIMITED, type PlanId, type PlanLimits, type UsageFeature } from '@kasa/contracts';
import {
  Badge,
  Box,
  LOCALES,
  Section,
  formatUsd,
  formatXaf,
  shownAmount,
  useLanguage,
  useT,
  type Language,
  type Translate,
} from '@kasa/ui';
import { messages, type BillingMessageKey } from '../messages';

/** Plan-limit lines: the message for a count and the one for unlimited. */
const LIMIT_LINES: ReadonlyArray<[UsageFeature, BillingMessageKey, BillingMessageKey]> = [
  ['messagesPerMonth', 'planMessages', 'planUnlimitedMessages'],
  ['mediaGenerationsPerMonth', 'planMediaGenerations', 'planUnlimitedMediaGenerations'],
  ['voiceMinutesPerMonth', 'planVoiceMinutes', 'planUnlimitedVoiceMinutes'],
  ['audioUploadsPerMonth', 'planAudioUploads', 'planUnlimitedAudioUploads'],
  ['webSearchesPerMonth', 'planWebSearches', 'planUnlimitedWebSearches'],
];

/** Canvas, language tool and support are not metered: docs/product.md#plans-and-limits gives them per plan. */
const FIXED_LINES: Record<PlanId, BillingMessageKey[]> = {
  BASIC_PLAN: ['canvasBasic', 'languageToolIncluded', 'supportEmail'],
  PRO_PLAN: ['canvasFull', 'languageToolIncluded', 'supportPriority'],
};

/** The lines describing one plan, from the server's plan table. */
export function planLines(
  plan: PlanId,
  limits: PlanLimits,
  t: Translate<BillingMessageKey>,
  language: Language,
): string[] {
  const metered = LIMIT_LINES.map(([feature, countKey, unlimitedKey]) =>
    limits[feature] === UNLIMITED
      ? t(unlimitedKey)
      : t(countKey, { count: shownAmount(feature, limits[feature]).toLocaleString(LOCALES[language]) }),
  );
  return [...metered, ...FIXED_LINES[plan].map((key) => t(key))];
}

/** Basic versus Pro (docs/product.md#subscription-page), with 'Current Plan' on the user's plan. */
export function PlanComparison({
  planLimits,
  currentPlan,
}: {
  planLimits: Record<PlanId, PlanLimits>;
  currentPlan: PlanId;
}) {
  const t = useT(messages);
  const { language } = useLanguage();
  return (
    <Section variant="panel" testId="plan-comparison" headingId="compare-title" title={t('compareTitle')}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {PLAN_IDS.map((plan) => {
          const limits = planLimits[plan];
          const current = plan === currentPlan;
          return (
            <Box
              key={plan}
              component="article"
              data-testid={`plan-card-${plan}`}
              aria-current={current ? 'true' : undefined}
              sx={{
                p: 2,
                borderRadius: 2,
                border: '2px solid',
                borderColor: current ? 'ink' : 'divider',
                minWidth: 0,
              }}
            >
              <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
                <Box component="h3" sx={{ m: 0, fontSize: '1.1rem', fontWeight: 800 }}>
                  {limits.name}
                </Box>
                {current && <Badge testId="current-plan-marker">{t('currentPlan')}</Badge>}
              </Box>
              <Box component="p" sx={{ mt: 0.5, mb: 1, fontWeight: 600 }}>
                {limits.price === 0
                  ? t('free')
                  : t('proPrice', {
                      usd: formatUsd(limits.price, language),
                      xaf: formatXaf(limits.priceXaf, language),
                    })}
              </Box>
              <Box component="ul" sx={{ m: 0, pl: 2.5, color: 'text.secondary', lineHeight: 1.6 }}>
                {planLines(plan, limits, t, language).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </Box>
            </Box>
          );
        })}
      </Box>
    </Section>
  );
}
