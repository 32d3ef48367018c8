import { z } from 'zod';
import { companyEntity } from './base';
import { commentField, idField, isoDateField, listOf, requiredText } from './fields';

/**
 * A technician's day at one customer (docs/architecture.md "Day plan"): the day, the assigned
 * technician (a user id), the customer's locations visited and the machines in the order the
 * technician goes through them. Office staff write it (rules/day-plan `canPlanDays`); the
 * server hands it to the assigned technician and the planners only, never to customer users.
 * A day at two customers is two plans.
 */
const dayPlan = companyEntity({
  date: isoDateField(),
  /** The user the plan is for (a staff account's id). */
  technicianId: requiredText(64),
  /** The customer's locations of the visit; empty: the customer as a whole. */
  locationIds: listOf(idField()).default([]),
  /** The machines to visit, in the order planned. */
  machineIds: listOf(idField()).default([]),
  note: commentField(),
});
export const dayPlanSchema = dayPlan.row;
export const dayPlanCreateSchema = dayPlan.create;
export const dayPlanUpdateSchema = dayPlan.update;
export type DayPlan = z.infer<typeof dayPlanSchema>;
export type DayPlanCreate = z.input<typeof dayPlanCreateSchema>;
export type DayPlanUpdate = z.infer<typeof dayPlanUpdateSchema>;

/**
 * `GET /api/dayplan/technicians` (planners only): the staff accounts with the DGUV role a plan
 * can be made for, by name.
 */
export const technicianSchema = z.object({ id: z.string(), name: z.string() });
export type Technician = z.infer<typeof technicianSchema>;
export const technicianListSchema = z.array(technicianSchema);
export const TECHNICIANS_PATH = '/api/dayplan/technicians';
