import { Box, useLanguage, useT } from '@kasa/ui';
import { messages } from '../messages';
import { sandboxPageHref } from './sandbox-page-href';

/** Sandbox only: the local page standing in for the payment prompt on the phone. */
export function SandboxApprovalLink({
  href,
  testId = 'sandbox-approval-link',
}: {
  href: string;
  testId?: string;
}) {
  const t = useT(messages);
  const { language } = useLanguage();
  return (
    <Box
      component="a"
      href={sandboxPageHref(href, language)}
      data-testid={testId}
      sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44, color: 'inherit', fontWeight: 700 }}
    >
      {t('openSandboxApproval')}
    </Box>
  );
}
