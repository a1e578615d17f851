import { type DragEvent, useRef, useState } from 'react';
import { Alert, App, Button, Empty, Flex, Result, Splitter, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useCurrentUser } from '../../../lib/session';
import { useQueueMoveJobs } from '../api/move-jobs';
import { type MovePoint, type QueueEntry, entryProblem, newQueueEntry, samePoint, toMoveItem } from '../utils/move-item';
import { MovePointTree, treePanelHeight } from './move-point-tree';
import { QueueEntryRow } from './queue-entry-row';
import { permissionWithKey } from '@syrx/contracts/permissions';

const listPath = '/admin/move-vendor-point-data';
/** Tall enough that the top pane (80 %) holds the two 800 px tree panels with their headers. */
const splitterHeight = Math.ceil((treePanelHeight + 120) / 0.8);
const dragType = 'application/x-syrx-move-point';
const sourceHint = 'Drag a point from here onto a destination point, or select it (click, or arrow keys and Enter).';
const destinationHint = 'Drop a source point onto a point here, or select a point and press Add selected points.';

/**
 * The queue of moves, held by the wizard itself: it starts empty whenever the wizard opens and is gone when it
 * closes (spec 02 section 4).
 */
function useQueue() {
  const [entries, setEntries] = useState<QueueEntry[]>([]);
  const nextId = useRef(1);
  return {
    entries,
    add: (source: MovePoint, destination: MovePoint) => {
      const id = nextId.current++;
      setEntries((list) => [...list, newQueueEntry(id, source, destination)]);
    },
    update: (entry: QueueEntry) => setEntries((list) => list.map((e) => (e.id === entry.id ? entry : e))),
    remove: (id: number) => setEntries((list) => list.filter((e) => e.id !== id)),
  };
}

function Wizard() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const queue = useQueue();
  const submit = useQueueMoveJobs();
  const [tried, setTried] = useState(false);
  const [source, setSource] = useState<MovePoint | null>(null);
  const [destination, setDestination] = useState<MovePoint | null>(null);
  // The point being dragged from the source tree (a drop needs it; the drag data itself is only readable on drop).
  const dragged = useRef<MovePoint | null>(null);

  const addEntry = (from: MovePoint, to: MovePoint) => {
    if (samePoint(from, to)) {
      void message.warning('A point cannot be moved onto itself.');
      return;
    }
    queue.add(from, to);
  };

  // Issue 24: without a mouse, pick a point in each tree (click, or arrows and Enter) and add the pair.
  const addSelected = () => {
    if (!source || !destination) return;
    addEntry(source, destination);
    setDestination(null);
  };

  const sourceLeaf = (point: MovePoint) => ({
    draggable: true,
    onDragStart: (e: DragEvent) => {
      dragged.current = point;
      e.dataTransfer?.setData(dragType, point.name);
      e.dataTransfer?.setData('text/plain', point.name);
      if (e.dataTransfer) e.dataTransfer.effectAllowed = 'copy';
    },
    onDragEnd: () => {
      dragged.current = null;
    },
  });
  const destinationLeaf = (point: MovePoint) => ({
    onDragOver: (e: DragEvent) => {
      if (dragged.current === null) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    },
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      const from = dragged.current;
      dragged.current = null;
      if (from) addEntry(from, point);
    },
  });

  const onSubmit = () => {
    setTried(true);
    if (queue.entries.some((e) => entryProblem(e) !== null)) return;
    submit.mutate(queue.entries.map(toMoveItem), { onSuccess: () => void navigate(listPath) });
  };

  return (
    <Flex vertical gap={12}>
      <Flex gap={16} align="center" wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          New vendor point data move
        </Typography.Title>
        <Button type="primary" disabled={queue.entries.length === 0} loading={submit.isPending} onClick={onSubmit}>
          Submit
        </Button>
        <Link to={listPath}>Cancel</Link>
      </Flex>
      {submit.isError && <Alert type="error" showIcon role="alert" title="The moves could not be queued" description={submit.error.message} />}
      <Splitter orientation="vertical" style={{ height: splitterHeight, border: '1px solid rgba(5, 5, 5, 0.06)' }}>
        <Splitter.Panel defaultSize="80%" min="20%">
          <Flex gap={12} style={{ padding: 8 }}>
            <MovePointTree label="Source" hint={sourceHint} leafProps={sourceLeaf} selected={source} onSelect={setSource} />
            <MovePointTree label="Destination" hint={destinationHint} leafProps={destinationLeaf} selected={destination} onSelect={setDestination} />
          </Flex>
        </Splitter.Panel>
        <Splitter.Panel min="10%">
          <Flex vertical style={{ padding: 8 }} role="region" aria-label="Queue">
            <Flex gap={12} align="center">
              <Typography.Title level={5} style={{ margin: 0 }}>
                Queue ({queue.entries.length})
              </Typography.Title>
              <Button type="primary" size="small" disabled={!source || !destination} onClick={addSelected}>
                Add selected points
              </Button>
              <Typography.Text type="secondary" aria-live="polite" data-testid="selected-pair">
                Source: {source?.name ?? 'none selected'} · Destination: {destination?.name ?? 'none selected'}
              </Typography.Text>
            </Flex>
            {queue.entries.length === 0 ? (
              <Empty description="Drag a source point onto a destination point, or select one in each tree and Add selected points, to queue a move." image={Empty.PRESENTED_IMAGE_SIMPLE} />
            ) : (
              queue.entries.map((entry) => (
                <QueueEntryRow key={entry.id} entry={entry} showProblem={tried} onChange={queue.update} onRemove={() => queue.remove(entry.id)} />
              ))
            )}
          </Flex>
        </Splitter.Panel>
      </Splitter>
    </Flex>
  );
}

/**
 * /admin/move-vendor-point-data/new: queue moves of point records by dragging source points onto destination points, or
 * by selecting a point in each tree (mouse or keyboard) and adding the pair.
 */
export function MoveWizard() {
  const allowed = useCurrentUser().permissions.includes('move_vendor_point_records');
  if (!allowed) return <Result status="403" title="Not allowed" subTitle={`Moving vendor point data needs the permission ${permissionWithKey('move_vendor_point_records')}.`} />;
  return <Wizard />;
}
