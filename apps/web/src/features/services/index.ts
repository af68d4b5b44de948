// What other areas may use from services: a volunteer's hours, for their profile page.
export { VolunteerHoursCard } from './components/VolunteerHoursCard';
