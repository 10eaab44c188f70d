// Under the last finished reply: up to three questions the user may ask next (GET
// …/follow-ups, once per reply: staleTime Infinity). Nothing shows while they load or when none.
import { useQuery } from '@tanstack/react-query';
import { Box, ButtonBase, useT } from '@kasa/ui';
import { CHAT_FOLLOW_UPS_MAX, type ChatFollowUps } from '@kasa/contracts';
import { followUpsQueryKey } from '../../shared/chat-api';
import { useOnline } from '../../shared/hooks/useOnline';
import { messages } from '../../messages';

export function FollowUps({ replyId, onPick }: { replyId: string; onPick: (question: string) => void }) {
  const t = useT(messages);
  const online = useOnline();
  const { data } = useQuery<ChatFollowUps>({
    queryKey: followUpsQueryKey(replyId),
    staleTime: Infinity,
    enabled: online,
  });
  const questions = (data?.followUps ?? []).filter((q) => q.trim()).slice(0, CHAT_FOLLOW_UPS_MAX);
  if (!questions.length) return null;
  return (
    <Box
      component="ul"
      aria-label={t('followUpsLabel')}
      data-testid="follow-ups"
      sx={{ listStyle: 'none', m: 0, mt: 1, p: 0, display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      {questions.map((question) => (
        <Box component="li" key={question}>
          <ButtonBase
            onClick={() => onPick(question)}
            sx={{
              minHeight: 44,
              px: 1.5,
              py: 0.75,
              maxWidth: '100%',
              justifyContent: 'flex-start',
              textAlign: 'left',
              borderRadius: 2,
              border: '1px solid',
              borderColor: 'divider',
              fontSize: '0.95rem',
              lineHeight: 1.35,
              overflowWrap: 'anywhere',
              '&:hover, &.Mui-focusVisible': { bgcolor: 'action.hover' },
            }}
          >
            {question}
          </ButtonBase>
        </Box>
      ))}
    </Box>
  );
}
