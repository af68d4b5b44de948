// What other areas may use from messaging: the header's unread-messages icon.
export { UnreadMessagesButton } from './components/UnreadMessagesButton';
