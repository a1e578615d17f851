import type { LiveLogLevel } from '@syrx/contracts/live-logs';
import { serviceLogLevels, type ServiceLogLevel } from '@syrx/contracts/service-logs';
import { pino } from 'pino';

/** pino's numeric level of each service log level (TRACE 10 … FATAL 60). */
export const pinoLevelOf: Record<ServiceLogLevel, number> = { TRACE: 10, DEBUG: 20, INFO: 30, WARN: 40, ERROR: 50, FATAL: 60 };
/** pino's level names, for its streams. */
export const pinoLevelName: Record<ServiceLogLevel, string> = { TRACE: 'trace', DEBUG: 'debug', INFO: 'info', WARN: 'warn', ERROR: 'error', FATAL: 'fatal' };

/** The lower of two pino level names (what a logger feeding two destinations must log). */
export function lowerLevel(a: string, b: string): string {
  const { values } = pino.levels;
  return (values[a] ?? 30) <= (values[b] ?? 30) ? a : b;
}

/** The service log level of a pino level (a level between two standard ones counts as the lower). */
export function serviceLogLevel(pinoLevel: number): ServiceLogLevel {
  let found: ServiceLogLevel = 'TRACE';
  for (const name of serviceLogLevels) if (pinoLevel >= pinoLevelOf[name]) found = name;
  return found;
}

/** The journal's view of a pino level, as the live log shows it. */
export function liveLogLevel(pinoLevel: number): LiveLogLevel {
  if (pinoLevel >= 60) return 'CRIT';
  if (pinoLevel >= 50) return 'ERR';
  if (pinoLevel >= 40) return 'WARNING';
  if (pinoLevel >= 30) return 'INFO';
  return 'DEBUG';
}

/** The live log level of a journal PRIORITY (syslog 0 emerg … 7 debug). */
export function journalPriorityLevel(priority: number): LiveLogLevel {
  if (priority <= 2) return 'CRIT';
  if (priority === 3) return 'ERR';
  if (priority === 4) return 'WARNING';
  if (priority <= 6) return 'INFO';
  return 'DEBUG';
}

/** Cuts a text to fit a contract's maximum length. */
export const truncate = (text: string, max: number): string => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);
