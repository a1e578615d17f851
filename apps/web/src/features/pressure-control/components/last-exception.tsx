import { Collapse, Typography } from 'antd';
import type { PressureConfiguration } from '@syrx/contracts/pressure-control';
import { formatDateTime } from '../../../lib/date-format';
import { StatusSection } from './status-section';

/**
 * The last failure the loop reported (a sensor offline, a write refused, nothing to compute with): date, type,
 * message and the stack trace, folded. The loop goes on after a failure, so this is the last one, not the state.
 */
export function LastException({ configuration: c }: { configuration: PressureConfiguration }) {
  if (c.exception_date === null) {
    return (
      <StatusSection
        title="Last exception"
        items={[{ key: 'none', label: 'Date', children: 'No exception reported' }]}
      />
    );
  }
  const stack = c.exception_stack_trace;
  return (
    <StatusSection
      title="Last exception"
      items={[
        { key: 'date', label: 'Date', children: formatDateTime(c.exception_date) },
        { key: 'type', label: 'Type', children: c.exception_type ?? '' },
        { key: 'message', label: 'Message', children: <Typography.Text type="danger">{c.exception_message ?? ''}</Typography.Text> },
        {
          key: 'stack',
          label: 'Stack trace',
          children:
            stack === null || stack === '' ? (
              'None'
            ) : (
              <Collapse
                size="small"
                ghost
                items={[{ key: 'stack', label: 'Show stack trace', children: <pre style={{ margin: 0, whiteSpace: 'pre-wrap', fontSize: 12 }}>{stack}</pre> }]}
              />
            ),
        },
      ]}
    />
  );
}
