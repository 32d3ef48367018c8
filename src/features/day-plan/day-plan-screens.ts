/** The day plan feature's screens, loaded lazily by the route table. */
export { DayPlanScreen } from './day-plan-screen';
export { MyDayScreen } from './my-day-screen';
