import type { ReactNode } from 'react';
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

/** Panels built by other features, composed in by the route. */
export type ServicePanelElements = Partial<Record<ServiceId, ReactNode>>;

/** The panel of a service: the one the route gives, else a note that it is not yet available in this version. */
export function ServicePanels({ serviceId, built = {} }: { serviceId: ServiceId | null; built?: ServicePanelElements }) {
  if (serviceId === null) return null;
  if (built[serviceId] !== undefined) return <>{built[serviceId]}</>;
  const panel = panels[serviceId];
  if (!panel) return null;
  return (
    <Card size="small" title={panel.title}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {`This panel (${panel.holds}) is not yet available in this version of Syrx Console.`}
      </Typography.Paragraph>
    </Card>
  );
}
