import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { dataResponse, exceptionResponse } from '@syrx/contracts/realtime';
import { serviceIds } from '@syrx/contracts/services';
import { type RecordedCall, installFakeApi } from '../../../testing/fake-api';
import { adminUser, controllerId, fakeControllerServer } from '../../../testing/fake-controllers';
import { fakeDeviceServer } from '../../../testing/fake-devices';
import { connectedSocket } from '../../../testing/fake-socket';
import { renderApp } from '../../../testing/render-app';

vi.setConfig({ testTimeout: 20_000 });

const queryService = (c: RecordedCall) =>
  c.method === 'GET' && c.path === `/api/SyrxControllers/${controllerId}/enabled-services/${serviceIds.query}`
    ? { status: 200, body: { syrx_controller_id: controllerId, service_id: serviceIds.query, assigned_version: '*', reported_version: '1.0.0', last_contact: null } }
    : undefined;

describe('query console', () => {
  it('reads a property with the defaults and writes the value, then a device error, to the log', async () => {
    installFakeApi({ user: adminUser, handlers: [queryService, fakeDeviceServer().handler, fakeControllerServer().handler] });
    const socket = connectedSocket();
    const answers = [dataResponse({ value: 'EMS-1', values: [] }, true), exceptionResponse('BacnetError', 'BACnet error class 2 code 31')];
    const requests: Record<string, unknown>[] = [];
    socket.onStartRequest = (r) => {
      requests.push(r);
      const data = answers.shift();
      queueMicrotask(() => socket.serverEmit('server/client/request-response', { requestId: r.requestId, exception: data?.IsException ? data.ExceptionMessage : null, data }));
    };
    const { user } = renderApp(`/admin/syrx-controllers/${controllerId}/services/${serviceIds.query}`, { socket });

    expect(await screen.findByText('Query console')).toBeInTheDocument();
    const read = screen.getByText('Read property', { selector: 'button span' }).closest('button') as HTMLButtonElement;
    await user.click(read);
    expect(await screen.findByText('MAC address is required')).toBeInTheDocument();
    expect(screen.getByText('Instance number is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('MAC address'), '127.0.10.11:47808');
    await user.type(screen.getByLabelText('Network'), '0');
    await user.type(screen.getByLabelText('Instance number'), '1501');
    await user.click(read);
    const log = screen.getByRole('log', { name: 'Query log' });
    await waitFor(() => expect(log).toHaveTextContent('OBJECT_DEVICE:1501 OBJECT_NAME at 127.0.10.11:47808 [0] = EMS-1'));
    expect(requests[0]).toMatchObject({
      requestType: 'ReadProperty', syrxControllerId: controllerId, macAddress: '127.0.10.11:47808', network: 0, instanceNumber: 1501,
      objectType: 8, propertyId: 77, destinationMacAddress: null, destinationNetwork: null, propertyIndex: null,
    });

    await user.click(read);
    await waitFor(() => expect(log).toHaveTextContent('OBJECT_DEVICE:1501 OBJECT_NAME at 127.0.10.11:47808 [0]: BacnetError: BACnet error class 2 code 31'));
    expect(socket.sent('client/server/stop-request')).toEqual([{ requestId: requests[1]?.requestId }]);
  });
});
