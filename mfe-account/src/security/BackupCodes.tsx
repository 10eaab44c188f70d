import { Box, Button, useAppInfo, useT } from '@kasa/ui';
import { useCopy } from '../shared/useCopy';
import { twoFactorMessages } from './two-factor-messages';

/** The backup codes, shown once: copy, download as .txt, then close. */
export function BackupCodes({
  codes,
  username,
  onDone,
}: {
  codes: string[];
  username: string;
  onDone: () => void;
}) {
  const t = useT(twoFactorMessages);
  const copy = useCopy();
  const { appName } = useAppInfo();
  const text = [t('codesFileHeader', { appName, username }), '', ...codes, ''].join('\n');
  return (
    <Box>
      <Box component="h3" sx={{ m: 0, mb: 1, fontSize: '1.05rem' }}>
        {t('codesTitle')}
      </Box>
      <Box component="p" sx={{ mt: 0 }}>
        {t('codesExplain')}
      </Box>
      <Box
        component="ul"
        data-testid="backup-codes"
        sx={{
          listStyle: 'none',
          p: 1.5,
          m: 0,
          mb: 2,
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(8.5rem, 1fr))',
          gap: 1,
          fontFamily: 'monospace',
          fontSize: '1.05rem',
          bgcolor: 'action.hover',
          borderRadius: 1,
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" color="inherit" onClick={() => void copy(codes.join('\n'))}>
          {t('copyCodes')}
        </Button>
        {/* A data: link, not a Blob URL: nothing to revoke, and it works without JavaScript APIs jsdom lacks. */}
        <Button
          variant="outlined"
          color="inherit"
          component="a"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download={`${appName.toLowerCase()}-backup-codes.txt`}
          data-testid="backup-codes-download"
        >
          {t('downloadCodes')}
        </Button>
        <Button variant="contained" onClick={onDone} data-testid="backup-codes-done">
          {t('saved')}
        </Button>
      </Box>
    </Box>
  );
}
