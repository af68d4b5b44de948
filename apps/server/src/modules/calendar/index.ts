/**
 * The calendar: its routes, and the extension point through which areas add what they date for a
 * user (learning's live sessions and program dates today; events, competitions, experts later).
 */
export { registerCalendar } from './routes';
export { addCalendarSource, type CalendarRange, type CalendarSource } from './sources';
