import type { Db } from '../../db/types';
import type { users } from '../../db/schema';

/** What every part of the demo organisation is written against: the database and the clock. */
export interface DemoWorld {
  db: Db;
  now: Date;
  /** The organisation's zone. */
  zone: string;
  /** Today in the organisation's zone (YYYY-MM-DD). */
  today: string;
  /** The instant of a wall-clock time on a day in the organisation's zone. */
  at: (date: string, time: string) => Date;
}

export type Person = typeof users.$inferSelect;

/** The demo's cast: the admin, the two managers and the employees (in that order). */
export interface Cast {
  admin: Person;
  maria: Person;
  james: Person;
  employees: Person[];
  /** "First Last" of a user id of the cast ('Someone' for none). */
  nameOf: (id: string | null) => string;
}
