import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ResponseData } from '@syrx/contracts/realtime';
import { BacnetError } from '../bacnet/bacnet-errors.ts';
import { answerRequest, exceptionTypeOf } from './service-module.ts';

const answerTo = async (fail: () => never): Promise<ResponseData | undefined> => {
  let last: ResponseData | undefined;
  await answerRequest(async () => fail(), { requestId: 'r', requestType: 'ReloadPoints' }, (d) => (last = d), new AbortController().signal);
  return last;
};

describe('exception answers', () => {
  it('names an exception with the contract\'s types only', () => {
    expect(exceptionTypeOf(new BacnetError('timeout', 'The device did not answer in time'))).toBe('BacnetTimeout');
    expect(exceptionTypeOf(z.object({ a: z.string() }).safeParse({}).error)).toBe('InvalidRequest');
    expect(exceptionTypeOf(new TypeError('x'))).toBe('Error');
    expect(exceptionTypeOf('a string')).toBe('Error');
  });

  it('carries a BACnet error\'s class and code', async () => {
    const answer = await answerTo(() => {
      throw BacnetError.fromClassCode(1, 31);
    });
    expect(answer).toMatchObject({ IsException: true, IsComplete: true, ExceptionType: 'BacnetError', BacnetErrorClass: 1, BacnetErrorCode: 31 });
  });
});
