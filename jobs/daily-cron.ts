/**
 * Schedules are rows in the jobs table: whichever drainer ticks first inserts the latest due
 * occurrence under a key naming it ("cards.sweep@2026-11-23"), and the key's uniqueness makes
 * it run once however many processes tick (two workers, a restart). Two kinds: "M H * * *",
 * once a day at H:M Kathmandu time (the nightly sweeps), and every N minutes; anything else
 * throws so a schedule never silently stops running.
 */
export const SCHEDULE_TZ = "Asia/Kathmandu";

export interface DailyTime {
  hour: number;
  minute: number;
}

export function parseDailyCron(cron: string): DailyTime {
  const fields = cron.trim().split(/\s+/);
  const match = fields.length === 5 && /^\d{1,2}$/.test(fields[0]) && /^\d{1,2}$/.test(fields[1]) && fields.slice(2).every((f) => f === "*");
  const minute = Number(fields[0]);
  const hour = Number(fields[1]);
  if (!match || minute > 59 || hour > 23) {
    throw new Error(`Only daily crons "M H * * *" (or everyMinutes) are supported; got "${cron}".`);
  }
  return { hour, minute };
}

const clock = new Intl.DateTimeFormat("en-GB", {
  timeZone: SCHEDULE_TZ,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** Kathmandu wall-clock parts of an instant. */
export function kathmanduClock(at: Date): { day: string; hour: number; minute: number } {
  const parts = Object.fromEntries(clock.formatToParts(at).map((p) => [p.type, p.value]));
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

/** A job a module wants run on a schedule (TimsModule.schedules). */
export interface JobSchedule {
  job: string;
  /** "M H * * *", Kathmandu time. */
  cron?: string;
  /** Or every this many minutes (from the epoch, so every process agrees on the periods). */
  everyMinutes?: number;
  data?: unknown;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The key of the schedule's latest occurrence at or before `now`. A process that starts after
 * missing occurrences (downtime) inserts the latest one at once: a catch-up run.
 */
export function scheduleKey(schedule: JobSchedule, now: Date = new Date()): string {
  if (schedule.everyMinutes !== undefined) {
    const every = schedule.everyMinutes * 60_000;
    if (!Number.isFinite(every) || every <= 0) throw new Error(`${schedule.job}: everyMinutes must be positive`);
    return `${schedule.job}@${new Date(Math.floor(now.getTime() / every) * every).toISOString()}`;
  }
  if (!schedule.cron) throw new Error(`${schedule.job}: a schedule needs cron or everyMinutes`);
  const at = parseDailyCron(schedule.cron);
  const clock = kathmanduClock(now);
  const reached = clock.hour > at.hour || (clock.hour === at.hour && clock.minute >= at.minute);
  const day = reached ? clock.day : kathmanduClock(new Date(now.getTime() - DAY_MS)).day;
  return `${schedule.job}@${day}`;
}
