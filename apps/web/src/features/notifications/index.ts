// What other areas may use from notifications: the header bell (the frame adds it).
export { NotificationBell } from './components/NotificationBell';
