/**
 * A run's trajectory as one virtualised list of rows: on the left the tree (indented by depth,
 * folding on children), on the right the waterfall (a bar from start to end on the run's
 * shared time axis). One scroll container and one virtualiser keep both halves aligned; rows
 * have a fixed height, so nothing is measured while scrolling and only the rows in view (plus
 * a few) exist in the DOM, whether the run has 10 jobs or 100,000.
 *
 * @packageDocumentation
 */

import { useVirtualizer } from "@tanstack/react-virtual";
import { type KeyboardEvent, memo, useEffect, useRef } from "react";
import type { RunJob } from "../../../../src/api/contract.ts";
import { StatusBadge } from "../../components/common.tsx";
import { formatDuration, formatMoney } from "../../lib/format.ts";
import { axisTicks, barGeometry, formatTick, type TimeAxis } from "../../lib/run-tree.ts";
import { UntrustedText } from "../../lib/untrusted-text.tsx";

/** Each row's height in pixels; fixed so the virtualiser never measures. */
const ROW_HEIGHT = 28;
/** Indentation per level, and the deepest level indented further (deeper rows show their depth). */
const INDENT_PX = 14;
const MAX_INDENT_LEVELS = 24;

/** Where a bar's label fits: after the bar, before it, or inside it when the bar spans the axis. */
function labelPlace(leftPercent: number, widthPercent: number): "after" | "before" | "inside" {
  if (leftPercent + widthPercent <= 78) return "after";
  return leftPercent >= 22 ? "before" : "inside";
}

interface RowProps {
  readonly job: RunJob;
  readonly index: number;
  readonly top: number;
  readonly folded: boolean;
  readonly selected: boolean;
  readonly axis: TimeAxis;
  readonly now: number;
  readonly onToggle: (job: RunJob) => void;
  readonly onSelect: (job: RunJob) => void;
}

/** One row: tree cell and waterfall cell. Memoised: scrolling re-renders only new rows. */
const TrajectoryRow = memo(function TrajectoryRow(props: RowProps) {
  const { job, folded, selected, axis, now } = props;
  const bar = barGeometry(job, axis, now);
  const indent = Math.min(job.depth, MAX_INDENT_LEVELS) * INDENT_PX;
  const duration = job.startedAt === null ? null : (job.endedAt ?? now) - job.startedAt;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the tree container handles the arrow keys for every row.
    <div
      className={selected ? "traj-row selected" : "traj-row"}
      style={{ transform: `translateY(${props.top}px)` }}
      onClick={() => props.onSelect(job)}
      role="treeitem"
      tabIndex={-1}
      aria-level={job.depth + 1}
      aria-expanded={job.children > 0 ? !folded : undefined}
      aria-selected={selected}
      data-index={props.index}
    >
      <div
        className="tree-cell"
        data-testid="tree-row"
        data-job-id={job.jobId}
        data-depth={job.depth}
      >
        <span className="tree-indent" style={{ width: indent }} />
        {job.children > 0 ? (
          <button
            type="button"
            className="tree-toggle"
            aria-label={folded ? "Unfold" : "Fold"}
            title={`${folded ? "Unfold" : "Fold"} ${job.children} children`}
            onClick={(event) => {
              event.stopPropagation();
              props.onToggle(job);
            }}
            data-testid="tree-toggle"
          >
            {folded ? "▸" : "▾"}
          </button>
        ) : (
          <span className="tree-toggle-space" />
        )}
        {job.depth > MAX_INDENT_LEVELS ? <span className="depth-tag">d{job.depth}</span> : null}
        <StatusBadge status={job.status} />
        <span className="ordinal mono">{job.ordinal === null ? "" : `#${job.ordinal}`}</span>
        <span className="kind">
          <UntrustedText text={job.kind} links={false} />
        </span>
        <span className="job-name">
          <UntrustedText text={job.jobName} links={false} />
        </span>
        {job.replayedFrom !== null ? (
          <span
            className="replayed"
            title="returned an earlier attempt's recorded output"
            data-testid="tree-replayed"
          >
            ↺ replayed
          </span>
        ) : null}
        <span className="tree-cost mono">{formatMoney(job.subtree.cost)}</span>
      </div>
      <div className="timeline-cell">
        {bar ? (
          <div
            className={`timeline-bar status-${job.status}${bar.open ? " open" : ""}`}
            style={{ left: `${bar.leftPercent}%`, width: `${bar.widthPercent}%` }}
            data-testid="timeline-bar"
            data-job-id={job.jobId}
            title={duration === null ? undefined : formatDuration(duration)}
          >
            <span className={`bar-label ${labelPlace(bar.leftPercent, bar.widthPercent)}`}>
              {job.ordinal === null ? "" : `#${job.ordinal} `}
              {duration === null ? "" : formatDuration(duration)}
            </span>
          </div>
        ) : job.startedAt === null ? (
          <span className="timeline-pending">not started</span>
        ) : null}
      </div>
    </div>
  );
});

