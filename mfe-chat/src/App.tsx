import { useCallback } from 'react';
import { QuickAiTools } from './quick-actions/QuickAiTools';
import { ChatScreen, type ChatToolsApi } from './screen/ChatScreen';

/**
 * The chat area (/ and /chat), the app this remote exposes: the chat screen with Quick AI Tools in
 * its sidebar. A later issue plugs the '+' enhancements menu into ChatScreen's `composerTools`.
 */
export default function ChatApp() {
  const sidebarTools = useCallback((api: ChatToolsApi) => <QuickAiTools api={api} />, []);
  return <ChatScreen sidebarTools={sidebarTools} />;
}
