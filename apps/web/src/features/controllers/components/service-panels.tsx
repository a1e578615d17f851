import { Card, Typography } from 'antd';
import { type ServiceId, serviceIds } from '@syrx/contracts/services';

/** The service-specific panels of a service's page (spec 01 section 2), by service. */
const panels: Partial<Record<ServiceId, { title: string; holds: string }>> = {
  [serviceIds.query]: { title: 'Query console', holds: 'Read property and Discover devices, with a log area' },
  [serviceIds.diagnostic]: { title: 'Diagnostics', holds: 'process information, network interface information and RabbitMQ metrics' },
  [serviceIds.reporting]: { title: 'Points', holds: 'the points selected for reporting' },
  [serviceIds.control]: { title: 'Terminal', holds: 'a terminal to the controller' },
  [serviceIds.pressure]: { title: 'Building pressure control', holds: 'the status and configuration of the building pressure control service' },
};

/** The panel of a service, each marked as not yet available in this version. */
export function ServicePanels({ serviceId }: { serviceId: ServiceId | null }) {
  const panel = serviceId === null ? undefined : panels[serviceId];
  if (!panel) return null;
  return (
    <Card size="small" title={panel.title}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {`This panel (${panel.holds}) is not yet available in this version of Syrx Console.`}
      </Typography.Paragraph>
    </Card>
  );
}
