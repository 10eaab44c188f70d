/** A stored idempotency key of a chat send: its request's hash and what its send created. */
export interface SendKey {
  requestHash: string;
  /** Null only on a key claimed before sends stored their key and ids in one statement. */
  sent: { conversationId: string; userMessageId: string; assistantMessageId: string } | null;
  createdAt: Date;
}

/** A row of chat_send_keys (the ids are nullable columns). */
export interface SendKeyRow {
  request_hash: string;
  conversation_id: string | null;
  user_message_id: string | null;
  assistant_message_id: string | null;
  created_at: Date;
}

export function toSendKey(row: SendKeyRow): SendKey {
  const { conversation_id, user_message_id, assistant_message_id } = row;
  return {
    requestHash: row.request_hash,
    sent:
      conversation_id && user_message_id && assistant_message_id
        ? {
            conversationId: conversation_id,
            userMessageId: user_message_id,
            assistantMessageId: assistant_message_id,
          }
        : null,
    createdAt: row.created_at,
  };
}
