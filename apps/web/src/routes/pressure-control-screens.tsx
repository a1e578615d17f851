import type { ReactNode } from 'react';
import { Navigate, type RouteObject, useParams } from 'react-router';
import { canonicalServiceId, serviceIds } from '@syrx/contracts/services';
import { areaBase } from '../features/controllers/utils/area-paths';
import { PointPickerTree } from '../features/points/components/point-picker-tree';
import { ConfigurationEditPage } from '../features/pressure-control/components/configuration-edit-page';
import { PointChoicePage } from '../features/pressure-control/components/point-choice-page';
import type { RenderPointPicker } from '../features/pressure-control/components/point-field';
import { PressureStatusPanel } from '../features/pressure-control/components/pressure-status-panel';
import { TransmitterPage } from '../features/pressure-control/components/transmitter-page';
import { pressureRoutes, transmitterIdOf } from '../features/pressure-control/utils/pressure-paths';

const enc = encodeURIComponent;

/** The pressure service's page in the current area: its edit routes live there, so both areas' panels lead there. */
const pressureServicePath = (controllerId: string) => `${areaBase}/${enc(controllerId)}/services/${serviceIds.pressure}`;

const pointPicker = (controllerId: string): RenderPointPicker => (onPick) => <PointPickerTree controllerId={controllerId} onPick={onPick} />;

interface PressureScreen {
  controllerId: string;
  servicePath: string;
  renderPointPicker: RenderPointPicker;
  transmitterSegment: string | undefined;
}

/** An edit route of the pressure service; under another service's page it goes to that page. */
function PressureRoute({ render }: { render: (screen: PressureScreen) => ReactNode }) {
  const params = useParams();
  const controllerId = params.syrxControllerId ?? '';
  const serviceId = params.serviceId ?? '';
  if (canonicalServiceId(serviceId) !== serviceIds.pressure) return <Navigate to={`${areaBase}/${enc(controllerId)}/services/${enc(serviceId)}`} replace />;
  const screen = { controllerId, servicePath: pressureServicePath(controllerId), renderPointPicker: pointPicker(controllerId), transmitterSegment: params.syrxControllerBuildingPressureTransmitterId };
  return <>{render(screen)}</>;
}

const pageProps = ({ controllerId, servicePath, renderPointPicker }: PressureScreen) => ({ controllerId, servicePath, renderPointPicker });

function EditTransmitter() {
  return (
    <PressureRoute
      render={(s) => {
        const id = transmitterIdOf(s.transmitterSegment);
        return id === null ? <Navigate to={s.servicePath} replace /> : <TransmitterPage key={id} transmitterId={id} {...pageProps(s)} />;
      }}
    />
  );
}

const under = (segment: string) => `services/:serviceId/${segment}`;

/** The edit routes of the building pressure control service (spec 01 section 2), below a controller. */
export const pressureScreens: RouteObject[] = [
  { path: under(pressureRoutes.configuration), element: <PressureRoute render={(s) => <ConfigurationEditPage controllerId={s.controllerId} servicePath={s.servicePath} />} /> },
  { path: under(pressureRoutes.oatSensor), element: <PressureRoute render={(s) => <PointChoicePage choice="oatSensor" {...pageProps(s)} />} /> },
  { path: under(pressureRoutes.pnormOutput), element: <PressureRoute render={(s) => <PointChoicePage choice="pnormOutput" {...pageProps(s)} />} /> },
  { path: under(pressureRoutes.newTransmitter), element: <PressureRoute render={(s) => <TransmitterPage transmitterId={null} {...pageProps(s)} />} /> },
  { path: under(pressureRoutes.editTransmitter), element: <EditTransmitter /> },
];

/** The status panel of the pressure service's page, in either area. */
export const pressurePanel = (controllerId: string) => <PressureStatusPanel controllerId={controllerId} servicePath={pressureServicePath(controllerId)} />;