/** Props of {@link Trajectory}. */
export interface TrajectoryProps {
  readonly jobs: readonly RunJob[];
  /** Indexes into `jobs` of the rows to show, from `visibleJobIndexes`. */
  readonly visible: Int32Array;
  readonly folded: ReadonlySet<string>;
  readonly selectedId: string | null;
  readonly axis: TimeAxis;
  /** When the run began: tick labels count from here, zoomed or not. */
  readonly origin: number;
  readonly now: number;
  readonly onToggle: (job: RunJob) => void;
  readonly onSelect: (job: RunJob) => void;
}

/**
 * The tree and the waterfall of a run.
 *
 * @example <Trajectory jobs={detail.jobs} visible={visible} ... />
 */
export function Trajectory(props: TrajectoryProps) {
  const { jobs, visible, folded, selectedId, axis, now } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: visible.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const ticks = axisTicks(axis, 8, props.origin);

  // Where the selected job sits among the visible rows, for the keyboard and for scrolling it
  // into view: one scan on a selection change, never per row.
  const selectedRow = useRef(-1);
  useEffect(() => {
    selectedRow.current = -1;
    if (selectedId === null) return;
    for (let row = 0; row < visible.length; row++) {
      if (jobs[visible[row]!]!.jobId === selectedId) {
        selectedRow.current = row;
        break;
      }
    }
  }, [jobs, visible, selectedId]);

  const moveTo = (row: number): void => {
    const index = visible[row];
    if (index === undefined) return;
    props.onSelect(jobs[index]!);
    virtualizer.scrollToIndex(row, { align: "auto" });
  };
  const handleKey = (event: KeyboardEvent<HTMLDivElement>): void => {
    const row = selectedRow.current;
    const job = row >= 0 ? jobs[visible[row]!] : undefined;
    if (event.key === "ArrowDown") moveTo(Math.min(visible.length - 1, row + 1));
    else if (event.key === "ArrowUp") moveTo(Math.max(0, row - 1));
    else if (event.key === "Home") moveTo(0);
    else if (event.key === "End") moveTo(visible.length - 1);
    else if (job && job.children > 0 && event.key === "ArrowLeft" && !folded.has(job.jobId))
      props.onToggle(job);
    else if (job && job.children > 0 && event.key === "ArrowRight" && folded.has(job.jobId))
      props.onToggle(job);
    else return;
    event.preventDefault();
  };

  return (
    <div className="trajectory" data-testid="run-trajectory">
      <div className="traj-head">
        <div className="tree-cell head">
          <span>Job</span>
          <span className="tree-cost">subtree cost</span>
        </div>
        <div className="timeline-cell head" data-testid="timeline-axis">
          {ticks.map((tick) => (
            <span
              key={tick.offsetMs}
              className={
                tick.percent < 4
                  ? "tick-label first"
                  : tick.percent > 96
                    ? "tick-label last"
                    : "tick-label"
              }
              style={{ left: `${tick.percent}%` }}
            >
              {formatTick(tick.offsetMs)}
            </span>
          ))}
        </div>
      </div>
      <div
        className="traj-scroll"
        ref={scrollRef}
        tabIndex={0}
        onKeyDown={handleKey}
        role="tree"
        aria-label="Jobs of the run"
        data-testid="run-tree"
      >
        <div
          className="traj-inner"
          style={{ height: virtualizer.getTotalSize() }}
          data-testid="run-timeline"
        >
          <div className="tick-lines" aria-hidden="true">
            {ticks.map((tick) => (
              <span
                key={tick.offsetMs}
                className="tick-line"
                style={{ left: `${tick.percent}%` }}
              />
            ))}
          </div>
          {virtualizer.getVirtualItems().map((item) => {
            const job = jobs[visible[item.index]!]!;
            return (
              <TrajectoryRow
                key={job.jobId}
                job={job}
                index={item.index}
                top={item.start}
                folded={folded.has(job.jobId)}
                selected={job.jobId === selectedId}
                axis={axis}
                now={now}
                onToggle={props.onToggle}
                onSelect={props.onSelect}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}
