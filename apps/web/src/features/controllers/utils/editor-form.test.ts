import { describe, expect, it } from 'vitest';
import { type ControllerFormValues, newBbmdServerRow, optionalApduRetriesSchema, optionalApduTimeoutSchema, toEditorPlan, toFormValues } from './editor-form';

const controller = { id: '7b0e9d4e-2f7a-4c1e-9a7e-0d1f3c5b6a70', group_id: 2, group_name: 'Acme', name: 'AHU-1', description: 'Roof' };

const filled: ControllerFormValues = {
  provideBacnetConfiguration: 'yes',
  syrxController: { name: ' AHU-1 ', description: 'Roof plant ' },
  bacnetConnectionConfiguration: { ip_address: '10.0.0.5', port_num: '47809', apdu_timeout_ms: '6000', apdu_retries: '1' },
  bacnetConnectionBbmdServers: [
    { ip_address: '10.0.1.1', ip_mask: '', port_num: '' },
    { ip_address: '10.0.2.1', ip_mask: '255.255.255.0', port_num: '47810' },
  ],
};

describe('controller editor form to calls', () => {
  it('sends the connection and every BBMD server, with defaults for an empty mask or port', () => {
    expect(toEditorPlan(filled)).toEqual({
      controller: { name: 'AHU-1', description: 'Roof plant' },
      connection: { ip_address: '10.0.0.5', port_num: 47809, apdu_timeout_ms: 6000, apdu_retries: 1 },
      bbmdServers: [
        { ip_address: '10.0.1.1', ip_mask: '255.255.255.255', port_num: 47808 },
        { ip_address: '10.0.2.1', ip_mask: '255.255.255.0', port_num: 47810 },
      ],
    });
  });

  it('drops the connection and the BBMD servers when no configuration is provided', () => {
    expect(toEditorPlan({ ...filled, provideBacnetConfiguration: 'no' })).toEqual({
      controller: { name: 'AHU-1', description: 'Roof plant' },
      connection: null,
      bbmdServers: [],
    });
  });

  it('defaults the port of the connection to 47808 and its APDU timing to 3000 ms × 3 retries', () => {
    const plan = toEditorPlan({ ...filled, bacnetConnectionConfiguration: { ip_address: '10.0.0.5', port_num: '', apdu_timeout_ms: '', apdu_retries: '' }, bacnetConnectionBbmdServers: [] });
    expect(plan.connection).toEqual({ ip_address: '10.0.0.5', port_num: 47808, apdu_timeout_ms: 3000, apdu_retries: 3 });
  });
});

describe('the APDU timing fields', () => {
  it('take 100–60000 ms and 0–10 retries, and name the field that is wrong', () => {
    expect(() => toEditorPlan({ ...filled, bacnetConnectionConfiguration: { ...filled.bacnetConnectionConfiguration, apdu_timeout_ms: '50' } })).toThrow('APDU timeout: 100 to 60000 ms');
    expect(() => toEditorPlan({ ...filled, bacnetConnectionConfiguration: { ...filled.bacnetConnectionConfiguration, apdu_retries: '11' } })).toThrow('APDU retries: 0 to 10');
    expect(optionalApduTimeoutSchema.safeParse('').success).toBe(true);
    expect(optionalApduRetriesSchema.safeParse('x').success).toBe(false);
  });
});

describe('controller editor starting values', () => {
  it('starts a new controller without configuration and the default port', () => {
    expect(toFormValues()).toEqual({
      provideBacnetConfiguration: 'no',
      syrxController: { name: '', description: '' },
      bacnetConnectionConfiguration: { ip_address: '', port_num: '47808', apdu_timeout_ms: '3000', apdu_retries: '3' },
      bacnetConnectionBbmdServers: [],
    });
  });

  it('shows what the server holds and says yes when a connection exists', () => {
    const connection = { syrx_controller_id: controller.id, ip_address: '10.0.0.5', port_num: 47808, apdu_timeout_ms: 5000, apdu_retries: 2 };
    const bbmd = [{ syrx_controller_id: controller.id, ip_address: '10.0.1.1', ip_mask: '255.255.255.255', port_num: 47808 }];
    expect(toFormValues(controller, connection, bbmd)).toMatchObject({
      provideBacnetConfiguration: 'yes',
      syrxController: { name: 'AHU-1', description: 'Roof' },
      bacnetConnectionConfiguration: { ip_address: '10.0.0.5', port_num: '47808', apdu_timeout_ms: '5000', apdu_retries: '2' },
      bacnetConnectionBbmdServers: [{ ip_address: '10.0.1.1', ip_mask: '255.255.255.255', port_num: '47808' }],
    });
  });

  it('adds BBMD server rows with the default mask and port', () => {
    expect(newBbmdServerRow()).toEqual({ ip_address: '', ip_mask: '255.255.255.255', port_num: '47808' });
  });
});
