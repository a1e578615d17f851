import { type StatusLevel, statusColors, statusLabels } from '../utils/status';

/** A round dot in the colour of a status, named for screen readers and on hover (with why, when given). */
export function StatusDot({ status, detail }: { status: StatusLevel; detail?: string | undefined }) {
  return (
    <span
      role="img"
      aria-label={statusLabels[status]}
      title={detail ? `${statusLabels[status]}: ${detail}` : statusLabels[status]}
      data-status={status}
      style={{
        display: 'inline-block',
        flex: 'none',
        width: 10,
        height: 10,
        borderRadius: '50%',
        background: statusColors[status],
        border: '1px solid rgba(0, 0, 0, 0.15)',
        marginRight: 6,
        verticalAlign: 'middle',
      }}
    />
  );
}
