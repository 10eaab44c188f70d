// Add Photo or File: pick one or more files; all are checked first (type, 50MB), then sent one by
// one, each with its progress bar. Large photos are made smaller first (./resize.ts). When every
// file is sent they join the draft; when some failed the dialog stays open to say which, and the
// ones sent can still be added. Below, the user's uploaded files (./YourUploads.tsx).
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@kasa/api-client';
import { Box, Button, useErrorText, useT } from '@kasa/ui';
import { DialogFrame } from '@kasa/ui/dialog-frame';
import { dialogMessages } from '../dialog-messages';
import { uploadAttachment, uploadFile } from '../enhancements-api';
import { uploadQueryKey } from '../../shared/attachments/upload-query';
import type { DraftAttachment } from '../../shared/attachments/draft-attachment';
import type { EnhancementDialogProps } from '../types';
import { shrinkImage } from './resize';
import { UPLOADS_QUERY_KEY } from './uploads-api';
import { checkFiles, UPLOAD_ACCEPT, type FileProblem } from './validate';
import { YourUploads } from './YourUploads';

type RowState = 'waiting' | 'preparing' | 'uploading' | 'done' | 'failed';

interface Row {
  name: string;
  state: RowState;
  /** 0 to 1 while uploading. */
  progress: number;
  error?: string;
}

export default function UploadDialog({ open, onClose, onComplete, conversationId }: EnhancementDialogProps) {
  const t = useT(dialogMessages);
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const inputId = useId();
  const [problems, setProblems] = useState<FileProblem[]>([]);
  const [rows, setRows] = useState<Row[]>([]);
  const [busy, setBusy] = useState(false);
  /** Sent files when some others failed: the user may still add them. */
  const [sent, setSent] = useState<DraftAttachment[]>([]);
  const controller = useRef<AbortController | null>(null);

  // Closing the dialog cancels the upload under way.
  useEffect(() => () => controller.current?.abort(), []);

  const update = (index: number, change: Partial<Row>) =>
    setRows((list) => list.map((row, i) => (i === index ? { ...row, ...change } : row)));

  const upload = async (files: File[]) => {
    const found = checkFiles(files);
    setProblems(found);
    setSent([]);
    if (found.length) {
      setRows([]);
      return;
    }
    const abort = new AbortController();
    controller.current = abort;
    setRows(files.map((file) => ({ name: file.name, state: 'waiting', progress: 0 })));
    setBusy(true);
    const attachments: DraftAttachment[] = [];
    let failed = false;
    for (const [index, file] of files.entries()) {
      update(index, { state: 'preparing' });
      const body = await shrinkImage(file);
      if (abort.signal.aborted) return;
      update(index, { state: 'uploading', progress: 0 });
      try {
        const record = await uploadFile(
          body,
          body.name,
          conversationId,
          (progress) => update(index, { progress }),
          abort.signal,
        );
        // The chip shows how the reading of the text goes from this record on.
        queryClient.setQueryData(uploadQueryKey(record.id), record);
        const preview = body.type.startsWith('image/') ? URL.createObjectURL(body) : null;
        attachments.push(uploadAttachment(record, preview));
        update(index, { state: 'done', progress: 1 });
      } catch (error) {
        if (abort.signal.aborted) return;
        failed = true;
        update(index, { state: 'failed', error: errorText(error, t('uploadFailed')) });
        // Over the monthly limit (the app-wide toast says so): the next files would be refused too.
        if (error instanceof ApiError && error.status === 429) {
          setRows((list) =>
            list.map((row, i) => (i > index ? { ...row, state: 'failed', error: errorText(error) } : row)),
          );
          break;
        }
      }
    }
    setBusy(false);
    controller.current = null;
    void queryClient.invalidateQueries({ queryKey: UPLOADS_QUERY_KEY });
    if (!failed) onComplete({ kind: 'attachments', attachments });
    else setSent(attachments);
  };

  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // The same files may be picked again after a failure.
    event.target.value = '';
    if (files.length) void upload(files);
  };

  return (
    <DialogFrame open={open} onClose={onClose} title={t('uploadTitle')} testId="upload-dialog">
      <Box component="p" sx={{ mt: 0, color: 'text.secondary' }}>
        {t('uploadHint')}
      </Box>
      <Box
        component="label"
        htmlFor={inputId}
        sx={{
          position: 'relative',
          display: 'inline-flex',
          alignItems: 'center',
          minHeight: 48,
          px: 2,
          border: '2px solid',
          borderColor: 'divider',
          borderRadius: 1,
          cursor: busy ? 'default' : 'pointer',
          fontWeight: 700,
          opacity: busy ? 0.5 : 1,
          '&:focus-within': { outline: '2px solid', outlineColor: 'text.primary' },
        }}
      >
        {t('chooseFiles')}
        <Box
          component="input"
          id={inputId}
          type="file"
          multiple
          accept={UPLOAD_ACCEPT}
          disabled={busy}
          onChange={picked}
          data-testid="upload-input"
          sx={{ position: 'absolute', width: '1px', height: '1px', opacity: 0, overflow: 'hidden' }}
        />
      </Box>
      {problems.length > 0 && (
        <Box
          component="ul"
          role="alert"
          data-testid="upload-problems"
          sx={{ color: 'error.main', pl: 2.5, mb: 0 }}
        >
          {problems.map((problem) => (
            <li key={`${problem.kind}:${problem.file}`}>
              {t(problem.kind === 'type' ? 'invalidType' : 'tooLarge', { file: problem.file })}
            </li>
          ))}
        </Box>
      )}
      {rows.length > 0 && (
        <Box
          component="ul"
          data-testid="upload-files"
          sx={{ listStyle: 'none', p: 0, mb: 0, display: 'grid', gap: 1.5 }}
        >
          {rows.map((row, index) => (
            <UploadRow key={`${index}:${row.name}`} row={row} />
          ))}
        </Box>
      )}
      {sent.length > 0 && !busy && (
        <Button
          variant="contained"
          sx={{ mt: 2, minHeight: 44 }}
          onClick={() => onComplete({ kind: 'attachments', attachments: sent })}
        >
          {t('addUploaded')}
        </Button>
      )}
      <YourUploads />
    </DialogFrame>
  );
}

