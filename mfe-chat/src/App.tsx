import { ChatScreen } from './ChatScreen';

/**
 * The chat area (/ and /chat), the app this remote exposes. Later issues plug Quick AI Tools and
 * the '+' enhancements menu into ChatScreen's `sidebarTools` / `composerTools` mount points.
 */
export default function ChatApp() {
  return <ChatScreen />;
}
