import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { canonicalServiceId, serviceIds } from '@syrx/contracts/services';
import { areaBase } from '../features/controllers/utils/area-paths';
import { PointPickerTree } from '../features/points/components/point-picker-tree';
import { ConfigurationEditPage } from '../features/pressure-control/components/configuration-edit-page';
import { PointChoicePage } from '../features/pressure-control/components/point-choice-page';
import type { RenderPointPicker } from '../features/pressure-control/components/point-field';
import { TransmitterPage } from '../features/pressure-control/components/transmitter-page';
import { transmitterIdOf } from '../features/pressure-control/utils/pressure-paths';
import { pressureServicePath } from './service-page';

const enc = encodeURIComponent;

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

export function EditTransmitter() {
  return (
    <PressureRoute
      render={(s) => {
        const id = transmitterIdOf(s.transmitterSegment);
        return id === null ? <Navigate to={s.servicePath} replace /> : <TransmitterPage key={id} transmitterId={id} {...pageProps(s)} />;
      }}
    />
  );
}

/** The edit routes of the building pressure control service (spec 01 section 2), below a controller's service page. */
export const ConfigurationEdit = () => <PressureRoute render={(s) => <ConfigurationEditPage controllerId={s.controllerId} servicePath={s.servicePath} />} />;
export const OatSensorEdit = () => <PressureRoute render={(s) => <PointChoicePage choice="oatSensor" {...pageProps(s)} />} />;
export const PnormOutputEdit = () => <PressureRoute render={(s) => <PointChoicePage choice="pnormOutput" {...pageProps(s)} />} />;
export const NewTransmitter = () => <PressureRoute render={(s) => <TransmitterPage transmitterId={null} {...pageProps(s)} />} />;
