import { apiFetch } from '@kasa/api-client';
import type { DeleteAccountRequest, DeleteAccountResponse } from '@kasa/contracts';

export const deleteAccount = (body: DeleteAccountRequest) =>
  apiFetch<DeleteAccountResponse>('/api/account', { method: 'DELETE', body });
