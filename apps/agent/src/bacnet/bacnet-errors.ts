/** What went wrong with a BACnet request, typed from the library's error strings. */
export type BacnetErrorKind = 'timeout' | 'error' | 'abort' | 'closed' | 'other';

export class BacnetError extends Error {
  constructor(
    readonly kind: BacnetErrorKind,
    message: string,
    readonly errorClass?: number,
    readonly errorCode?: number,
    readonly reason?: number,
  ) {
    super(message);
    this.name = kind === 'error' ? 'BacnetError' : kind === 'abort' ? 'BacnetAbort' : kind === 'timeout' ? 'BacnetTimeout' : 'BacnetFailure';
  }

  /** The error a device gives past the end of an array: class property (2), code invalid-array-index (42). */
  get isInvalidArrayIndex(): boolean {
    return this.kind === 'error' && this.errorClass === 2 && this.errorCode === 42;
  }

  /** Abort reason segmentation-not-supported (4), or buffer-overflow (1): the reply would not fit one APDU. */
  get isTooLarge(): boolean {
    return this.kind === 'abort' && (this.reason === 4 || this.reason === 1);
  }
}

export function toBacnetError(err: unknown): BacnetError {
  if (err instanceof BacnetError) return err;
  const message = err instanceof Error ? err.message : String(err);
  const e = /BacnetError - Class:(\d+) - Code:(\d+)/.exec(message);
  if (e) return new BacnetError('error', `BACnet error class ${e[1]} code ${e[2]}`, Number(e[1]), Number(e[2]));
  const a = /BacnetAbort - Reason:(\d+)/.exec(message);
  if (a) return new BacnetError('abort', `BACnet abort (reason ${a[1]})`, undefined, undefined, Number(a[1]));
  if (message === 'ERR_TIMEOUT') return new BacnetError('timeout', 'The device did not answer in time');
  if (message === 'ERR_CLOSED') return new BacnetError('closed', 'The BACnet interface is closed');
  return new BacnetError('other', message);
}
