// Every recording, a page at a time: the next page loads when the end of the list scrolls into
// view, until the last page ends the query.
import { useEffect, useRef } from "react";
import { infiniteListing } from "session-recordings-api/query";
import { $api } from "./api.js";
import { ErrorState } from "./ErrorState.js";
import { useInView } from "./useInView.js";

const path = "/api/environments/{project_id}/session_recordings/";

export function Recordings({ projectId }: { projectId: string }) {
  const scroller = useRef<HTMLDivElement>(null);
  const end = useRef<HTMLParagraphElement>(null);
  const nearEnd = useInView(end, scroller);
  const recordings = $api.useInfiniteQuery("get", path, { params: { path: { project_id: projectId }, query: { limit: 20 } } }, infiniteListing(path));
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = recordings;

  // Also re-runs when a page arrives, so the end that stays in view keeps loading.
  useEffect(() => {
    if (nearEnd && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [nearEnd, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const shown = recordings.data?.pages.flatMap((page) => page.results) ?? [];
  const status =
    recordings.isPending || isFetchingNextPage
      ? "Loading recordings…"
      : recordings.isError
        ? `${shown.length} loaded before the error`
        : hasNextPage
          ? `${shown.length} loaded`
          : `All ${shown.length} recordings loaded`;
  return (
    <section>
      <h2>Recordings</h2>
      <div className="scroller" ref={scroller}>
        <ul aria-label="Recordings">
          {shown.map((recording) => (
            <li key={recording.id}>
              <span>{recording.person?.name ?? recording.distinct_id}</span>
              <span>{recording.recording_duration} s</span>
            </li>
          ))}
        </ul>
        <p ref={end}>{status}</p>
      </div>
      {recordings.isError && <ErrorState title="Could not load recordings" error={recordings.error} />}
    </section>
  );
}
