import { AbortReason, ErrorClass, ErrorCode } from '@bacnet-js/client';

/** What went wrong with a BACnet request, typed from the library's error strings. */
export type BacnetErrorKind = 'timeout' | 'error' | 'abort' | 'closed' | 'other';

const enumName = (table: Record<number, string>, value: number | undefined) =>
  value === undefined ? '?' : (table[value] ?? String(value)).toLowerCase().replace(/_/g, '-');

export class BacnetError extends Error {
  constructor(
    readonly kind: BacnetErrorKind,
    message: string,
    readonly errorClass?: number,
    readonly errorCode?: number,
    /** Abort or Reject reason: the library reports both as "BacnetAbort - Reason:n", so they cannot be told apart. */
    readonly reason?: number,
  ) {
    super(message);
    this.name = kind === 'error' ? 'BacnetError' : kind === 'abort' ? 'BacnetAbort' : kind === 'timeout' ? 'BacnetTimeout' : 'BacnetFailure';
  }

  static fromClassCode(errorClass: number, errorCode: number): BacnetError {
    const text = `${enumName(ErrorClass, errorClass)}: ${enumName(ErrorCode, errorCode)}`;
    return new BacnetError('error', `BACnet error ${text} (class ${errorClass}, code ${errorCode})`, errorClass, errorCode);
  }

  /** The error a device gives past the end of an array: class property (2), code invalid-array-index (42). */
  get isInvalidArrayIndex(): boolean {
    return this.kind === 'error' && this.errorClass === ErrorClass.PROPERTY && this.errorCode === ErrorCode.INVALID_ARRAY_INDEX;
  }

  /** unknown-property (or unknown-object): what an optional property the device does not have answers. */
  get isUnknownProperty(): boolean {
    return this.kind === 'error' && this.errorCode === ErrorCode.UNKNOWN_PROPERTY;
  }

  get isUnknownObject(): boolean {
    return this.kind === 'error' && this.errorCode === ErrorCode.UNKNOWN_OBJECT;
  }

  /**
   * The reply would not fit one APDU: Abort segmentation-not-supported (4), buffer-overflow (1) or
   * apdu-too-long (11); Reject buffer-overflow (1) reads the same.
   */
  get isTooLarge(): boolean {
    const r = this.reason;
    return this.kind === 'abort' && (r === AbortReason.SEGMENTATION_NOT_SUPPORTED || r === AbortReason.BUFFER_OVERFLOW || r === AbortReason.APDU_TOO_LONG);
  }

  /**
   * The device does not implement the service: Reject unrecognized-service (9, which the library reports as
   * "BacnetAbort - Reason:9"), or an Error of class services such as the library's own reject-unrecognized-service.
   */
  get isServiceUnsupported(): boolean {
    if (this.kind === 'abort') return this.reason === 9;
    return this.kind === 'error' && this.errorClass === ErrorClass.SERVICES &&
      (this.errorCode === ErrorCode.REJECT_UNRECOGNIZED_SERVICE || this.errorCode === ErrorCode.SERVICE_REQUEST_DENIED);
  }
}

export function toBacnetError(err: unknown): BacnetError {
  if (err instanceof BacnetError) return err;
  const message = err instanceof Error ? err.message : String(err);
  const e = /BacnetError - Class:(\d+) - Code:(\d+)/.exec(message);
  if (e) return BacnetError.fromClassCode(Number(e[1]), Number(e[2]));
  const a = /BacnetAbort - Reason:(\d+)/.exec(message);
  if (a) return new BacnetError('abort', `BACnet abort or reject, reason ${enumName(AbortReason, Number(a[1]))} (${a[1]})`, undefined, undefined, Number(a[1]));
  if (message === 'ERR_TIMEOUT') return new BacnetError('timeout', 'The device did not answer in time');
  if (message === 'ERR_CLOSED') return new BacnetError('closed', 'The BACnet interface is closed');
  return new BacnetError('other', message);
}
