import type { DatesSetArg, EventClickArg } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import type { CalendarItem } from '@nexus/contracts';
import { useMemo } from 'react';
import { CALENDAR_VIEWS, type CalendarViewName, toEventInput } from '../calendar-items';
import classes from './CalendarView.module.css';

const PLUGINS = [dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin];
const VIEW_BY_NAME = Object.fromEntries(
  Object.entries(CALENDAR_VIEWS).map(([name, fc]) => [fc, name]),
) as Record<string, CalendarViewName>;
const BUTTONS = `${CALENDAR_VIEWS.month},${CALENDAR_VIEWS.week},${CALENDAR_VIEWS.day},${CALENDAR_VIEWS.list}`;

export interface CalendarViewProps {
  items: readonly CalendarItem[];
  view: CalendarViewName;
  narrow: boolean;
  onRangeChange: (range: { start: string; end: string; view: CalendarViewName }) => void;
  onOpenItem: (uid: string) => void;
}

/**
 * FullCalendar 6 with month, week, day and list views, drawn in the viewer's time zone. Loaded on
 * its own (React.lazy) so no other page carries it. Each event is a link to its page; a click opens
 * the item's details instead, where the page link and the .ics download sit side by side.
 */
export default function CalendarView({ items, view, narrow, onRangeChange, onOpenItem }: CalendarViewProps) {
  const events = useMemo(() => items.map(toEventInput), [items]);
  return (
    <div className={classes.calendar}>
      <FullCalendar
        plugins={PLUGINS}
        initialView={CALENDAR_VIEWS[view]}
        // The browser's zone: the viewer's (named zones would need a time-zone plugin).
        timeZone="local"
        views={{ listFourWeeks: { type: 'list', duration: { weeks: 4 }, buttonText: 'List' } }}
        // Words, not FullCalendar's icon fonts: those are role="img" spans without a text alternative.
        buttonIcons={false}
        buttonText={{
          prev: 'Previous',
          next: 'Next',
          today: 'Today',
          month: 'Month',
          week: 'Week',
          day: 'Day',
        }}
        headerToolbar={
          narrow
            ? { left: 'prev,next', center: 'title', right: 'today' }
            : { left: 'prev,next today', center: 'title', right: BUTTONS }
        }
        footerToolbar={narrow ? { center: BUTTONS } : false}
        height="auto"
        nowIndicator
        dayMaxEvents
        events={events}
        noEventsText="Nothing scheduled in this period."
        // One clock everywhere on the page: the item list and details use 24-hour times too.
        eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        slotLabelFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        datesSet={(arg: DatesSetArg) =>
          onRangeChange({
            start: arg.start.toISOString(),
            end: arg.end.toISOString(),
            view: VIEW_BY_NAME[arg.view.type] ?? 'month',
          })
        }
        // A day cell is named by its day number alone, so a cell holding events fails axe's
        // label-content-name-mismatch; named by its content instead, it reads the day and its events.
        dayCellDidMount={(arg) => arg.el.removeAttribute('aria-labelledby')}
        eventClick={(arg: EventClickArg) => {
          arg.jsEvent.preventDefault();
          onOpenItem(arg.event.id);
        }}
      />
    </div>
  );
}
