import {
  USAGE_COUNTER_KEYS,
  USAGE_FEATURES,
  USAGE_WARNING_PERCENT,
  type SubscriptionStatus,
  type UsageFeature,
} from '@kasa/contracts';
import { Badge, Box, LOCALES, Section, meterLevel, shownAmount, useLanguage, useT } from '@kasa/ui';
import { overviewMessages } from './messages';

/** The five monthly meters (docs/product.md#usage-meters), as on the subscription page plus a state badge. */
export function UsageMeters({ status }: { status: SubscriptionStatus }) {
  const t = useT(overviewMessages);
  return (
    <Section variant="panel" title={t('usageTitle')} testId="account-usage">
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
          <Meter key={feature} feature={feature} status={status} />
        ))}
      </Box>
      <Box component="p" sx={{ mt: 1.5, mb: 0, fontSize: '0.85rem', color: 'text.secondary' }}>
        {t('refreshNote')}
      </Box>
    </Section>
  );
}

function Meter({ feature, status }: { feature: UsageFeature; status: SubscriptionStatus }) {
  const t = useT(overviewMessages);
  const { language } = useLanguage();
  const count = (value: number) => shownAmount(feature, value).toLocaleString(LOCALES[language]);
  const key = USAGE_COUNTER_KEYS[feature];
  const limit = status.usage.limits[feature];
  const percent = status.usage.percentages[key];
  const level = meterLevel(percent, limit);
  const current = count(status.usage.current[key]);
  const label = t(feature);
  // The product turns the account page's badge destructive above 80 %, not at 80 % itself.
  const destructive = level !== 'unlimited' && percent > USAGE_WARNING_PERCENT;
  const badgeText =
    level === 'unlimited'
      ? t('levelUnlimited')
      : level === 'reached'
        ? t('limitReached')
        : level === 'warning'
          ? t('approachingLimit')
          : t('levelNormal', { percent });
  return (
    <Box component="li" data-testid={`usage-meter-${feature}`} data-level={level} sx={{ minWidth: 0 }}>
      <Box
        sx={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          gap: 1,
          flexWrap: 'wrap',
        }}
      >
        <Box component="span" sx={{ fontWeight: 600 }}>
          {label}
        </Box>
        <Badge testId="account-meter-badge" size="small" variant={destructive ? 'destructive' : 'secondary'}>
          {badgeText}
        </Badge>
      </Box>
      {level === 'unlimited' ? (
        <Box sx={{ fontSize: '0.85rem', color: 'text.secondary' }}>{t('meterUnlimited', { current })}</Box>
      ) : (
        <>
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
                bgcolor: destructive ? 'error.main' : 'primary.main',
              }}
            />
          </Box>
          <Box
            data-testid="account-meter-value"
            sx={{ mt: 0.5, fontSize: '0.85rem', color: 'text.secondary' }}
          >
            {t('meterValue', { current, limit: count(limit) })}
          </Box>
        </>
      )}
    </Box>
  );
}
