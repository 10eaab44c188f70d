import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import { configureApiClient } from '@kasa/api-client';
import type { UsageLimitErrorBody } from '@kasa/contracts';
import { useT, useToast } from '@kasa/ui';
import { usageLimitMessages } from './messages';
import { SUBSCRIPTION_PATH, USAGE_LIMIT_REDIRECT_MS, usageLimitToast } from './usage-limit-toast';

/**
 * The global answer to an over-quota 429 from any remote (every call goes through
 * @kasa/api-client): the limit toast, then the subscription page 3 s later. Mounted once, in the
 * shell, inside the router and the toaster.
 */
export function UsageLimitHandler() {
  const t = useT(usageLimitMessages);
  const { toast } = useToast();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  // The hook is registered once; it reads the current language, location and navigate from here
  // (navigate changes with every route change, which must not cancel a pending redirect).
  const latest = useRef({ t, toast, navigate, pathname });
  latest.current = { t, toast, navigate, pathname };

  useEffect(() => {
    let redirect: ReturnType<typeof setTimeout> | undefined;
    const onUsageLimit = (body: UsageLimitErrorBody) => {
      const { t: translate, toast: show } = latest.current;
      show(usageLimitToast(body, translate, <ManageSubscriptionLink label={translate('manageButton')} />));
      clearTimeout(redirect);
      redirect = setTimeout(() => {
        if (latest.current.pathname !== SUBSCRIPTION_PATH) latest.current.navigate(SUBSCRIPTION_PATH);
      }, USAGE_LIMIT_REDIRECT_MS);
    };
    configureApiClient({ onUsageLimit });
    return () => {
      clearTimeout(redirect);
      configureApiClient({ onUsageLimit: () => undefined });
    };
  }, []);

  return null;
}

function ManageSubscriptionLink({ label }: { label: string }) {
  return (
    <Box
      component={Link}
      to={SUBSCRIPTION_PATH}
      data-testid="usage-limit-manage"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        minHeight: 44,
        px: 2,
        borderRadius: 1,
        bgcolor: '#ffffff',
        color: 'error.main',
        fontWeight: 700,
        textDecoration: 'none',
      }}
    >
      {label}
    </Box>
  );
}