function UploadRow({ row }: { row: Row }) {
  const t = useT(dialogMessages);
  const percent = Math.round(row.progress * 100);
  const status =
    row.state === 'waiting'
      ? t('waiting')
      : row.state === 'preparing'
        ? t('preparing')
        : row.state === 'uploading'
          ? t('uploading', { percent })
          : row.state === 'done'
            ? t('uploaded')
            : t('failed');
  return (
    <Box component="li" data-testid="upload-file" data-state={row.state}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, fontSize: '0.95rem' }}>
        <Box
          component="span"
          sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {row.name}
        </Box>
        <Box component="span" sx={{ flexShrink: 0, color: 'text.secondary' }}>
          {status}
        </Box>
      </Box>
      <Box
        role="progressbar"
        aria-label={t('uploadProgress', { file: row.name })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        sx={{ mt: 0.5, height: 6, borderRadius: 3, bgcolor: 'action.hover', overflow: 'hidden' }}
      >
        <Box
          sx={{
            height: '100%',
            width: `${percent}%`,
            bgcolor: row.state === 'failed' ? 'error.main' : 'primary.main',
            transition: 'width 150ms linear',
          }}
        />
      </Box>
      {row.state === 'failed' && (
        <Box role="alert" sx={{ mt: 0.5, color: 'error.main', fontSize: '0.9rem' }}>
          <strong>{t('uploadFailedFor', { file: row.name })}</strong>
          {row.error ? ` — ${row.error}` : ''}
        </Box>
      )}
    </Box>
  );
}
