import { useCallback } from 'react';
import { EnhancementsMenu } from './enhancements/EnhancementsMenu';
import { QuickAiTools } from './quick-actions/QuickAiTools';
import { ChatScreen } from './screen/ChatScreen';
import type { ChatToolsApi } from './shared/chat-tools';

/**
 * The chat area (/ and /chat), the app this remote exposes: the chat screen with Quick AI Tools in
 * its sidebar and the '+' enhancements menu beside its input.
 */
export default function ChatApp() {
  const sidebarTools = useCallback((api: ChatToolsApi) => <QuickAiTools api={api} />, []);
  const composerTools = useCallback((api: ChatToolsApi) => <EnhancementsMenu api={api} />, []);
  return <ChatScreen sidebarTools={sidebarTools} composerTools={composerTools} />;
}
