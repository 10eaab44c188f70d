import {
  USAGE_COUNTER_KEYS,
  USAGE_FEATURES,
  type SubscriptionStatus,
  type UsageFeature,
} from '@kasa/contracts';
import {
  Box,
  LOCALES,
  Section,
  formatLongDate,
  meterLevel,
  shownAmount,
  useLanguage,
  useT,
  type MeterLevel,
} from '@kasa/ui';
import { messages } from '../messages';

const LEVEL_COLOR: Record<MeterLevel, string> = {
  unlimited: 'success.main',
  normal: 'text.primary',
  warning: 'warning.dark',
  reached: 'error.main',
};

/** docs/product.md#subscription-page: five usage meters and the fixed 'Canvas & language tool: Unlimited Access' card. */
export function UsageOverview({ status }: { status: SubscriptionStatus }) {
  const t = useT(messages);
  const { language } = useLanguage();
  return (
    <Section variant="panel" testId="usage-overview" headingId="usage-title" title={t('usageTitle')}>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
        }}
      >
        {USAGE_FEATURES.map((feature) => (
          <UsageMeter key={feature} feature={feature} status={status} />
        ))}
      </Box>
      <Box
        data-testid="canvas-language-card"
        sx={{ mt: 2, p: 1.5, borderRadius: 1, bgcolor: 'action.hover', overflowWrap: 'anywhere' }}
      >
        <strong>{t('canvasLanguageTool')}</strong> {t('unlimitedAccess')}
      </Box>
      <Box component="p" sx={{ mt: 1.5, mb: 0, fontSize: '0.85rem', color: 'text.secondary' }}>
        {t('usageResets', { date: formatLongDate(status.usageResetsAt, language) })}
      </Box>
    </Section>
  );
}

function UsageMeter({ feature, status }: { feature: UsageFeature; status: SubscriptionStatus }) {
  const t = useT(messages);
  const { language } = useLanguage();
  const count = (value: number) => shownAmount(feature, value).toLocaleString(LOCALES[language]);
  const key = USAGE_COUNTER_KEYS[feature];
  const limit = status.usage.limits[feature];
  const current = count(status.usage.current[key]);
  const percent = status.usage.percentages[key];
  const level = meterLevel(percent, limit);
  const label = t(feature);
  return (
    <Box component="li" data-testid={`usage-meter-${feature}`} data-level={level}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, fontWeight: 600 }}>
        <span>{label}</span>
        <Box component="span" data-testid="usage-meter-value" sx={{ whiteSpace: 'nowrap' }}>
          {level === 'unlimited' ? t('unlimited') : t('meterValue', { current, limit: count(limit) })}
        </Box>
      </Box>
      {level === 'unlimited' ? (
        <Box sx={{ fontSize: '0.85rem', color: 'text.secondary' }}>
          {t('meterUnlimitedValue', { current })}
        </Box>
      ) : (
        <Box
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.min(percent, 100)}
          sx={{ mt: 0.75, height: 8, borderRadius: 4, bgcolor: 'action.selected', overflow: 'hidden' }}
        >
          <Box
            sx={{
              height: '100%',
              width: `${Math.min(percent, 100)}%`,
              bgcolor: level === 'normal' ? 'primary.main' : LEVEL_COLOR[level],
            }}
          />
        </Box>
      )}
      {(level === 'warning' || level === 'reached') && (
        <Box
          data-testid="usage-meter-state"
          sx={{ mt: 0.5, fontSize: '0.85rem', fontWeight: 600, color: LEVEL_COLOR[level] }}
        >
          {t(level === 'reached' ? 'limitReached' : 'approachingLimit')}
        </Box>
      )}
    </Box>
  );
}
