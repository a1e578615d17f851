/** What the simulator logs through: pino and console both fit. */
export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

const nothing = () => undefined;
export const silentLogger: Logger = { debug: nothing, info: nothing, warn: nothing, error: nothing };

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
const levels: LogLevel[] = ['debug', 'info', 'warn', 'error'];

/** Console output from `level` up, each line stamped with the time (for the CLI). */
export function consoleLogger(level: LogLevel): Logger {
  const at = (wanted: LogLevel, write: (line: string) => void) => (message: string) => {
    if (levels.indexOf(wanted) >= levels.indexOf(level)) write(`${new Date().toISOString()} ${wanted.padEnd(5)} ${message}`);
  };
  return { debug: at('debug', console.log), info: at('info', console.log), warn: at('warn', console.warn), error: at('error', console.error) };
}
