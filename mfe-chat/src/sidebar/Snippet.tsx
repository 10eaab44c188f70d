import { Box } from '@kasa/ui';

/** '…the «maize» calendar…' → text with the matched words marked. */
export function Snippet({ text }: { text: string }) {
  const parts = text.split(/(«[^«»]*»)/);
  return (
    <>
      {parts.map((part, i) =>
        part.startsWith('«') && part.endsWith('»') ? (
          <Box
            key={i}
            component="mark"
            sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', px: 0.25 }}
          >
            {part.slice(1, -1)}
          </Box>
        ) : (
          part
        ),
      )}
    </>
  );
}
