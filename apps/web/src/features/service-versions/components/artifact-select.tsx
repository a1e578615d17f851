import { Select } from 'antd';
import { useArtifacts } from '../api/service-versions';
import { artifactLabel } from '../utils/version-form';

interface ArtifactSelectProps {
  serviceId: string | undefined;
  /** Set by Form.Item. */
  id?: string;
  value?: number;
  onChange?: (value: number | undefined) => void;
  disabled?: boolean;
}

/** The artifacts of one service, newest first, to pick the package a version names. */
export function ArtifactSelect({ serviceId, id, value, onChange, disabled }: ArtifactSelectProps) {
  const artifacts = useArtifacts(serviceId);
  const options = (artifacts.data ?? []).map((a) => ({ value: a.id, label: artifactLabel(a) }));
  return (
    <Select<number>
      id={id}
      value={value}
      onChange={(v) => onChange?.(v)}
      allowClear
      disabled={disabled}
      loading={artifacts.isFetching}
      options={options}
      placeholder={!serviceId ? 'Choose the service first' : artifacts.isSuccess && options.length === 0 ? 'No artifacts: upload one first' : 'Choose an artifact'}
      notFoundContent={artifacts.isError ? `The artifacts could not be loaded: ${artifacts.error.message}` : undefined}
    />
  );
}
