/**
 * Attendance of live sessions: its routes (which also register the completion rule of live-session
 * units). It records `attendance.recorded`; learning reacts to it (docs/events.md).
 */
export { registerAttendance } from './routes';
